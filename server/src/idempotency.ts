/**
 * Writes that a client may retry (`Idempotency-Key`, as the IETF draft names it): the first request
 * with a key runs and its answer is kept in the database (migration 13), so that the same request
 * again with the same key, on any replica, gets that answer back (`Idempotent-Replayed: true`)
 * instead of running twice. A registered name, a counted analytics event, an opened sign-in
 * session: each applied once however often the client had to ask.
 *
 * The key belongs to one request: the same key with another body (or route, or project) is refused
 * (422); a key whose first request is still running answers 409 (the client asks again a moment
 * later); a first request that failed on the server's side (5xx) or whose replica died (pending
 * for over a minute) leaves nothing, so the retry runs. A request without the header runs as before.
 * Kept a day, and as the database sees it, opaque: the key only as a hash, and the answer (which may
 * hold a session's token) sealed under a key derived from the Idempotency-Key itself, which only the
 * client holds, so a copy of the database replays nothing.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Clock } from './clock.js'
import type { Queryable } from './db/database.js'

export const IDEMPOTENCY_HEADER = 'idempotency-key'
/** How long an answer is kept for its key. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60_000
/**
 * A first request pending longer than this is taken for dead (its replica went away, or could not
 * record its failure): the server ends every request after 30 s (app.ts's requestTimeout).
 */
export const IDEMPOTENCY_ABANDONED_MS = 35_000
const KEY = /^[A-Za-z0-9_-]{16,128}$/

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key must be 16 to 128 letters, digits, - or _',
  otherRequest: 'This Idempotency-Key was used for another request',
  inProgress: 'A request with this Idempotency-Key is still running; try again in a moment',
} as const

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's writes may be retried with an Idempotency-Key. */
    idempotent?: boolean
  }
  interface FastifyRequest {
    idempotency?: { readonly scope: string; readonly key: string }
  }
}

type Row = { request_hash: string; state: string; status: number | null; body: Uint8Array | null }

const digest = (label: string, ...parts: string[]): Buffer => createHash('sha256').update(JSON.stringify([label, ...parts])).digest()

/** The answer sealed under the client's key (AES-256-GCM: iv, tag, ciphertext). */
function seal(key: string, text: string): Buffer {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', digest('answer', key), iv)
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), sealed])
}

function open(key: string, sealed: Uint8Array): string {
  const bytes = Buffer.from(sealed)
  const decipher = createDecipheriv('aes-256-gcm', digest('answer', key), bytes.subarray(0, 12))
  decipher.setAuthTag(bytes.subarray(12, 28))
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
}

/**
 * Serves Idempotency-Key on the routes whose config says `idempotent`; `scopeOf` names whose key
 * space a request is in (its project, its site), so one caller's key never finds another's answer.
 */
export function registerIdempotency(app: FastifyInstance, db: Queryable, clock: Clock, scopeOf: (request: FastifyRequest) => string): { prune(): Promise<number> } {
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.idempotent !== true) return undefined
    const key = request.headers[IDEMPOTENCY_HEADER]
    if (key === undefined) return undefined
    if (typeof key !== 'string' || !KEY.test(key)) return reply.status(400).send({ message: IDEMPOTENCY_MESSAGES.badKey })
    const scope = digest('scope', request.routeOptions.url ?? request.url, scopeOf(request), key).toString('base64')
    const hash = digest('request', request.method, request.url, JSON.stringify(request.body ?? null)).toString('base64')
    const now = clock.now()
    // A dead replica's pending row no longer holds the key.
    await db.query("DELETE FROM idempotent_requests WHERE scope = $1 AND state = 'pending' AND created_at < $2", [scope, now - IDEMPOTENCY_ABANDONED_MS])
    const { rows: taken } = await db.query("INSERT INTO idempotent_requests (scope, request_hash, state, created_at) VALUES ($1, $2, 'pending', $3) ON CONFLICT (scope) DO NOTHING RETURNING scope", [scope, hash, now])
    if (taken.length > 0) {
      request.idempotency = { scope, key }
      return undefined
    }
    const { rows } = await db.query<Row>('SELECT request_hash, state, status, body FROM idempotent_requests WHERE scope = $1', [scope])
    const kept = rows[0]
    // Gone between the two statements (it failed and was dropped): the client asks again.
    if (kept === undefined || kept.state === 'pending') return reply.status(409).send({ message: IDEMPOTENCY_MESSAGES.inProgress })
    if (kept.request_hash !== hash) return reply.status(422).send({ message: IDEMPOTENCY_MESSAGES.otherRequest })
    return reply
      .status(kept.status ?? 200)
      .header('content-type', 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(kept.body === null ? '' : open(key, kept.body))
  })

  app.addHook('onSend', async (request, reply: FastifyReply, payload) => {
    const taken = request.idempotency
    if (taken === undefined) return payload
    request.idempotency = undefined
    if (reply.statusCode >= 500) {
      // The server failed: nothing is kept, the retry runs. A database still away (what failed the
      // request) gets the deletion again in the background, so the key is free once it is back.
      await db.query('DELETE FROM idempotent_requests WHERE scope = $1', [taken.scope]).catch(() => freeLater(db, taken.scope))
    } else {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : JSON.stringify(payload ?? null)
      await db.query("UPDATE idempotent_requests SET state = 'done', status = $2, body = $3 WHERE scope = $1", [taken.scope, reply.statusCode, seal(taken.key, body)])
    }
    return payload
  })

  // A request that ended without an answer (its client went away mid-way) frees its key.
  app.addHook('onResponse', async (request) => {
    const taken = request.idempotency
    if (taken !== undefined) await db.query("DELETE FROM idempotent_requests WHERE scope = $1 AND state = 'pending'", [taken.scope]).catch(() => freeLater(db, taken.scope))
  })

  return {
    async prune() {
      const { rows } = await db.query('DELETE FROM idempotent_requests WHERE created_at < $1 RETURNING scope', [clock.now() - IDEMPOTENCY_RETENTION_MS])
      return rows.length
    },
  }
}

/** Deletes a failed request's pending row once the database answers again (every 2 s, for a minute). */
function freeLater(db: Queryable, scope: string, triesLeft = 30): void {
  const timer = setTimeout(() => {
    db.query("DELETE FROM idempotent_requests WHERE scope = $1 AND state = 'pending'", [scope]).catch(() => {
      if (triesLeft > 1) freeLater(db, scope, triesLeft - 1)
    })
  }, 2_000)
  timer.unref()
}
