/**
 * The load of the fault and load suite: an open-loop generator at a fixed rate (a request starts on
 * each tick whether or not earlier ones finished, so a stalled server shows as latency, not as a
 * gentler load), a realistic mix of the modal's reads and writes, and writes that a client retries
 * with one Idempotency-Key until acknowledged, as the modal does.
 */
import { randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEVNET_CONTRACTS } from '../../devnet/src/config.js'
import { NATIVE_TOKEN } from '../../server/src/chains/uniswap-v2.js'
import { registration, siwe } from '../../server/test/signing.js'
import { CHAIN_ID, PAGE, PROJECT } from './cluster.js'

const SDK = `projectId=${PROJECT}&st=walletgate&sv=walletgate-0.1.0`
const CHAIN = `eip155:${CHAIN_ID}`
const NATIVE = NATIVE_TOKEN
const DVT = DEVNET_CONTRACTS.DVT
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

export type Kind = 'balance' | 'history' | 'identity' | 'name' | 'quote' | 'event' | 'register' | 'signin'

/** The mix, in shares of the requests started (sums to 100). */
export const MIX: readonly [Kind, number][] = [
  ['balance', 24],
  ['history', 16],
  ['identity', 12],
  ['name', 10],
  ['quote', 6],
  ['event', 20],
  ['register', 6],
  ['signin', 6],
]

export interface GetRecord {
  readonly kind: Kind
  readonly at: number
  readonly status: number | 'network'
  readonly ms: number
}

export interface Attempt {
  readonly at: number
  readonly status: number | 'network'
}

export interface WriteRecord {
  readonly kind: 'event' | 'register' | 'signin'
  readonly key: string
  readonly startedAt: number
  attempts: Attempt[]
  acknowledgedAt?: number
  /** The acknowledged answer's body. */
  answer?: Record<string, unknown>
  /** What identifies the write afterwards: the event id, the name, the signed-in address. */
  readonly subject: string
  /** Why it was given up, when it was. */
  gaveUp?: string
}

export interface LoadResult {
  readonly gets: GetRecord[]
  readonly writes: WriteRecord[]
  /** Requests started per second, as configured. */
  readonly rate: number
  readonly durationMs: number
  /** Ticks not sent because too many requests were in flight (a stalled world). */
  readonly skipped: number
}

export interface LoadOptions {
  readonly baseUrl: string
  readonly rate: number
  readonly durationMs: number
  /** Accounts the reads ask about (funded on the chain, followed by the indexer). */
  readonly accounts: readonly string[]
  /** Names registered before the load (the name lookups' targets). */
  readonly names: readonly string[]
  /** How long a write keeps being retried after the load's end before it is given up. */
  readonly drainMs: number
  /** A label that makes this run's names and keys its own. */
  readonly runId: string
  readonly inFlightLimit?: number
}

const newKey = () => randomBytes(18).toString('base64url')

async function attempt(url: string, init: RequestInit): Promise<{ status: number | 'network'; body?: Record<string, unknown> }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) })
    const text = await res.text()
    let body: Record<string, unknown> | undefined
    try {
      body = JSON.parse(text) as Record<string, unknown>
    } catch {
      body = undefined
    }
    return { status: res.status, ...(body === undefined ? {} : { body }) }
  } catch {
    return { status: 'network' }
  }
}

/** Worth asking again with the same key: the request may not have run, or ran and is not answered yet. */
const retryable = (status: number | 'network') => status === 'network' || status >= 500 || status === 409 || status === 429

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const gets: GetRecord[] = []
  const writes: WriteRecord[] = []
  const start = Date.now()
  const loadEnd = start + options.durationMs
  const giveUpAt = loadEnd + options.drainMs
  const limit = options.inFlightLimit ?? 128
  let inFlight = 0
  let skipped = 0
  const running = new Set<Promise<void>>()
  const pick = (n: number): Kind => {
    let at = n % 100
    for (const [kind, share] of MIX) {
      if (at < share) return kind
      at -= share
    }
    return 'balance'
  }
  const account = (i: number) => options.accounts[i % options.accounts.length]!

  const get = async (kind: Kind, path: string) => {
    const t0 = Date.now()
    const { status } = await attempt(`${options.baseUrl}${path}`, { headers: { origin: PAGE } })
    gets.push({ kind, at: t0 - start, status, ms: Date.now() - t0 })
  }

  /** Sends a write until acknowledged (2xx, or a 4xx that is the answer), same key each time. */
  const write = async (record: WriteRecord, send: () => Promise<{ status: number | 'network'; body?: Record<string, unknown> }>) => {
    writes.push(record)
    let backoff = 100
    for (;;) {
      const { status, body } = await send()
      record.attempts.push({ at: Date.now() - start, status })
      if (!retryable(status)) {
        if (typeof status === 'number' && status < 300) {
          record.acknowledgedAt = Date.now() - start
          if (body !== undefined) record.answer = body
        } else record.gaveUp = `answered ${status} ${JSON.stringify(body)}`
        return
      }
      if (Date.now() > giveUpAt) {
        record.gaveUp = `still ${status} when the drain ended`
        return
      }
      await sleep(backoff)
      backoff = Math.min(backoff * 2, 1_000)
    }
  }

  const post = (path: string, key: string, body: unknown) => () =>
    attempt(`${options.baseUrl}${path}`, { method: 'POST', headers: { origin: PAGE, 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) })

  const one = async (n: number) => {
    const kind = pick(n * 37)
    const who = account(n)
    switch (kind) {
      case 'balance':
        // One in four is the modal's refresh after a transaction: read from the chain, not the cache.
        return get(kind, `/v1/account/${who}/balance?${SDK}&chainId=${CHAIN}&currency=usd${n % 4 === 0 ? '&forceUpdate=true' : ''}`)
      case 'history':
        return get(kind, `/v1/account/${who}/history?${SDK}&chainId=${CHAIN}`)
      case 'identity':
        return get(kind, `/v1/identity/${who}?${SDK}`)
      case 'name':
        return get(kind, `/v1/profile/account/${options.names[n % options.names.length]}?${SDK}`)
      case 'quote':
        // A swap quote of the native coin for DVT through the chain's router (the devnet's pools).
        return get(kind, `/v1/convert/quotes?${SDK}&amount=${(n % 9) + 1}000000000000000&userAddress=${who}&from=${CHAIN}:${NATIVE}&to=${CHAIN}:${DVT}`)
      case 'event': {
        const eventId = `${options.runId}-e${n}`
        const body = { eventId, url: `${PAGE}/checkout`, domain: 'app.example', timestamp: Date.now(), props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } } }
        const key = newKey()
        return write({ kind: 'event', key, startedAt: Date.now() - start, attempts: [], subject: eventId }, post(`/e?${SDK}`, key, body))
      }
      case 'register': {
        const name = `${options.runId}-n${n}`
        const signed = await registration(name)
        const key = newKey()
        return write({ kind: 'register', key, startedAt: Date.now() - start, attempts: [], subject: name }, post('/v1/profile/account', key, signed.body))
      }
      case 'signin': {
        const signer = generatePrivateKey()
        const address = privateKeyToAccount(signer).address
        const record: WriteRecord = { kind: 'signin', key: newKey(), startedAt: Date.now() - start, attempts: [], subject: address }
        // The nonce is not a write worth keeping: asked again on any failure.
        let nonce: string | undefined
        while (nonce === undefined) {
          const answer = await attempt(`${options.baseUrl}/auth/v1/nonce`, { method: 'POST', headers: { origin: PAGE } })
          if (answer.status === 201 && typeof answer.body?.nonce === 'string') nonce = answer.body.nonce
          else if (Date.now() > giveUpAt) {
            writes.push({ ...record, gaveUp: `no nonce: ${answer.status}` })
            return
          } else await sleep(200)
        }
        const now = Date.now()
        const session = await siwe(signer, { nonce, chainId: CHAIN, issuedAtMs: now, expiresAtMs: now + 3_600_000 })
        return write(record, post('/auth/v1/authenticate', record.key, { message: session.message, signature: session.signature, caipNetworkId: CHAIN, data: session.data }))
      }
    }
  }

  const interval = 1_000 / options.rate
  for (let n = 0; ; n++) {
    const due = start + n * interval
    if (due >= loadEnd) break
    const wait = due - Date.now()
    if (wait > 0) await sleep(wait)
    if (inFlight >= limit) {
      skipped++
      continue
    }
    inFlight++
    const task = one(n).finally(() => {
      inFlight--
      running.delete(task)
    })
    running.add(task)
  }
  await Promise.all([...running])
  return { gets, writes, rate: options.rate, durationMs: options.durationMs, skipped }
}
