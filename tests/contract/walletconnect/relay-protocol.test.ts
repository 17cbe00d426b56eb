/**
 * The devnet relay at the wire: raw JSON-RPC over WebSocket from hand-made clients holding
 * relay-auth keys, as sign-client 2.25 speaks it.
 */
import { createHash, randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { generateKeyPair, signJWT, encodeIss } from '@walletconnect/relay-auth'
import { WebSocket } from 'ws'
import { startRelay, type RelayHandle } from '../../../devnet/src/relay'
import { verifyStandInHtml, standInAttestation } from '../../../devnet/src/relay/verify-stand-in'
import { freePort } from './harness'

interface Frame {
  id: number | string
  jsonrpc: '2.0'
  method?: string
  params?: { id?: string; data?: { topic: string; message: string; publishedAt: number; tag: number; attestation: string } }
  result?: unknown
  error?: { code: number; message: string }
}

/** A relay client speaking raw frames, auto-acknowledging irn_subscription unless told not to. */
class RawClient {
  readonly did: string
  private socket?: WebSocket
  readonly received: Frame[] = []
  private waiters: { predicate: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = []
  private nextId = 1
  autoAck = true

  constructor(private readonly keyPair = generateKeyPair()) {
    this.did = encodeIss(keyPair.publicKey)
  }

  async jwt(relayUrl: string, opts: { ttl?: number; iat?: number } = {}): Promise<string> {
    return signJWT(randomBytes(32).toString('hex'), relayUrl, opts.ttl ?? 86_400, this.keyPair, opts.iat)
  }

  async connect(relayUrl: string, auth?: string): Promise<void> {
    const token = auth ?? (await this.jwt(relayUrl))
    const socket = new WebSocket(`${relayUrl}/?auth=${encodeURIComponent(token)}&projectId=walletgate-test`)
    this.socket = socket
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame
      this.received.push(frame)
      if (frame.method === 'irn_subscription' && this.autoAck) this.send({ id: frame.id, jsonrpc: '2.0', result: true })
      for (const w of [...this.waiters]) {
        if (w.predicate(frame)) {
          this.waiters.splice(this.waiters.indexOf(w), 1)
          w.resolve(frame)
        }
      }
    })
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
  }

  send(frame: unknown): void {
    this.socket!.send(JSON.stringify(frame))
  }

  async request(method: string, params: unknown): Promise<Frame> {
    const id = this.nextId++
    const answer = this.next((f) => f.id === id && f.method === undefined)
    this.send({ id, jsonrpc: '2.0', method, params })
    return answer
  }

  next(predicate: (f: Frame) => boolean, timeoutMs = 3000): Promise<Frame> {
    const earlier = this.received.find(predicate)
    if (earlier) return Promise.resolve(earlier)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame')), timeoutMs)
      this.waiters.push({
        predicate,
        resolve: (f) => {
          clearTimeout(timer)
          resolve(f)
        },
      })
    })
  }

  deliveries(topic?: string): string[] {
    return this.received
      .filter((f) => f.method === 'irn_subscription' && (!topic || f.params?.data?.topic === topic))
      .map((f) => f.params!.data!.message)
  }

  async close(): Promise<void> {
    const socket = this.socket
    if (!socket || socket.readyState === WebSocket.CLOSED) return
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve())
      socket.close()
    })
  }
}

const topic = () => randomBytes(32).toString('hex')
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Resolves once the relay has had time to answer a round trip for this client (ordering barrier). */
async function roundTrip(client: RawClient): Promise<void> {
  await client.request('irn_batchFetchMessages', { topics: [] })
}

let relay: RelayHandle
let nowMs: number
const clients: RawClient[] = []
const newClient = () => {
  const c = new RawClient()
  clients.push(c)
  return c
}

beforeEach(async () => {
  nowMs = Date.UTC(2026, 0, 1)
  relay = await startRelay({ port: await freePort(), now: () => nowMs })
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()))
  await relay.stop()
})

describe('devnet relay: auth', () => {
  async function upgradeStatus(url: string): Promise<number> {
    return new Promise((resolve) => {
      const socket = new WebSocket(url)
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      socket.once('open', () => {
        socket.close()
        resolve(101)
      })
      socket.once('error', () => undefined)
    })
  }

  it('accepts a client with a valid relay-auth JWT', async () => {
    const client = newClient()
    await client.connect(relay.url)
    expect(relay.connections()).toBe(1)
  })

  it('refuses a missing, forged or expired JWT with 401', async () => {
    expect(await upgradeStatus(`${relay.url}/?projectId=p`)).toBe(401)
    const client = new RawClient()
    const jwt = await client.jwt(relay.url)
    const [h, p] = jwt.split('.')
    const forged = `${h}.${p}.${Buffer.alloc(64, 1).toString('base64url')}`
    expect(await upgradeStatus(`${relay.url}/?auth=${forged}`)).toBe(401)
    const expired = await client.jwt(relay.url, { ttl: 60, iat: Math.floor(nowMs / 1000) - 3600 })
    expect(await upgradeStatus(`${relay.url}/?auth=${expired}`)).toBe(401)
    expect(await upgradeStatus(`${relay.url}/?auth=${jwt}`)).toBe(101)
  })
})

describe('devnet relay: irn protocol', () => {
  it('irn_subscribe answers sha256(topic + client did) and irn_batchSubscribe one id per topic', async () => {
    const client = newClient()
    await client.connect(relay.url)
    const t1 = topic()
    const t2 = topic()
    expect((await client.request('irn_subscribe', { topic: t1 })).result).toBe(sha256(t1 + client.did))
    expect((await client.request('irn_batchSubscribe', { topics: [t1, t2] })).result).toEqual([
      sha256(t1 + client.did),
      sha256(t2 + client.did),
    ])
  })

  it('delivers a publish to the other subscribers, not back to the publisher, with its tag and an empty attestation', async () => {
    const a = newClient()
    const b = newClient()
    await a.connect(relay.url)
    await b.connect(relay.url)
    const t = topic()
    await a.request('irn_subscribe', { topic: t })
    await b.request('irn_subscribe', { topic: t })
    expect((await a.request('irn_publish', { topic: t, message: 'hello', ttl: 300, tag: 1108, attestation: 'jwt' })).result).toBe(true)
    const delivered = await b.next((f) => f.method === 'irn_subscription')
    expect(delivered.params).toEqual({
      id: sha256(t + b.did),
      data: { topic: t, message: 'hello', publishedAt: nowMs, tag: 1108, attestation: '' },
    })
    await roundTrip(a)
    expect(a.deliveries()).toEqual([])
  })

  it('keeps messages for a subscriber that is offline and delivers them when it subscribes again', async () => {
    const a = newClient()
    const b = newClient()
    await a.connect(relay.url)
    await b.connect(relay.url)
    const t = topic()
    await b.request('irn_subscribe', { topic: t })
    await b.close()
    await a.request('irn_publish', { topic: t, message: 'while you were away', ttl: 300, tag: 1 })
    await b.connect(relay.url)
    await b.request('irn_batchSubscribe', { topics: [t] })
    await b.next((f) => f.method === 'irn_subscription')
    expect(b.deliveries(t)).toEqual(['while you were away'])
  })

  it('delivers messages published before anyone subscribed to the first subscriber', async () => {
    const a = newClient()
    const b = newClient()
    await a.connect(relay.url)
    await b.connect(relay.url)
    const t = topic()
    await a.request('irn_publish', { topic: t, message: 'first', ttl: 300, tag: 1 })
    await a.request('irn_publish', { topic: t, message: 'second', ttl: 300, tag: 1 })
    await b.request('irn_subscribe', { topic: t })
    await b.next((f) => f.params?.data?.message === 'second')
    expect(b.deliveries(t)).toEqual(['first', 'second'])
  })

  it('redelivers an unacknowledged message on the next subscribe, but not an acknowledged one', async () => {
    const a = newClient()
    const b = newClient()
    await a.connect(relay.url)
    await b.connect(relay.url)
    const t = topic()
    await b.request('irn_subscribe', { topic: t })
    b.autoAck = false
    await a.request('irn_publish', { topic: t, message: 'unacked', ttl: 300, tag: 1 })
    await b.next((f) => f.method === 'irn_subscription')
    b.autoAck = true
    await b.request('irn_subscribe', { topic: t })
    await b.next((f) => f.method === 'irn_subscription' && b.deliveries(t).length === 2)
    await roundTrip(b)
    await b.request('irn_subscribe', { topic: t })
    await roundTrip(b)
    expect(b.deliveries(t)).toEqual(['unacked', 'unacked'])
  })

  it('drops a message when its TTL runs out', async () => {
    const a = newClient()
    const b = newClient()
    await a.connect(relay.url)
    await b.connect(relay.url)
    const t = topic()
    await a.request('irn_publish', { topic: t, message: 'short-lived', ttl: 30, tag: 1 })
    nowMs += 31_000
    await b.request('irn_subscribe', { topic: t })
    await roundTrip(b)
    expect(b.deliveries(t)).toEqual([])
    expect(relay.stats().messages).toBe(0)
  })

  it('stops delivering after irn_unsubscribe', async () => {
    const a = newClient()
    const b = newClient()
    await a.connect(relay.url)
    await b.connect(relay.url)
    const t = topic()
    await b.request('irn_subscribe', { topic: t })
    expect((await b.request('irn_unsubscribe', { topic: t, id: sha256(t + b.did) })).result).toBe(true)
    await a.request('irn_publish', { topic: t, message: 'nobody listens', ttl: 300, tag: 1 })
    await roundTrip(b)
    expect(b.deliveries(t)).toEqual([])
  })

  it('irn_batchFetchMessages returns what is waiting without a push', async () => {
    const a = newClient()
    const b = newClient()
    await a.connect(relay.url)
    await b.connect(relay.url)
    const t = topic()
    await b.request('irn_subscribe', { topic: t })
    await b.close()
    await a.request('irn_publish', { topic: t, message: 'fetch me', ttl: 300, tag: 7 })
    await b.connect(relay.url)
    const answer = await b.request('irn_batchFetchMessages', { topics: [t] })
    expect(answer.result).toEqual({
      messages: [{ topic: t, message: 'fetch me', publishedAt: nowMs, tag: 7, attestation: '' }],
      hasMore: false,
    })
  })

  it('wc_proposeSession subscribes the dapp to the pairing topic and publishes the proposal on it', async () => {
    const dapp = newClient()
    const wallet = newClient()
    await dapp.connect(relay.url)
    await wallet.connect(relay.url)
    const pairing = topic()
    const answer = await dapp.request('wc_proposeSession', {
      pairingTopic: pairing,
      sessionProposal: 'proposal',
      ttl: 300,
      tag: 1100,
      attestation: '',
    })
    expect(answer.result).toBe(true)
    await wallet.request('irn_subscribe', { topic: pairing })
    const proposal = await wallet.next((f) => f.method === 'irn_subscription')
    expect(proposal.params?.data).toMatchObject({ topic: pairing, message: 'proposal', tag: 1100 })
    // The wallet's answer on the pairing topic reaches the dapp without the dapp subscribing itself.
    await wallet.request('irn_publish', { topic: pairing, message: 'answer', ttl: 300, tag: 1101 })
    const reply = await dapp.next((f) => f.method === 'irn_subscription')
    expect(reply.params).toMatchObject({ id: sha256(pairing + dapp.did), data: { message: 'answer' } })
  })

  it('wc_approveSession answers on the pairing topic, settles on the session topic and subscribes the wallet to it', async () => {
    const dapp = newClient()
    const wallet = newClient()
    await dapp.connect(relay.url)
    await wallet.connect(relay.url)
    const pairing = topic()
    const session = topic()
    await dapp.request('irn_subscribe', { topic: pairing })
    const answer = await wallet.request('wc_approveSession', {
      sessionTopic: session,
      pairingTopic: pairing,
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
    })
    expect(answer.result).toBe(true)
    await dapp.next((f) => f.params?.data?.message === 'response')
    await dapp.request('irn_subscribe', { topic: session })
    await dapp.next((f) => f.params?.data?.message === 'settle')
    await dapp.request('irn_publish', { topic: session, message: 'settle ack', ttl: 300, tag: 1103 })
    const ack = await wallet.next((f) => f.method === 'irn_subscription')
    expect(ack.params).toMatchObject({ id: sha256(session + wallet.did), data: { topic: session, message: 'settle ack' } })
  })

  it('keeps subscriptions and stored messages across restart()', async () => {
    const a = newClient()
    const b = newClient()
    await a.connect(relay.url)
    await b.connect(relay.url)
    const t = topic()
    await b.request('irn_subscribe', { topic: t })
    const closed = new Promise<void>((resolve) => (b as unknown as { socket: WebSocket }).socket.once('close', () => resolve()))
    await relay.restart()
    await closed
    expect(relay.connections()).toBe(0)
    await a.connect(relay.url)
    await a.request('irn_publish', { topic: t, message: 'after restart', ttl: 300, tag: 1 })
    await b.connect(relay.url)
    await b.request('irn_batchSubscribe', { topics: [t] })
    await b.next((f) => f.params?.data?.message === 'after restart')
    expect(b.deliveries(t)).toEqual(['after restart'])
  })

  it('POST /restart?downMs restarts over HTTP (for tests in another process), down for that long, state kept', async () => {
    const a = newClient()
    const b = newClient()
    await b.connect(relay.url)
    const t = topic()
    await b.request('irn_subscribe', { topic: t })
    const closed = new Promise<void>((resolve) => (b as unknown as { socket: WebSocket }).socket.once('close', () => resolve()))
    const res = await fetch(`${relay.httpUrl}/restart?downMs=300`, { method: 'POST' })
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ status: 'restarting', downMs: 300 })
    await closed
    await expect(a.connect(relay.url)).rejects.toThrow()
    let health: Response | undefined
    for (let i = 0; i < 200 && !health; i++) {
      health = await fetch(`${relay.httpUrl}/health`).catch(() => undefined)
      if (!health) await new Promise((r) => setTimeout(r, 20))
    }
    expect(await health!.json()).toMatchObject({ status: 'ok', subscriptions: 1 })
    await a.connect(relay.url)
    await a.request('irn_publish', { topic: t, message: 'back', ttl: 300, tag: 1 })
    await b.connect(relay.url)
    await b.request('irn_batchSubscribe', { topics: [t] })
    await b.next((f) => f.params?.data?.message === 'back')
  })

  it('answers JSON-RPC errors for unknown methods and bad params, and keeps big request ids exact', async () => {
    const client = newClient()
    await client.connect(relay.url)
    expect((await client.request('irn_nope', {})).error?.code).toBe(-32601)
    expect((await client.request('irn_subscribe', {})).error?.code).toBe(-32602)
    const raw = await new Promise<string>((resolve) => {
      const socket = (client as unknown as { socket: WebSocket }).socket
      socket.once('message', (data) => resolve(String(data)))
      socket.send('{"id":1795315421003993600,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"abc"}}')
    })
    expect(raw.startsWith('{"id":1795315421003993600,')).toBe(true)
  })
})

describe('devnet relay: Verify stand-in', () => {
  it('serves the attestation page that posts a verify_attestation message', async () => {
    const res = await fetch(`${relay.httpUrl}/v3/attestation?projectId=p&origin=http://127.0.0.1:5173&id=abc&decryptedId=def`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toBe(verifyStandInHtml())
    expect(html).toContain("type: 'verify_attestation'")
  })

  it('builds attestations whose payload carries the id asked for', () => {
    const jwt = standInAttestation('abc', 'http://127.0.0.1:5173', nowMs)
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>
    expect(payload).toMatchObject({ id: 'abc', origin: 'http://127.0.0.1:5173', isVerified: false, isScam: false })
  })
})
