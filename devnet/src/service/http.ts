/** A tiny router over node:http: exact methods, `:param` path segments, JSON bodies. */
import type { IncomingMessage } from 'node:http'
import { ChainDataError } from '../../../server/src/index.js'

/** A refusal with its status and the body the caller reads (the server's chain-data error, so its routes answer it). */
export class HttpError extends ChainDataError {
  override readonly name = 'HttpError'
}

export interface RequestContext {
  /** The request's headers (all a handler reads of it). */
  req: Pick<IncomingMessage, 'headers'>
  method: string
  path: string
  query: URLSearchParams
  params: Record<string, string>
  /** Parsed JSON body (undefined for an empty body). Throws HttpError 400 on malformed JSON. */
  json(): Promise<unknown>
  /** Raw body text. */
  text(): Promise<string>
}

/** What a handler returns: a JSON value (200), or a full response. Undefined means it already answered. */
export type HandlerResult =
  | { status?: number; json: unknown }
  | { status?: number; contentType: string; body: string | Buffer; headers?: Record<string, string> }
  | undefined

export type Handler = (ctx: RequestContext) => Promise<HandlerResult> | HandlerResult

export interface Route {
  method: string
  segments: string[]
  handler: Handler
}

export class Router {
  private readonly routes: Route[] = []

  add(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, segments: pattern.split('/').filter(Boolean), handler })
    return this
  }
  get(pattern: string, handler: Handler): this {
    return this.add('GET', pattern, handler)
  }
  post(pattern: string, handler: Handler): this {
    return this.add('POST', pattern, handler)
  }
  delete(pattern: string, handler: Handler): this {
    return this.add('DELETE', pattern, handler)
  }

  /** Every route, in the order they were added. */
  entries(): readonly Route[] {
    return this.routes
  }

  /** Finds the route for a path; `allowed` lists the methods the path answers when the method differs. */
  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | { allowed: string[] } | undefined {
    const parts = path.split('/').filter(Boolean)
    const allowed: string[] = []
    for (const route of this.routes) {
      if (route.segments.length !== parts.length) continue
      const params: Record<string, string> = {}
      let ok = true
      for (let i = 0; i < parts.length; i++) {
        const seg = route.segments[i]!
        const part = parts[i]!
        if (seg.startsWith(':')) {
          try {
            params[seg.slice(1)] = decodeURIComponent(part)
          } catch {
            ok = false
          }
        } else if (seg !== part) ok = false
        if (!ok) break
      }
      if (!ok) continue
      if (route.method === method) return { handler: route.handler, params }
      allowed.push(route.method)
    }
    return allowed.length > 0 ? { allowed } : undefined
  }
}

export function readBody(req: IncomingMessage, limit = 1_000_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > limit) {
        reject(new HttpError(413, 'Request body too large'))
        req.destroy()
        return
      }
      chunks.push(c)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** Reads a required string field from a parsed JSON body. */
export function field(body: unknown, name: string): unknown {
  if (typeof body !== 'object' || body === null) throw new HttpError(400, 'Expected a JSON object body')
  return (body as Record<string, unknown>)[name]
}

export function requireString(body: unknown, name: string): string {
  const v = field(body, name)
  if (typeof v !== 'string' || v === '') throw new HttpError(400, `Missing body field ${name}`)
  return v
}

export function requireQuery(query: URLSearchParams, name: string): string {
  const v = query.get(name)
  if (v === null || v === '') throw new HttpError(400, `Missing query parameter ${name}`)
  return v
}
