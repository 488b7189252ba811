import { describe, expect, it } from 'vitest'
import {
  operationNames,
  type OperationInput,
  type OperationName,
  type OperationOutput,
} from '@shared/contract'
import { AppFailure, appError } from '@shared/errors'
import type { SessionState } from '@shared/session'
import { silentLogger } from '../log/logger'
import { createDispatcher, type OperationHandlers } from './dispatcher'

const signedIn: SessionState = {
  status: 'signed_in',
  baseUrl: 'https://app.operately.com',
  person: { id: 'ada-1', fullName: 'Ada Lovelace', email: null, title: null, avatarUrl: null },
  canWrite: true,
  serverVersion: '1.8.0',
}

// One well-formed input per operation. Typed so that adding an operation without a sample fails to compile.
const validInputs: { [N in OperationName]: OperationInput<N> } = {
  'session.get': {},
  'session.signIn': { baseUrl: 'app.operately.com', token: 'opk_abc' },
  'session.signOut': {},
  'app.openExternal': { url: 'https://app.operately.com/acme/goals/x' },
}

// And one answer per operation that fits its output schema.
const validOutputs: { [N in OperationName]: OperationOutput<N> } = {
  'session.get': signedIn,
  'session.signIn': signedIn,
  'session.signOut': signedIn,
  'app.openExternal': {},
}

function recordingHandlers() {
  const calls: string[] = []
  const handlers = Object.fromEntries(
    operationNames.map((name) => [
      name,
      async () => {
        calls.push(name)
        return validOutputs[name]
      },
    ]),
  ) as unknown as OperationHandlers
  return { calls, handlers }
}

const huge = 'x'.repeat(1_000_000)

describe('dispatcher', () => {
  for (const name of operationNames) {
    describe(name, () => {
      const malformed: Array<[string, unknown]> = [
        ['a number', 42],
        ['a string', 'session'],
        ['an array', [validInputs[name]]],
        ['an extra key', { ...validInputs[name], extra: true }],
        ['a prototype-pollution key', JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1}')],
      ]
      for (const key of Object.keys(validInputs[name])) {
        malformed.push([`a wrong type for ${key}`, { ...validInputs[name], [key]: 12 }])
        malformed.push([`a huge ${key}`, { ...validInputs[name], [key]: huge }])
        malformed.push([`a missing ${key}`, { ...validInputs[name], [key]: undefined }])
      }
      for (const [what, input] of malformed) {
        it(`answers ${what} with invalid_input and never runs the handler`, async () => {
          const { calls, handlers } = recordingHandlers()
          const result = await createDispatcher(handlers, silentLogger)(name, input)
          expect(result.ok).toBe(false)
          if (!result.ok) {
            expect(result.error.kind).toBe('invalid_input')
            expect(result.error.message).toContain(name)
          }
          expect(calls).toEqual([])
        })
      }
      it('runs the handler for well-formed input', async () => {
        const { calls, handlers } = recordingHandlers()
        const result = await createDispatcher(handlers, silentLogger)(name, validInputs[name])
        expect(result).toEqual({ ok: true, value: validOutputs[name] })
        expect(calls).toEqual([name])
      })
    })
  }

  it('rejects an operation that is not in the contract, including inherited names', async () => {
    const { handlers } = recordingHandlers()
    const dispatch = createDispatcher(handlers, silentLogger)
    for (const name of ['session.delete', 'toString', '__proto__', '']) {
      const result = await dispatch(name, {})
      expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
    }
  })

  it('returns a service failure as a value with its kind and message', async () => {
    const { handlers } = recordingHandlers()
    handlers['session.get'] = () => Promise.reject(new AppFailure(appError('offline', 'You are offline.')))
    const result = await createDispatcher(handlers, silentLogger)('session.get', {})
    expect(result).toEqual({ ok: false, error: { kind: 'offline', message: 'You are offline.' } })
  })

  it('hides an unexpected exception behind an internal error', async () => {
    const { handlers } = recordingHandlers()
    handlers['session.get'] = () => Promise.reject(new TypeError('cannot read properties of undefined'))
    const result = await createDispatcher(handlers, silentLogger)('session.get', {})
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } })
    if (!result.ok) expect(result.error.message).not.toMatch(/undefined/)
  })

  it('refuses to return anything the contract does not declare, such as a token', async () => {
    const { handlers } = recordingHandlers()
    handlers['session.get'] = async () => ({ ...signedIn, token: 'opk_secret' }) as unknown as SessionState
    const result = await createDispatcher(handlers, silentLogger)('session.get', {})
    expect(JSON.stringify(result)).not.toContain('opk_secret')
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } })
  })
})
