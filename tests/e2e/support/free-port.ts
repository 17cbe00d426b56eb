import { createServer } from 'node:net'

/**
 * Ports are handed out below Linux's ephemeral range (32768 and up), from which the OS picks the
 * local port of every outgoing connection: a port asked of the OS (`listen(0)`) and let go is free
 * again for any client socket until the devnet binds it, and with the contract, unit and e2e runs
 * side by side one was taken in that gap (EADDRINUSE). A port picked at random from this range and
 * checked free is only ever taken by another test's pick, one chance in thousands.
 */
const LOWEST = 12_000
const HIGHEST = 32_000

/** Whether `port` can be bound on 127.0.0.1 right now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.unref()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

function randomPort(): number {
  return LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST))
}

/** A TCP port free on 127.0.0.1 right now, outside the range the OS gives client sockets. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = randomPort()
    if (await bindable(port)) return port
  }
  throw new Error('no free port')
}

/** A port p with p + 1 also free (the Solana devnet serves JSON-RPC on p and its WebSocket on p + 1). */
export async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = randomPort()
    if ((await bindable(port)) && (await bindable(port + 1))) return port
  }
  throw new Error('no free pair of ports')
}
