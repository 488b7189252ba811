import type { Ctx } from './context'
import type { InputSpec } from './inputs'

/** One query (GET) or mutation (POST) under /api/external/v1/<namespace>/<name>. */
export interface Endpoint {
  kind: 'query' | 'mutation'
  /** Declared inputs; some depend on the server version being emulated. */
  inputs: (version: string) => InputSpec
  /** Returns the JSON body of a 200, or throws ApiError. Mutations change `ctx.state`. */
  handle: (ctx: Ctx) => unknown
}

export type EndpointTable = Record<string, Endpoint>
