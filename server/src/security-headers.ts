/**
 * The security headers every answer carries, as helmet computes them for the server's options,
 * worked out once at start and set on each reply as a plain object. Running helmet's middleware on
 * every request (what @fastify/helmet does) costs more than the rest of a cached read: the headers
 * are the same for every request, so the work need not be.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import helmet, { type HelmetOptions } from 'helmet'

export function securityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  let failure: unknown
  let finished = false
  helmet(options)({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error
    finished = true
  })
  if (!finished || failure !== undefined) throw new Error(`helmet could not work out the security headers once: ${String(failure ?? 'it did not finish at once')}`)
  return Object.freeze(headers)
}
