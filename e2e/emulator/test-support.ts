import type { Emulator } from './types'
import { slugId } from './ids'

/** Plain HTTP calls to a running emulator, the way a client would make them. Used by the emulator's own tests. */

export interface CallOptions {
  token?: string | null
  query?: Record<string, string | boolean | string[]>
  body?: unknown
  /** Sent as-is instead of JSON.stringify(body). */
  rawBody?: string
  headers?: Record<string, string>
  signal?: AbortSignal
}

export interface CallResult {
  status: number
  text: string
  headers: Headers
  json: () => unknown
}

export function queryString(query: CallOptions['query']): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) value.forEach((v) => params.append(`${key}[]`, v))
    else params.append(key, String(value))
  }
  const s = params.toString()
  return s ? `?${s}` : ''
}

export async function call(
  emu: Emulator,
  method: string,
  endpoint: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const token = options.token === undefined ? emu.tokens.write : options.token
  const headers: Record<string, string> = { ...options.headers }
  if (token !== null && !('authorization' in headers)) headers.authorization = `Bearer ${token}`
  let body: string | undefined
  if (options.rawBody !== undefined) body = options.rawBody
  else if (options.body !== undefined) body = JSON.stringify(options.body)
  if (body !== undefined && !('content-type' in headers)) headers['content-type'] = 'application/json'
  const res = await fetch(`${emu.url}/api/external/v1/${endpoint}${queryString(options.query)}`, {
    method,
    headers,
    body,
    signal: options.signal,
  })
  const text = await res.text()
  return { status: res.status, text, headers: res.headers, json: () => JSON.parse(text) as unknown }
}

export const get = (
  emu: Emulator,
  endpoint: string,
  query?: CallOptions['query'],
  options: CallOptions = {},
) => call(emu, 'GET', endpoint, { ...options, query })

export const post = (emu: Emulator, endpoint: string, body: unknown, options: CallOptions = {}) =>
  call(emu, 'POST', endpoint, { ...options, body })

/** `JSON.parse` of a 200 body, typed loosely for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function okJson(result: Promise<CallResult>): Promise<any> {
  const r = await result
  if (r.status !== 200) throw new Error(`Expected 200, got ${r.status}: ${r.text}`)
  return r.json()
}

/** The slugged wire id of a seeded goal, project or person, by canonical UUID. */
export function wireId(emu: Emulator, uuid: string): string {
  const s = emu.state
  const named = [...s.goals, ...s.projects].find((x) => x.id === uuid)
  if (named) return slugId(named.name, named.id)
  const person = s.people.find((p) => p.id === uuid)
  if (person) return slugId(person.fullName, person.id)
  throw new Error(`No seeded goal, project or person ${uuid}`)
}

/** A minimal valid message document, as a string. */
export const message = (text: string): string =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] })
