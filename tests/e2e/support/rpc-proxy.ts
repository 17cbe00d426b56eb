import { createServer, request, type Server } from 'node:http'
import type { Socket } from 'node:net'

/**
 * A pass-through HTTP proxy in front of one JSON-RPC URL, which tests can kill and revive through
 * a control port: killing closes the listener and every open connection (the URL then refuses
 * connections, as a crashed node would). Used as the first of two RPC URLs of Devnet A so the
 * fallback transport can be seen at work. Listens on 127.0.0.1 only.
 */
export interface RpcProxy {
  /** The proxied RPC URL the demo is built with. */
  readonly url: string
  /** `POST {controlUrl}/kill` and `POST {controlUrl}/revive`. */
  readonly controlUrl: string
  stop(): Promise<void>
}

export async function startRpcProxy(target: string, port: number, controlPort: number): Promise<RpcProxy> {
  const sockets = new Set<Socket>()
  let proxy: Server | undefined

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const server = createServer((req, res) => {
        const upstream = request(new URL(req.url ?? '/', target), { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        })
        upstream.on('error', () => {
          if (!res.headersSent) res.writeHead(502)
          res.end()
        })
        req.pipe(upstream)
      })
      server.on('connection', (socket) => {
        sockets.add(socket)
        socket.on('close', () => sockets.delete(socket))
      })
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        proxy = server
        resolve()
      })
    })

  const kill = () =>
    new Promise<void>((resolve) => {
      const server = proxy
      proxy = undefined
      if (server === undefined) return resolve()
      server.close(() => resolve())
      for (const socket of sockets) socket.destroy()
    })

  await listen()
  const control = createServer((req, res) => {
    const action = req.url === '/kill' ? kill : req.url === '/revive' ? () => (proxy ? Promise.resolve() : listen()) : undefined
    if (req.method !== 'POST' || action === undefined) {
      res.writeHead(404).end()
      return
    }
    action().then(
      () => res.writeHead(204).end(),
      (error: unknown) => res.writeHead(500).end(String(error)),
    )
  })
  await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve))

  return {
    url: `http://127.0.0.1:${port}`,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    async stop() {
      await kill()
      await new Promise<void>((resolve) => control.close(() => resolve()))
    },
  }
}
