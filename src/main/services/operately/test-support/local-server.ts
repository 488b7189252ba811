import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { versionHeader } from '../../../../../e2e/emulator'

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

export interface LocalServer {
  url: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

export type LocalHandler = (req: RecordedRequest, res: ServerResponse, raw: IncomingMessage) => void

/** A real HTTP server on 127.0.0.1 (random port) that answers however a test needs a server to misbehave. */
export async function startLocalServer(handler: LocalHandler): Promise<LocalServer> {
  const requests: RecordedRequest[] = []
  const server = createServer((raw, res) => {
    const chunks: Buffer[] = []
    raw.on('data', (chunk: Buffer) => chunks.push(chunk))
    raw.on('end', () => {
      const req = {
        method: raw.method ?? '',
        url: raw.url ?? '',
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(req)
      handler(req, res, raw)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A port on 127.0.0.1 where nothing listens: bound, noted, closed. */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'x-operately-version': versionHeader('1.8.0'),
    ...headers,
  })
  res.end(JSON.stringify(value))
}
