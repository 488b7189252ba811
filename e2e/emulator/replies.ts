/**
 * Every answer the emulator can give, with the literal bodies of operately-api.md §2–§3.
 *
 * Content types follow what real servers do: plain-text bodies say text/plain, Phoenix's own error
 * pages and successful answers say application/json, and the API framework's `{"error": …}` bodies are
 * written with no content type at all, so clients must read the body as text and then try JSON.
 */

export interface Reply {
  status: number
  body: string
  /** null: no Content-Type header. */
  contentType: string | null
  /** Answers made by a proxy in front of the server carry no x-operately-version. */
  fromProxy?: boolean
  /** Seconds for a `Retry-After` header of this answer alone. */
  retryAfter?: number
}

const proxyTitles: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
  504: 'Gateway Time-out',
}

/** Thrown anywhere in the pipeline to answer with `reply`. */
export class ApiError extends Error {
  constructor(readonly reply: Reply) {
    super(`${reply.status} ${reply.body}`)
    this.name = 'ApiError'
  }
}

const TEXT = 'text/plain; charset=utf-8'
const JSON_TYPE = 'application/json; charset=utf-8'

export const text = (status: number, body: string): Reply => ({ status, body, contentType: TEXT })
export const json = (status: number, value: unknown): Reply => ({
  status,
  body: JSON.stringify(value),
  contentType: JSON_TYPE,
})
/** JSON written by the API framework without a content type. */
const untypedJson = (status: number, value: unknown): Reply => ({
  status,
  body: JSON.stringify(value),
  contentType: null,
})

export const replies = {
  ok: (value: unknown): Reply => json(200, value),
  unauthorized: (): Reply => text(401, 'Unauthorized'),
  readOnlyToken: (): Reply => text(403, 'Read-only API tokens cannot execute mutations'),
  forbidden: (): Reply =>
    untypedJson(403, { error: 'Forbidden', message: "You don't have permission to perform this action" }),
  notFound: (message = 'The requested resource was not found'): Reply =>
    untypedJson(404, { error: 'Not found', message }),
  queryNotFound: (): Reply => text(404, 'Query not found'),
  mutationNotFound: (): Reply => text(404, 'Mutation not found'),
  pathNotFound: (): Reply => text(404, 'Not Found'),
  badRequest: (message: string): Reply => untypedJson(400, { error: 'Bad request', message }),
  /** Phoenix's body parser rejecting malformed JSON. */
  malformedJson: (): Reply => json(400, { errors: { detail: 'Bad Request' } }),
  methodNotAllowed: (): Reply => text(405, 'Method Not Allowed'),
  notAcceptable: (): Reply => text(406, 'Not Acceptable'),
  /** An operation that returned an error: the documented "handler failure" body. */
  handlerFailure: (): Reply =>
    untypedJson(500, { error: 'Internal server error', message: 'An unexpected error occurred' }),
  /** An exception inside the handler (e.g. decoding bad JSON), rendered by Phoenix. */
  crash: (): Reply => json(500, { errors: { detail: 'Internal Server Error' } }),
  /** The short 500 body some handlers send (e.g. an unparseable date). */
  internalError: (): Reply => untypedJson(500, { error: 'Internal server error' }),
  /** nginx's own error page for a status (502 when the app is down, 504 when it answered too slowly). */
  proxyPage: (status: number): Reply => {
    const title = `${status} ${proxyTitles[status] ?? 'Error'}`
    return {
      status,
      contentType: 'text/html',
      fromProxy: true,
      body:
        `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n` +
        `<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
    }
  },
  /** A cloud gateway's JSON error (API-gateway style), with no x-operately-version. */
  proxyJson: (status: number): Reply => ({
    ...json(status, { message: proxyTitles[status] ?? 'Error' }),
    fromProxy: true,
  }),
  /** What nginx answers when the app behind it is down. */
  badGatewayHtml: (): Reply => ({
    status: 502,
    contentType: 'text/html',
    fromProxy: true,
    body:
      '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n' +
      '<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
  }),
}
