/**
 * Every answer the emulator can give, with the literal bodies of operately-api.md §2–§3.
 *
 * Content types follow where in Operately's pipeline the answer is made (1.5.0–1.8.0):
 * - TurboConnect.Plugs.ParseInputs (`app/lib/turbo_connect/plugs/parse_inputs.ex`) writes its
 *   `{"error": …}` bodies with `send_resp` alone: no Content-Type (`parse*` below);
 * - RequiredFieldValidator and Dispatch (`app/lib/turbo_connect/plugs/required_field_validator.ex`,
 *   `dispatch.ex`) call `put_resp_content_type("application/json")` first: missing fields, and every
 *   answer of a handler (404, 403, 400, 500, and 200) carry `application/json; charset=utf-8`;
 * - the token plugs (`app/lib/operately_web/api/plugs/require_api_token.ex`,
 *   `enforce_token_access_mode.ex`) and TurboConnect's Match (`plugs/match.ex`: 404 `Query not found`,
 *   405) write plain words with `send_resp` alone: no Content-Type either;
 * - Phoenix's own error pages: JSON once the router's `accepts ["json"]` has run (an exception in
 *   ParseInputs), else per the Accept header (a malformed body, a 406).
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
/** A body written with `send_resp` alone (the token plugs, TurboConnect's Match): no Content-Type. */
const bare = (status: number, body: string): Reply => ({ status, body, contentType: null })
const HTML_TYPE = 'text/html; charset=utf-8'

/**
 * Phoenix renders an error raised before the router chose a format in the format the Accept header
 * prefers among the endpoint's `render_errors` formats, html first (`app/config/config.exs`: html,
 * json; Phoenix.Endpoint.RenderErrors). html: the bare status message.
 */
export type ErrorFormat = 'html' | 'json'
const phoenixError = (status: number, detail: string, format: ErrorFormat): Reply =>
  format === 'json' ? json(status, { errors: { detail } }) : { status, body: detail, contentType: HTML_TYPE }
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
  unauthorized: (): Reply => bare(401, 'Unauthorized'),
  readOnlyToken: (): Reply => bare(403, 'Read-only API tokens cannot execute mutations'),
  /** Dispatch: the handler said the person may see but not change this. */
  forbidden: (): Reply =>
    json(403, { error: 'Forbidden', message: "You don't have permission to perform this action" }),
  /** Dispatch: the handler found nothing the person may see. */
  notFound: (message = 'The requested resource was not found'): Reply =>
    json(404, { error: 'Not found', message }),
  queryNotFound: (): Reply => bare(404, 'Query not found'),
  mutationNotFound: (): Reply => bare(404, 'Mutation not found'),
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
  /** The endpoint's Plug.Parsers rejecting malformed JSON, before the router: rendered per Accept. */
  malformedJson: (format: ErrorFormat): Reply => phoenixError(400, 'Bad Request', format),
  methodNotAllowed: (): Reply => bare(405, 'Method Not Allowed'),
  /** The router's `accepts ["json"]` failing: no format was chosen, so Phoenix falls back to html. */
  notAcceptable: (): Reply => phoenixError(406, 'Not Acceptable', 'html'),
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
