import { createServer } from 'node:net'

/** A TCP port free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (address === null || typeof address === 'string') return reject(new Error('no port'))
      server.close(() => resolve(address.port))
    })
  })
}

/** A port p with p + 1 also free (the Solana devnet serves JSON-RPC on p and its WebSocket on p + 1). */
export async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await freePort()
    if (port >= 65535) continue
    const next = await new Promise<boolean>((resolve) => {
      const server = createServer()
      server.unref()
      server.once('error', () => resolve(false))
      server.listen(port + 1, '127.0.0.1', () => server.close(() => resolve(true)))
    })
    if (next) return port
  }
  throw new Error('no free pair of ports')
}
