/**
 * Makes every outbound connection to a non-loopback host fail loudly while installed: fetch,
 * WebSocket (global and the `ws` package, which go through net/tls), raw net/tls sockets and DNS
 * look-ups. Each attempt throws and is recorded, so a test can assert that nothing tried.
 */
import dns from 'node:dns'
import net from 'node:net'
import tls from 'node:tls'

export interface NetworkGuard {
  /** Every blocked attempt, as "via host". */
  readonly violations: string[]
  uninstall(): void
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0:0:0:0:0:0:0:1'])

export function isLoopbackHost(host: string | undefined | null): boolean {
  if (!host) return true // net defaults to localhost
  const h = host.toLowerCase()
  return LOOPBACK_NAMES.has(h) || /^127\.\d+\.\d+\.\d+$/.test(h)
}

function hostOfConnectArgs(args: unknown[]): string | undefined {
  const [first, second] = args
  if (typeof first === 'object' && first !== null) {
    const o = first as { host?: string; hostname?: string; path?: string }
    if (o.path) return 'localhost' // unix socket
    return o.host ?? o.hostname
  }
  if (typeof first === 'number') return typeof second === 'string' ? second : undefined
  return undefined
}

function hostOfUrl(input: unknown): string | undefined {
  try {
    const url =
      typeof input === 'string' ? new URL(input) : input instanceof URL ? input : new URL((input as Request).url)
    return url.hostname.replace(/^\[|\]$/g, '')
  } catch {
    return undefined
  }
}

export function installNetworkGuard(): NetworkGuard {
  const violations: string[] = []
  const block = (via: string, host: string | undefined): never => {
    violations.push(`${via} ${host}`)
    throw new Error(`Network guard: ${via} to non-loopback host ${host} is forbidden in this test`)
  }

  const originalNetConnect = net.connect
  const originalNetCreateConnection = net.createConnection
  const originalTlsConnect = tls.connect
  const originalLookup = dns.lookup
  const originalFetch = globalThis.fetch
  const originalWebSocket = (globalThis as { WebSocket?: unknown }).WebSocket

  const guardNet = <F extends (...args: never[]) => unknown>(via: string, original: F): F =>
    function (this: unknown, ...args: unknown[]) {
      const host = hostOfConnectArgs(args)
      if (!isLoopbackHost(host)) block(via, host)
      return (original as unknown as (...a: unknown[]) => unknown).apply(this, args)
    } as unknown as F

  net.connect = guardNet('net.connect', originalNetConnect)
  net.createConnection = guardNet('net.createConnection', originalNetCreateConnection)
  tls.connect = guardNet('tls.connect', originalTlsConnect)
  dns.lookup = function (this: unknown, hostname: string, ...rest: unknown[]) {
    if (!isLoopbackHost(hostname)) block('dns.lookup', hostname)
    return (originalLookup as unknown as (...a: unknown[]) => unknown).call(this, hostname, ...rest)
  } as typeof dns.lookup
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const host = hostOfUrl(input)
    if (!isLoopbackHost(host)) {
      try {
        block('fetch', host)
      } catch (e) {
        return Promise.reject(e as Error)
      }
    }
    return originalFetch(input, init)
  }) as typeof fetch
  if (typeof originalWebSocket === 'function') {
    const Original = originalWebSocket as new (url: string | URL, protocols?: string | string[]) => object
    ;(globalThis as { WebSocket?: unknown }).WebSocket = class GuardedWebSocket extends Original {
      constructor(url: string | URL, protocols?: string | string[]) {
        const host = hostOfUrl(url)
        if (!isLoopbackHost(host)) block('WebSocket', host)
        super(url, protocols)
      }
    }
  }

  return {
    violations,
    uninstall() {
      net.connect = originalNetConnect
      net.createConnection = originalNetCreateConnection
      tls.connect = originalTlsConnect
      dns.lookup = originalLookup
      globalThis.fetch = originalFetch
      if (originalWebSocket !== undefined) (globalThis as { WebSocket?: unknown }).WebSocket = originalWebSocket
    },
  }
}
