/**
 * Every answer the emulator can give, with the literal bodies of operately-api.md §2–§3.
 *
 * Content types follow where in Operately's pipeline the answer is made (1.5.0–1.8.0):
 * - TurboConnect.Plugs.ParseInputs (`app/lib/turbo_connect/plugs/parse_inputs.ex`) writes its
 *   `{"error": …}` bodies with `send_resp` alone: no Content-Type (`parse*` below);
 * - RequiredFieldValidator and Dispatch (`app/lib/turbo_connect/plugs/required_field_validator.ex`,
 *   `dispatch.ex`) call `put_resp_content_type("application/json")` first: missing fields, and every
 *   answer of a handler (404, 403, 400, 500, and 200) carry `application/json; charset=utf-8`;
 * - the token plugs answer plain text; Phoenix's own error pages (an exception no plug rescued, a
 *   malformed body) are JSON with a JSON content type.
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
/** JSON written by TurboConnect's ParseInputs, without a content type. */
const untypedJson = (status: number, value: unknown): Reply => ({
  status,
  body: JSON.stringify(value),
  contentType: null,
})

export const replies = {
  ok: (value: unknown): Reply => json(200, value),
  unauthorized: (): Reply => text(401, 'Unauthorized'),
  readOnlyToken: (): Reply => text(403, 'Read-only API tokens cannot execute mutations'),
  /** Dispatch: the handler said the person may see but not change this. */
  forbidden: (): Reply =>
    json(403, { error: 'Forbidden', message: "You don't have permission to perform this action" }),
  /** Dispatch: the handler found nothing the person may see. */
  notFound: (message = 'The requested resource was not found'): Reply =>
    json(404, { error: 'Not found', message }),
  queryNotFound: (): Reply => text(404, 'Query not found'),
  mutationNotFound: (): Reply => text(404, 'Mutation not found'),
  pathNotFound: (): Reply => text(404, 'Not Found'),
  /** Dispatch: the handler refused the request. */
  badRequest: (message: string): Reply => json(400, { error: 'Bad request', message }),
  /** RequiredFieldValidator. */
  missingFields: (names: string[]): Reply =>
    json(400, { error: 'Bad request', message: `Missing required fields: ${names.join(', ')}` }),
  /** ParseInputs: unknown key, null where not nullable, bad enum value, unknown input type. */
  parseBadRequest: (message: string): Reply => untypedJson(400, { error: 'Bad request', message }),
  /** ParseInputs: an id that does not decode. */
  parseNotFound: (): Reply =>
    untypedJson(404, { error: 'Not found', message: 'The requested resource was not found' }),
  /** ParseInputs' catch-all (its 422s: a date, datetime or number in a string that does not parse). */
  parseFailure: (): Reply => untypedJson(500, { error: 'Internal server error' }),
  /** Phoenix's body parser rejecting malformed JSON. */
  malformedJson: (): Reply => json(400, { errors: { detail: 'Bad Request' } }),
  methodNotAllowed: (): Reply => text(405, 'Method Not Allowed'),
  notAcceptable: (): Reply => text(406, 'Not Acceptable'),
  /** Dispatch: an operation that failed, or an exception inside the handler (Dispatch rescues it). */
  handlerFailure: (): Reply =>
    json(500, { error: 'Internal server error', message: 'An unexpected error occurred' }),
  /** An exception no plug rescued (e.g. in ParseInputs: a key that is no atom, content that is not JSON), rendered by Phoenix. */
  crash: (): Reply => json(500, { errors: { detail: 'Internal Server Error' } }),
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
