import { ApiError, replies } from './replies'

/**
 * Declared inputs of an endpoint and the two checks the real server makes on them:
 * unknown keys while parsing (before the token is looked at), and required/null/enum/type checks
 * after the token and read-only checks.
 */

export type FieldType =
  | { kind: 'id' | 'string' | 'boolean' | 'integer' | 'number' | 'json' | 'datetime' }
  | { kind: 'enum'; name: string; values: readonly string[] }
  | { kind: 'list'; of: FieldType }
  /** Nested objects: only their key names and types are checked here; missing keys are the handler's business. */
  | { kind: 'object'; fields: Record<string, FieldType> }

export interface FieldSpec {
  type: FieldType
  /** The key must be present. */
  required?: boolean
  /** null is accepted. Required fields that may be null say both. */
  nullable?: boolean
}

export type InputSpec = Record<string, FieldSpec>
export type Inputs = Record<string, unknown>

export const t = {
  id: { kind: 'id' } as FieldType,
  string: { kind: 'string' } as FieldType,
  boolean: { kind: 'boolean' } as FieldType,
  integer: { kind: 'integer' } as FieldType,
  number: { kind: 'number' } as FieldType,
  json: { kind: 'json' } as FieldType,
  datetime: { kind: 'datetime' } as FieldType,
  enumOf: (name: string, values: readonly string[]): FieldType => ({ kind: 'enum', name, values }),
  listOf: (of: FieldType): FieldType => ({ kind: 'list', of }),
  object: (fields: Record<string, FieldType>): FieldType => ({ kind: 'object', fields }),
}

/** Optional boolean flags such as `include_champion`. */
export function flags(...names: string[]): InputSpec {
  return Object.fromEntries(names.map((n) => [n, { type: t.boolean, nullable: true }]))
}

/** Query string → raw inputs: `k[]=a&k[]=b` is a list, anything else a string (last one wins). */
export function inputsFromQuery(params: URLSearchParams): Inputs {
  const out: Inputs = {}
  for (const [rawKey, value] of params) {
    if (rawKey.endsWith('[]')) {
      const key = rawKey.slice(0, -2)
      const list = Array.isArray(out[key]) ? (out[key] as string[]) : []
      list.push(value)
      out[key] = list
    } else {
      out[rawKey] = value
    }
  }
  return out
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** 400 `Unknown input field: foo` for the first key, top level or nested, that the endpoint does not declare. */
export function rejectUnknownKeys(spec: InputSpec, raw: Inputs): void {
  for (const [key, value] of Object.entries(raw)) {
    const field = spec[key]
    if (!field) throw new ApiError(replies.badRequest(`Unknown input field: ${key}`))
    checkNestedKeys(field.type, value)
  }
}

function checkNestedKeys(type: FieldType, value: unknown): void {
  if (type.kind === 'object' && isPlainObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      const innerType = type.fields[key]
      if (!innerType) throw new ApiError(replies.badRequest(`Unknown input field: ${key}`))
      checkNestedKeys(innerType, inner)
    }
  } else if (type.kind === 'list' && Array.isArray(value)) {
    for (const item of value) checkNestedKeys(type.of, item)
  }
}

/**
 * Required fields, then nulls, then enum values and types. Query-string values arrive as strings and
 * are converted (booleans are `true`/`false`). Returns the inputs with typed values.
 */
export function validateInputs(spec: InputSpec, raw: Inputs, fromQuery: boolean): Inputs {
  const missing = Object.entries(spec)
    .filter(([key, field]) => field.required && raw[key] === undefined)
    .map(([key]) => key)
  if (missing.length > 0)
    throw new ApiError(replies.badRequest(`Missing required fields: ${missing.join(', ')}`))

  for (const [key, value] of Object.entries(raw)) {
    if (value === null && !spec[key]?.nullable) {
      throw new ApiError(replies.badRequest(`Field '${key}' cannot be null`))
    }
  }

  const out: Inputs = {}
  for (const [key, value] of Object.entries(raw)) {
    const field = spec[key]!
    out[key] = value === null ? null : convert(key, field.type, value, fromQuery)
  }
  return out
}

function invalid(key: string): never {
  throw new ApiError(replies.badRequest(`Invalid value for field '${key}'`))
}

function convert(key: string, type: FieldType, value: unknown, fromQuery: boolean): unknown {
  switch (type.kind) {
    case 'id':
    case 'string':
    case 'json':
    case 'datetime':
      if (typeof value !== 'string') invalid(key)
      return value
    case 'boolean':
      if (fromQuery && typeof value === 'string') {
        if (value === 'true') return true
        if (value === 'false') return false
        invalid(key)
      }
      if (typeof value !== 'boolean') invalid(key)
      return value
    case 'integer': {
      const n = fromQuery && typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value
      if (typeof n !== 'number' || !Number.isInteger(n)) invalid(key)
      return n
    }
    case 'number': {
      const n = fromQuery && typeof value === 'string' && value.trim() !== '' ? Number(value) : value
      if (typeof n !== 'number' || !Number.isFinite(n)) invalid(key)
      return n
    }
    case 'enum':
      if (typeof value !== 'string') invalid(key)
      if (!type.values.includes(value)) {
        throw new ApiError(
          replies.badRequest(
            `Invalid value for enum ${type.name}: ${value}. Allowed values: ${type.values.join(', ')}`,
          ),
        )
      }
      return value
    case 'list': {
      // A query string may carry a one-element list without the brackets.
      const list = fromQuery && typeof value === 'string' ? [value] : value
      if (!Array.isArray(list)) invalid(key)
      return list.map((item) => (item === null ? null : convert(key, type.of, item, fromQuery)))
    }
    case 'object': {
      if (!isPlainObject(value)) invalid(key)
      const out: Record<string, unknown> = {}
      for (const [innerKey, inner] of Object.entries(value)) {
        const innerType = type.fields[innerKey]!
        out[innerKey] = inner === null ? null : convert(innerKey, innerType, inner, fromQuery)
      }
      return out
    }
  }
}
