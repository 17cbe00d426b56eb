/** Shared set-up for the WalletConnect contract tests: free ports, chains, a dapp-side provider. */
import net from 'node:net'
import { randomUUID } from 'node:crypto'
import { UniversalProvider } from '@walletconnect/universal-provider'
import { MemoryKeyValueStorage } from '../../../devnet/src/wc-wallet/memory-storage'
import { freePort } from '../../e2e/support/free-port'

export const TEST_PROJECT_ID = 'walletgate-test'

export { freePort }

export type DappProvider = Awaited<ReturnType<typeof UniversalProvider.init>>

/** A dapp-side UniversalProvider configured as the modal will: our relay, telemetry off, RPC map. */
export async function startDapp(relayUrl: string): Promise<DappProvider> {
  return UniversalProvider.init({
    projectId: TEST_PROJECT_ID,
    relayUrl,
    telemetryEnabled: false,
    customStoragePrefix: `walletgate-dapp-${randomUUID()}`,
    storage: new MemoryKeyValueStorage(),
    logger: 'silent',
    metadata: { name: 'Walletgate contract test', description: 'dapp side', url: 'http://127.0.0.1', icons: [] },
  })
}

export function evmNamespace(rpcUrls: Record<number, string>) {
  return {
    eip155: {
      chains: Object.keys(rpcUrls).map((id) => `eip155:${id}`),
      methods: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain'],
      events: ['chainChanged', 'accountsChanged'],
      rpcMap: Object.fromEntries(Object.entries(rpcUrls).map(([id, url]) => [id, url])),
    },
  }
}

/** Waits for an emitter event, failing after timeoutMs with the event name. */
export function nextEvent<T>(
  emitter: { once(event: string, listener: (arg: T) => void): void },
  event: string,
  timeoutMs = 15_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs)
    emitter.once(event, (arg: T) => {
      clearTimeout(timer)
      resolve(arg)
    })
  })
}

/** Polls a condition (real time: it waits on sockets and child processes, not on timers). */
export async function until(condition: () => boolean, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Polls an async probe until it yields a value (it asks a server; nothing here waits on timers). */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000, what = 'a value'): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/**
 * A TCP hop in front of a server that a test can cut: `down()` stops listening and drops every
 * link through it (the server itself keeps running, for the other side of a test), `up()` listens
 * again on the same port. `url` is the target's URL with the hop's port.
 */
export interface CuttableHop {
  readonly port: number
  down(): Promise<void>
  up(): Promise<void>
  stop(): Promise<void>
}

export async function startCuttableHop(targetPort: number): Promise<CuttableHop> {
  const port = await freePort()
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(targetPort, '127.0.0.1')
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => undefined)
        }
        client.pipe(upstream).pipe(client)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      s.once('error', reject)
      s.listen(port, '127.0.0.1', () => resolve())
      server = s
    })
  const down = async () => {
    const s = server
    server = undefined
    // The listener first, so nothing reconnects while the links are cut.
    const closed = s ? new Promise<void>((resolve) => s.close(() => resolve())) : Promise.resolve()
    for (const socket of sockets) socket.destroy()
    await closed
  }
  await listen()
  return { port, down, up: () => (server ? Promise.resolve() : listen()), stop: down }
}
