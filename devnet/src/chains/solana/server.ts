/**
 * The Solana devnet's endpoints: JSON-RPC over HTTP on `port` and its PubSub WebSocket on port + 1
 * (where @solana/web3.js looks for it; the same PubSub also answers an upgrade on `port`).
 * 127.0.0.1 only, CORS open like the rest of the devnet, batch requests, u64 values as bare numbers.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import { DEVNET_HOST } from '../../config'
import { SolanaLedger, type TxRecord } from './chain'
import { RPC_CODES, RpcError } from './errors'
import { createRpc } from './rpc'

export interface SolanaDevnetOptions {
  /** HTTP port (0 = any free port); the WebSocket takes port + 1 (any free port when port is 0). */
  port: number
  /** Explicit WebSocket port; default port + 1. */
  wsPort?: number
  /** Wall clock for blockTime (tests pass a fixed one). */
  now?: () => number
}

export interface SolanaDevnet {
  rpcUrl: string
  wsUrl: string
  port: number
  wsPort: number
  ledger: SolanaLedger
  stop(): Promise<void>
}

const MAX_BODY = 5 * 1024 * 1024

/** JSON.stringify that writes bigint as a bare number (a u64 such as rentEpoch does not fit a double). */
export function stringifyJson(value: unknown): string {
  const marks: string[] = []
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'bigint') return v
    marks.push(v.toString())
    return `\u0000big${marks.length - 1}\u0000`
  })
  return marks.length === 0 ? text : text.replace(/"\\u0000big(\d+)\\u0000"/g, (_m, i: string) => marks[Number(i)]!)
}

interface RpcRequest {
  jsonrpc?: unknown
  id?: unknown
  method?: unknown
  params?: unknown
}

function errorReply(id: unknown, code: number, message: string, data?: unknown): unknown {
  return { jsonrpc: '2.0', error: { code, message, ...(data === undefined ? {} : { data }) }, id: id ?? null }
}

export async function startSolanaDevnet(opts: SolanaDevnetOptions): Promise<SolanaDevnet> {
  const ledger = await SolanaLedger.create(opts.now ? { now: opts.now } : {})
  const methods = createRpc(ledger)

  const call = async (req: RpcRequest): Promise<unknown> => {
    const id = req.id ?? null
    if (!req || typeof req !== 'object' || typeof req.method !== 'string') return errorReply(id, RPC_CODES.invalidRequest, 'Invalid request')
    const method = methods[req.method]
    if (!method) return errorReply(id, RPC_CODES.methodNotFound, 'Method not found')
    const params = Array.isArray(req.params) ? req.params : req.params === undefined ? [] : null
    if (params === null) return errorReply(id, RPC_CODES.invalidParams, 'Invalid params')
    try {
      return { jsonrpc: '2.0', result: await method(params), id }
    } catch (error) {
      if (error instanceof RpcError) return errorReply(id, error.code, error.message, error.data)
      // A surprise from the engine is this devnet's bug, reported to the caller rather than crashing the chain.
      return errorReply(id, -32603, `Internal error: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  const answer = async (body: string): Promise<unknown> => {
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return errorReply(null, RPC_CODES.parse, 'Parse error')
    }
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) return errorReply(null, RPC_CODES.invalidRequest, 'Invalid request')
      return Promise.all(parsed.map((r) => call(r as RpcRequest)))
    }
    return call(parsed as RpcRequest)
  }

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const origin = req.headers.origin
    res.setHeader('access-control-allow-origin', origin ?? '*')
    if (origin) res.setHeader('vary', 'Origin')
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS')
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type')
    res.setHeader('access-control-max-age', '600')
    if (req.headers['access-control-request-private-network']) res.setHeader('access-control-allow-private-network', 'true')
    const method = (req.method ?? 'GET').toUpperCase()
    if (method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    if (method === 'GET' && (req.url === '/health' || req.url === '/')) {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
      return
    }
    if (method !== 'POST') {
      res.writeHead(405, { 'content-type': 'text/plain' }).end('Use POST with a JSON-RPC body')
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > MAX_BODY) req.destroy()
      else chunks.push(c)
    })
    req.on('end', () => {
      void answer(Buffer.concat(chunks).toString('utf8')).then((reply) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(stringifyJson(reply))
      })
    })
  }

  const rpcServer = createServer(handle)
  const wsHttp = createServer((_req, res) => res.writeHead(426).end('Upgrade to a WebSocket'))
  const pubsub = createPubSub(ledger)
  const wss = new WebSocketServer({ noServer: true })
  wss.on('connection', (socket) => pubsub.attach(socket))
  for (const server of [rpcServer, wsHttp]) {
    server.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req)))
  }

  const listen = (server: Server, port: number): Promise<number> =>
    new Promise((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, DEVNET_HOST, () => {
        server.off('error', reject)
        resolve((server.address() as AddressInfo).port)
      })
    })
  const close = (server: Server): Promise<void> =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })

  const port = await listen(rpcServer, opts.port)
  let wsPort: number
  try {
    wsPort = await listen(wsHttp, opts.wsPort ?? (opts.port === 0 ? 0 : port + 1))
  } catch (error) {
    await close(rpcServer)
    throw error
  }

  let stopped: Promise<void> | null = null
  return {
    rpcUrl: `http://${DEVNET_HOST}:${port}`,
    wsUrl: `ws://${DEVNET_HOST}:${wsPort}`,
    port,
    wsPort,
    ledger,
    stop: () =>
      (stopped ??= (async () => {
        pubsub.close()
        for (const client of wss.clients) client.terminate()
        wss.close()
        await Promise.all([close(rpcServer), close(wsHttp)])
      })()),
  }
}

interface Subscription {
  socket: WebSocket
  kind: 'signature' | 'account' | 'slot'
  key: string
  encoding: unknown
}

/** signatureSubscribe, accountSubscribe and slotSubscribe with their notifications. */
function createPubSub(ledger: SolanaLedger): { attach(socket: WebSocket): void; close(): void } {
  const subs = new Map<number, Subscription>()
  const rpc = createRpc(ledger)
  let nextId = 1

  const send = (socket: WebSocket, message: unknown): void => {
    if (socket.readyState === socket.OPEN) socket.send(stringifyJson(message))
  }
  const notify = (id: number, sub: Subscription, method: string, result: unknown): void =>
    send(sub.socket, { jsonrpc: '2.0', method, params: { result, subscription: id } })

  const signatureDone = (id: number, sub: Subscription, record: TxRecord): void => {
    notify(id, sub, 'signatureNotification', { context: { slot: record.slot }, value: { err: record.err } })
    subs.delete(id)
  }

  const unsubscribeLedger = ledger.subscribe({
    onTransaction(record) {
      const touched = new Set(record.accountKeys)
      for (const [id, sub] of subs) {
        if (sub.kind === 'signature' && sub.key === record.signature) signatureDone(id, sub, record)
        else if (sub.kind === 'account' && touched.has(sub.key)) {
          const info = rpc.getAccountInfo!([sub.key, { encoding: sub.encoding }]) as { context: unknown; value: unknown }
          notify(id, sub, 'accountNotification', { context: { slot: record.slot }, value: info.value })
        }
      }
    },
    onSlot(slot) {
      for (const [id, sub] of subs) if (sub.kind === 'slot') notify(id, sub, 'slotNotification', { parent: slot - 1, root: slot, slot })
    },
  })

  const handle = (socket: WebSocket, raw: string): void => {
    let req: RpcRequest
    try {
      req = JSON.parse(raw) as RpcRequest
    } catch {
      send(socket, errorReply(null, RPC_CODES.parse, 'Parse error'))
      return
    }
    const params = Array.isArray(req.params) ? req.params : []
    const reply = (result: unknown): void => send(socket, { jsonrpc: '2.0', result, id: req.id ?? null })
    const kinds: Record<string, Subscription['kind']> = { signatureSubscribe: 'signature', accountSubscribe: 'account', slotSubscribe: 'slot' }
    const method = String(req.method)
    const kind = kinds[method]
    if (kind) {
      const key = kind === 'slot' ? '' : params[0]
      if (typeof key !== 'string') {
        send(socket, errorReply(req.id, RPC_CODES.invalidParams, 'Invalid params'))
        return
      }
      const id = nextId++
      const options = (params[1] ?? {}) as Record<string, unknown>
      const sub: Subscription = { socket, kind, key, encoding: options.encoding ?? 'base64' }
      subs.set(id, sub)
      reply(id)
      // Already landed: a validator would have notified at the slot; tell the late subscriber now.
      const landed = kind === 'signature' ? ledger.transaction(key) : null
      if (landed) signatureDone(id, sub, landed)
      return
    }
    if (/^(signature|account|slot)Unsubscribe$/.test(method)) {
      const id = params[0]
      const sub = typeof id === 'number' ? subs.get(id) : undefined
      if (!sub || sub.socket !== socket) {
        send(socket, errorReply(req.id, RPC_CODES.invalidParams, 'Invalid subscription id.'))
        return
      }
      subs.delete(id as number)
      reply(true)
      return
    }
    send(socket, errorReply(req.id, RPC_CODES.methodNotFound, 'Method not found'))
  }

  return {
    attach(socket) {
      socket.on('message', (data) => handle(socket, String(data)))
      socket.on('close', () => {
        for (const [id, sub] of subs) if (sub.socket === socket) subs.delete(id)
      })
    },
    close() {
      unsubscribeLedger()
      subs.clear()
    },
  }
}
