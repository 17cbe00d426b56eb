/**
 * The server's log: JSON lines on stdout, one per request (Fastify's default is two, "incoming
 * request" and "request completed"), written without blocking the request that logs (pino's
 * asynchronous destination: lines go out as the pipe takes them, the last ones flushed when the
 * server closes). Under load the log's writes cost more than a cached read itself.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import pino from 'pino'

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Said once, when it completes.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // The path without its query: project ids and addresses stay out of the log.
    const line = { method: request.method, path: request.url.split('?', 1)[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request')
  }
}

/** Stdout without blocking: flushed by `flush()` (the server's onClose). */
export function asyncStdout(): { stream: pino.DestinationStream; flush(): void } {
  const destination = pino.destination({ dest: 1, sync: false })
  return {
    stream: destination,
    flush: () => {
      try {
        destination.flushSync()
      } catch {
        // Nothing written yet, or stdout gone: nothing to flush.
      }
    },
  }
}
