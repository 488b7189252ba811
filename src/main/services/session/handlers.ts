import type { sessionOperations } from '@shared/contract/session'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { SessionService } from './session-service'

export function createSessionHandlers(session: SessionService): AreaHandlers<typeof sessionOperations> {
  return {
    'session.get': () => session.get(),
    'session.signIn': (input) => session.signIn(input),
    'session.signOut': () => session.signOut(),
    'session.capabilities': () => session.capabilities(),
  }
}
