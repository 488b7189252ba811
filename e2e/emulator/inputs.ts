import { ApiError, replies } from './replies'
import { atLeast } from './version'
import { parseIdInput } from './ids'

/**
 * Declared inputs of an endpoint and the two steps Operately's TurboConnect takes with them
 * (`app/lib/turbo_connect/plugs/parse_inputs.ex` and `required_field_validator.ex`, 1.5.0–1.8.0):
 *
 * - `parseInputs`, BEFORE the token is looked at: every key must be an atom the server knows
 *   (`atomize_keys`), be declared (400 `Unknown input field`), parse as its type (enum 400, id 404,
 *   date 500, …) and be non-null unless nullable (400 `Field 'x' cannot be null`). Keys are taken in
 *   Elixir's map order (sorted, for maps this small): the first bad key in that order is the one named.
 * - `requireFields`, AFTER the token and read-only checks: 400 `Missing required fields: a, b` in
 *   declaration order, for non-`field?` inputs whose key is absent.
 */

export type FieldType =
  | { kind: 'id' | 'string' | 'boolean' | 'integer' | 'number' | 'json' | 'datetime' | 'date' }
  | { kind: 'enum'; name: string; values: readonly string[] }
  | { kind: 'list'; of: FieldType }
  /** Nested objects: only their key names and types are checked here; missing keys are the handler's business. */
  | { kind: 'object'; fields: Record<string, FieldType> }

export interface FieldSpec {
  type: FieldType
  /** `field` (not `field?`): the key must be present. */
  required?: boolean
  /** null is accepted. Required fields that may be null say both. */
  nullable?: boolean
}

/** Declaration order matters: it is the order of "Missing required fields". */
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
  date: { kind: 'date' } as FieldType,
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

/**
 * `atomize_keys` turns every key of the request, however deep, into an existing atom, and raises (a
 * Phoenix 500) for a name no module of the server uses. Which names those are cannot be known here;
 * the emulator takes snake_case names as known (Operately's own field names, `__typename`, words such
 * as `foo`) and anything else (`postAsDraft`, `due-date`, `Status`) as unknown.
 */
const KNOWN_ATOM = /^_*[a-z][a-z0-9_]*$/

function checkAtoms(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(checkAtoms)
  if (!isPlainObject(value)) return
  for (const [key, inner] of Object.entries(value)) {
    if (!KNOWN_ATOM.test(key)) throw new ApiError(replies.crash())
    checkAtoms(inner)
  }
}

/** Elixir's order for a small map's atom keys: by their text. */
const sortedEntries = (o: Record<string, unknown>): [string, unknown][] =>
  Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

export interface ParseOptions {
  /** Mutations parse strictly (JSON types); queries take strings from the query string. */
  strict: boolean
  version: string
}

/** ParseInputs: returns the inputs with typed values, or throws the answer the server gives. */
export function parseInputs(spec: InputSpec, raw: Inputs, options: ParseOptions): Inputs {
  checkAtoms(raw)
  const out: Inputs = {}
  for (const [key, value] of sortedEntries(raw)) {
    const field = spec[key]
    if (!field) throw new ApiError(replies.parseBadRequest(`Unknown input field: ${key}`))
    const parsed = parseValue(field.type, value, options)
    if (parsed === null && !field.nullable) {
      throw new ApiError(replies.parseBadRequest(`Field '${key}' cannot be null`))
    }
    out[key] = parsed
  }
  return out
}

/** RequiredFieldValidator: the non-optional inputs whose key is absent, in declaration order. */
export function requireFields(spec: InputSpec, inputs: Inputs): void {
  const missing = Object.entries(spec)
    .filter(([key, field]) => field.required && !(key in inputs))
    .map(([key]) => key)
  if (missing.length > 0) throw new ApiError(replies.missingFields(missing))
}

/** The `Unknown input type: <type>` answer of ParseInputs' last clause, for a value of the wrong JSON type. */
const wrongType = (name: string): never => {
  throw new ApiError(replies.parseBadRequest(`Unknown input type: ${name}`))
}
/** ParseInputs' 422s (`Invalid date: …`) fall into its catch-all: a bare 500. */
const unparsable = (): never => {
  throw new ApiError(replies.parseFailure())
}
const crash = (): never => {
  throw new ApiError(replies.crash())
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
/** DateTime.from_iso8601: a date, a time, and an offset (Z or ±hh:mm) are all required. */
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/

function realDate(s: string): boolean {
  const d = new Date(`${s.slice(0, 10)}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s.slice(0, 10)
}

function parseValue(type: FieldType, value: unknown, options: ParseOptions): unknown {
  const { strict } = options
  switch (type.kind) {
    case 'string':
      if (typeof value === 'string' || value === null) return value
      return wrongType('string')
    case 'boolean':
      if (typeof value === 'boolean') return value
      if (!strict && value === 'true') return true
      if (!strict && value === 'false') return false
      if (value === null) return null
      return wrongType('boolean')
    case 'integer':
      if (value === null) return null
      if (strict) return typeof value === 'number' && Number.isInteger(value) ? value : wrongType('integer')
      return typeof value === 'string' && /^[+-]?\d+$/.test(value) ? Number(value) : unparsable()
    case 'number':
      if (value === null) return null
      if (strict) return typeof value === 'number' ? value : wrongType('float')
      return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
        ? Number(value)
        : unparsable()
    case 'date':
      if (value === null) return null
      if (typeof value !== 'string') return wrongType('date')
      return ISO_DATE.test(value) && realDate(value) ? value : unparsable()
    case 'datetime':
      if (value === null) return null
      if (typeof value !== 'string') return wrongType('datetime')
      return ISO_DATETIME.test(value) && realDate(value) && !Number.isNaN(Date.parse(value))
        ? value
        : unparsable()
    case 'id':
      // Operately's Id.decode: "" and null are nil; anything that does not decode is a 404.
      if (value === null || value === '') return null
      if (typeof value !== 'string') return crash()
      return parseIdInput(value)
        ? value
        : (() => {
            throw new ApiError(replies.parseNotFound())
          })()
    case 'json':
      // Json.decode's errors are 3-tuples ParseInputs does not match: a CaseClauseError, a Phoenix 500.
      if (value === null) return null
      if (typeof value !== 'string') return crash()
      try {
        JSON.parse(value)
      } catch {
        return crash()
      }
      return value
    case 'enum':
      return parseEnum(type, value, options)
    case 'list':
      // nil (and a query's empty string) is an empty list; anything else not a list makes the
      // "Unknown input type" message interpolate a tuple, which raises.
      if (value === null || (!strict && value === '')) return []
      if (!Array.isArray(value)) return crash()
      return value.map((item) => (item === null ? null : parseValue(type.of, item, options)))
    case 'object': {
      if (value === null) return null
      if (!isPlainObject(value)) return crash()
      const out: Record<string, unknown> = {}
      for (const [key, inner] of sortedEntries(value)) {
        const innerType = type.fields[key]
        if (!innerType) throw new ApiError(replies.parseBadRequest(`Unknown input field: ${key}`))
        // Nested fields here are all nullable (`field :x, :t` defaults to null: true).
        out[key] = inner === null ? null : parseValue(innerType, inner, options)
      }
      return out
    }
  }
}

/**
 * Enum values go through `String.to_existing_atom`. From 1.7.0 a name no module uses is rescued into the
 * usual 400; on 1.5.0 and 1.6.0 it raises (a Phoenix 500). As with keys, snake_case names are taken as
 * known atoms. A value that is not a string raises on every version.
 */
function parseEnum(
  type: Extract<FieldType, { kind: 'enum' }>,
  value: unknown,
  options: ParseOptions,
): unknown {
  if (value === null) return null
  if (typeof value !== 'string') return crash()
  if (type.values.includes(value)) return value
  if (!atLeast(options.version, '1.7.0') && !KNOWN_ATOM.test(value)) return crash()
  throw new ApiError(
    replies.parseBadRequest(
      `Invalid value for enum ${type.name}: ${value}. Allowed values: ${type.values.join(', ')}`,
    ),
  )
}
