import { createServer } from 'node:net'

/** A loopback address where nothing listens: a port the OS just handed out and took back. */
export async function unusedLoopbackUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port from the OS')
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())))
  return `http://127.0.0.1:${address.port}`
}
