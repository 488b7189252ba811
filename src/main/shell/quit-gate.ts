import type { Logger } from '../services/log/logger'

/**
 * Quitting waits, a bounded time, for the services to finish what they are writing: the outbox entry, the
 * claim or the draft being fsynced, and the request in flight with its answer recorded. Every write is
 * atomic and every request is on disk before it goes out, so whatever the bound cuts short is safe to
 * redo at the next start; waiting only spares the next start a question to the server.
 *
 * The first `before-quit` is held (preventDefault) while `finish` runs; then the app quits for real.
 */
export interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown
  quit(): void
}

export function holdQuitUntilFinished(
  app: QuittingApp,
  finish: () => Promise<void>,
  options: { boundMs: number; log: Logger },
): void {
  let state: 'running' | 'finishing' | 'done' = 'running'
  app.on('before-quit', (event) => {
    if (state === 'done') return
    event.preventDefault()
    if (state === 'finishing') return
    state = 'finishing'
    let timer: NodeJS.Timeout | undefined
    const bound = new Promise<'bound'>((resolve) => {
      timer = setTimeout(() => resolve('bound'), options.boundMs)
    })
    Promise.race([finish().then(() => 'finished' as const), bound])
      .then(
        (how) => {
          if (how === 'bound')
            options.log.warn('quit: stopped waiting for work in flight', { ms: options.boundMs })
        },
        (err: unknown) =>
          options.log.warn('quit: finishing the work in flight failed', { error: String(err) }),
      )
      .finally(() => {
        clearTimeout(timer)
        state = 'done'
        app.quit()
      })
  })
}
