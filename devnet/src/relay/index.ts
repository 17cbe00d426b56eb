/**
 * A local WalletConnect relay for the devnet: the irn JSON-RPC protocol over WebSocket, enough
 * for @walletconnect/sign-client 2.25 on both sides (dapp and wallet). See README.md for what it
 * does and where it differs from the hosted relay.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'
import { WebSocketServer, WebSocket } from 'ws'
import { DEFAULT_TTL_SECONDS, Mailbox, type Delivery } from './mailbox'
import { idKey, isRequest, parseFrame, serializeFrame, type RpcId, type RpcRequest } from './json-frames'
import { verifyStandInHtml } from './verify-stand-in'

export interface RelayOptions {
  port: number
  host?: string
  /** Milliseconds between WebSocket pings to every client (Node clients drop a link silent for 35 s). */
  pingIntervalMs?: number
  /** Clock for message timestamps and TTLs; defaults to Date.now. */
  now?: () => number
  /** Called for every frame in and out; for debugging and tests. */
  onFrame?: (direction: 'in' | 'out', clientId: string, text: string) => void
}

export interface RelayHandle {
  /** ws://host:port */
  url: string
  /**
   * http://host:port: GET /health (counts), POST /restart?downMs= (restart(), optionally staying
   * down that long, for tests in another process), GET /v3/attestation (the Verify stand-in).
   */
  httpUrl: string
  port: number
  /** Closes every connection and the listener; the relay's memory is dropped. */
  stop(): Promise<void>
  /**
   * Drops every connection and the listener, then (after downMs, default 0) listens again on the
   * same port, keeping subscriptions and stored messages, as a hosted relay node restarting behind
   * the same address.
   */
  restart(downMs?: number): Promise<void>
  /** How many WebSocket clients are connected now. */
  connections(): number
  stats(): { topics: number; messages: number; subscriptions: number; connections: number }
}

interface Client {
  id: string
  socket: WebSocket
  /** irn_subscription requests sent and not acknowledged yet: request id -> message seq. */
  inFlight: Map<string, number>
}

const PARSE_ERROR = -32700
const INVALID_REQUEST = -32600
const METHOD_NOT_FOUND = -32601
const INVALID_PARAMS = -32602

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function requireString(params: Record<string, unknown>, key: string): string {
  const value = params[key]
  if (typeof value !== 'string' || value.length === 0) throw new RpcError(INVALID_PARAMS, `Missing or invalid ${key}`)
  return value
}

function requireTopics(params: Record<string, unknown>): string[] {
  const topics = params.topics
  if (!Array.isArray(topics) || topics.some((t) => typeof t !== 'string' || t.length === 0)) {
    throw new RpcError(INVALID_PARAMS, 'Missing or invalid topics')
  }
  return topics as string[]
}

function numberParam(params: Record<string, unknown>, key: string, fallback: number): number {
  const value = params[key]
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value)
  return fallback
}

/**
 * Checks the `auth` query parameter: a relay-auth JWT signed by the client's ed25519 key, not
 * expired. Returns the client id (the JWT issuer, a did:key) or undefined when it is not valid.
 */
export async function authenticate(auth: string | null, nowMs: number): Promise<string | undefined> {
  if (!auth) return undefined
  try {
    if (!(await verifyJWT(auth))) return undefined
    const { payload } = decodeJWT(auth)
    if (typeof payload.iss !== 'string' || !payload.iss.startsWith('did:key:')) return undefined
    if (typeof payload.exp === 'number' && payload.exp * 1000 < nowMs) return undefined
    return payload.iss
  } catch {
    return undefined
  }
}

export async function startRelay(options: RelayOptions): Promise<RelayHandle> {
  const host = options.host ?? '127.0.0.1'
  const now = options.now ?? Date.now
  const pingIntervalMs = options.pingIntervalMs ?? 15_000
  const mailbox = new Mailbox(now)
  const clients = new Map<string, Set<Client>>()
  let nextRequestId = 1

  const wss = new WebSocketServer({ noServer: true })
  let server: Server = createServer()
  let port = options.port
  /** Every TCP connection of the current listener, upgraded or not (a restart ends them all). */
  let rawSockets = new Set<Socket>()
  /** Counts listens, so an upgrade checked across a restart is not accepted by the new one. */
  let generation = 0
  let accepting = false

  function send(client: Client, frame: Parameters<typeof serializeFrame>[0]): void {
    if (client.socket.readyState !== WebSocket.OPEN) return
    const text = serializeFrame(frame)
    options.onFrame?.('out', client.id, text)
    client.socket.send(text)
  }

  function deliver(deliveries: readonly Delivery[]): void {
    for (const d of deliveries) {
      for (const client of clients.get(d.clientId) ?? []) {
        const id = nextRequestId++
        client.inFlight.set(String(id), d.message.seq)
        send(client, {
          id,
          jsonrpc: '2.0',
          method: 'irn_subscription',
          params: {
            id: d.subscriptionId,
            data: {
              topic: d.message.topic,
              message: d.message.message,
              publishedAt: d.message.publishedAt,
              tag: d.message.tag,
              attestation: d.message.attestation,
            },
          },
        })
      }
    }
  }

  function publish(client: Client, topic: string, message: string, params: Record<string, unknown>): void {
    deliver(
      mailbox.publish({
        publisher: client.id,
        topic,
        message,
        ttlSeconds: numberParam(params, 'ttl', DEFAULT_TTL_SECONDS),
        tag: numberParam(params, 'tag', 0),
        // Always empty: wallets then skip Verify instead of fetching its hosted key (README.md).
        attestation: '',
      }),
    )
  }

  function subscribe(client: Client, topic: string): string {
    const { id, due } = mailbox.subscribe(client.id, topic)
    // Deliver after the response so the client has the subscription id before the first message.
    queueMicrotask(() => deliver(due))
    return id
  }

  function handle(client: Client, request: RpcRequest): unknown {
    const params = isObject(request.params) ? request.params : {}
    switch (request.method) {
      case 'irn_subscribe':
        return subscribe(client, requireString(params, 'topic'))
      case 'irn_batchSubscribe':
        return requireTopics(params).map((topic) => subscribe(client, topic))
      case 'irn_unsubscribe':
        mailbox.unsubscribe(client.id, requireString(params, 'topic'))
        return true
      case 'irn_batchUnsubscribe': {
        const subs = params.subscriptions
        if (!Array.isArray(subs)) throw new RpcError(INVALID_PARAMS, 'Missing or invalid subscriptions')
        for (const sub of subs) {
          if (isObject(sub) && typeof sub.topic === 'string') mailbox.unsubscribe(client.id, sub.topic)
        }
        return true
      }
      case 'irn_publish':
        publish(client, requireString(params, 'topic'), requireString(params, 'message'), params)
        return true
      case 'irn_batchPublish': {
        const messages = params.messages
        if (!Array.isArray(messages)) throw new RpcError(INVALID_PARAMS, 'Missing or invalid messages')
        for (const m of messages) {
          if (!isObject(m)) throw new RpcError(INVALID_PARAMS, 'Missing or invalid messages')
          publish(client, requireString(m, 'topic'), requireString(m, 'message'), m)
        }
        return true
      }
      case 'irn_fetchMessages':
      case 'irn_batchFetchMessages': {
        const topics = request.method === 'irn_fetchMessages' ? [requireString(params, 'topic')] : requireTopics(params)
        const messages = mailbox.pending(client.id, topics).map((d) => ({
          topic: d.message.topic,
          message: d.message.message,
          publishedAt: d.message.publishedAt,
          tag: d.message.tag,
          attestation: d.message.attestation,
        }))
        return { messages, hasMore: false }
      }
      case 'wc_proposeSession': {
        // The dapp created the pairing with skipSubscribe: the relay subscribes it here.
        const pairingTopic = requireString(params, 'pairingTopic')
        const proposal = requireString(params, 'sessionProposal')
        mailbox.subscribe(client.id, pairingTopic)
        publish(client, pairingTopic, proposal, params)
        return true
      }
      case 'wc_approveSession': {
        // The wallet registered the session topic with skipSubscribe: the relay subscribes it here.
        const sessionTopic = requireString(params, 'sessionTopic')
        const pairingTopic = requireString(params, 'pairingTopic')
        const response = requireString(params, 'sessionProposalResponse')
        const settle = requireString(params, 'sessionSettlementRequest')
        mailbox.subscribe(client.id, sessionTopic)
        publish(client, pairingTopic, response, params)
        publish(client, sessionTopic, settle, params)
        return true
      }
      default:
        throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${request.method}`)
    }
  }

  function onText(client: Client, text: string): void {
    options.onFrame?.('in', client.id, text)
    const frame = parseFrame(text)
    if (!frame) {
      send(client, { id: 0, jsonrpc: '2.0', error: { code: PARSE_ERROR, message: 'Parse error' } })
      return
    }
    if (!isRequest(frame)) {
      // An acknowledgement of an irn_subscription we sent.
      const key = idKey(frame.id)
      const seq = client.inFlight.get(key)
      if (seq !== undefined) {
        client.inFlight.delete(key)
        if (!('error' in frame && frame.error)) mailbox.acknowledge(client.id, seq)
      }
      return
    }
    const id: RpcId = frame.id
    try {
      if (frame.jsonrpc !== '2.0') throw new RpcError(INVALID_REQUEST, 'Invalid request')
      const result = handle(client, frame)
      send(client, { id, jsonrpc: '2.0', result })
    } catch (e) {
      const error = e instanceof RpcError ? e : new RpcError(INVALID_REQUEST, (e as Error).message)
      send(client, { id, jsonrpc: '2.0', error: { code: error.code, message: error.message } })
    }
  }

  wss.on('connection', (socket: WebSocket, _req: IncomingMessage, clientId: string) => {
    const client: Client = { id: clientId, socket, inFlight: new Map() }
    let set = clients.get(clientId)
    if (!set) {
      set = new Set()
      clients.set(clientId, set)
    }
    set.add(client)
    socket.on('message', (data, isBinary) => {
      if (isBinary) return
      onText(client, Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8'))
    })
    socket.on('close', () => {
      const current = clients.get(clientId)
      current?.delete(client)
      if (current && current.size === 0) clients.delete(clientId)
    })
    socket.on('error', () => socket.terminate())
  })

  function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    // A client that goes away while its JWT is being checked must not crash the relay.
    socket.on('error', () => socket.destroy())
    const url = new URL(req.url ?? '/', 'http://relay.invalid')
    const listening = generation
    void authenticate(url.searchParams.get('auth'), now()).then((clientId) => {
      // The relay started closing while the JWT was checked: this socket belongs to the old listener.
      if (listening !== generation || !accepting) {
        socket.destroy()
        return
      }
      if (!clientId) {
        rejectUpgrade(socket, 401, 'Unauthorized')
        return
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req, clientId))
    })
  }

  function onRequest(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://relay.invalid')
    if (url.pathname === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ status: 'ok', ...stats() }))
      return
    }
    if (url.pathname === '/restart' && req.method === 'POST') {
      // For tests in another process (e2e): answer first, then drop everything and listen again.
      const downMs = Math.min(Math.max(Number(url.searchParams.get('downMs') ?? 0) || 0, 0), 30_000)
      res.writeHead(202, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ status: 'restarting', downMs }), () => {
        setTimeout(() => void restart(downMs), 0)
      })
      return
    }
    if (url.pathname === '/v3/attestation') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(verifyStandInHtml())
      return
    }
    res.writeHead(404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ message: 'Not found' }))
  }

  function stats() {
    let connections = 0
    for (const set of clients.values()) connections += set.size
    return { ...mailbox.stats(), connections }
  }

  async function listen(): Promise<void> {
    server = createServer(onRequest)
    server.on('upgrade', onUpgrade)
    const raw = new Set<Socket>()
    rawSockets = raw
    server.on('connection', (socket: Socket) => {
      raw.add(socket)
      socket.once('close', () => raw.delete(socket))
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => {
        server.off('error', reject)
        const address = server.address()
        if (address && typeof address === 'object') port = address.port
        generation += 1
        accepting = true
        resolve()
      })
    })
  }

  async function close(): Promise<void> {
    // Stop listening first. A client told to go away reconnects at once: with the listener still
    // open it would land on the old server, keep it from closing (the restart would hang) and be
    // cut again; with the port shut it retries until the relay listens again.
    accepting = false
    const listenerClosed = new Promise<void>((resolve) => server.close(() => resolve()))
    // A close frame first (1012: service restart) so clients notice at once, then the hard cut.
    const sockets = [...clients.values()].flatMap((set) => [...set].map((c) => c.socket))
    clients.clear()
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              socket.terminate()
              resolve()
            }, 200)
            socket.once('close', () => {
              clearTimeout(timer)
              resolve()
            })
            socket.close(1012, 'Service Restart')
          }),
      ),
    )
    // Whatever is left on the old listener: idle HTTP connections and upgrades still being checked.
    server.closeAllConnections()
    for (const socket of rawSockets) socket.destroy()
    await listenerClosed
  }

  let restarting: Promise<void> | undefined
  function restart(downMs: number): Promise<void> {
    restarting ??= (async () => {
      try {
        await close()
        if (downMs > 0) await new Promise((r) => setTimeout(r, downMs))
        await listen()
      } finally {
        restarting = undefined
      }
    })()
    return restarting
  }

  await listen()
  const pinger = setInterval(() => {
    for (const set of clients.values()) for (const client of set) {
      if (client.socket.readyState === WebSocket.OPEN) client.socket.ping()
    }
  }, pingIntervalMs)
  pinger.unref()
  const sweeper = setInterval(() => mailbox.sweep(), 60_000)
  sweeper.unref()

  const hostForUrl = host.includes(':') ? `[${host}]` : host
  return {
    url: `ws://${hostForUrl}:${port}`,
    httpUrl: `http://${hostForUrl}:${port}`,
    port,
    async stop() {
      clearInterval(pinger)
      clearInterval(sweeper)
      await close()
      wss.close()
    },
    restart: (downMs = 0) => restart(downMs),
    connections: () => stats().connections,
    stats,
  }
}
