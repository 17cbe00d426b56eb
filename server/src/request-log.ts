/**
 * The server's log: JSON lines on stdout, one per request (Fastify's default is two, "incoming
 * request" and "request completed"), written without blocking the request that logs (pino's
 * asynchronous destination: lines go out as the pipe takes them, the last ones flushed when the
 * server closes).
 *
 * Under load the log cost more than a cached read itself (issue 49's figures): a pino child logger
 * made for every request, and the line serialized field by field. So a request's child logger is
 * made only when something logs through it (an error, a warning), and the request's own line, whose
 * fields are known, is written as text in pino's format (`level`, `time`, `pid`, `hostname`,
 * `reqId`, then the fields and `msg`).
 */
import { hostname } from 'node:os'
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify'
import pino from 'pino'

/** pino's number for `info`. */
const INFO = 30

export class OneLinePerRequest extends LogController {
  private readonly origin = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())},`

  /** `write`: where the request lines go (the logger's destination); without it they go through the request's logger. */
  constructor(private readonly write?: (line: string) => void) {
    super()
  }

  override incomingRequest(): void {
    // Said once, when it completes.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // The path without its query: project ids and addresses stay out of the log.
    const path = request.url.split('?', 1)[0] ?? ''
    const ms = Math.round(reply.elapsedTime * 10) / 10
    if (error) return void reply.log.error({ method: request.method, path, status: reply.statusCode, ms, err: error }, 'request errored')
    if (this.write === undefined || !((pino.levels.values[reply.log.level] ?? Infinity) <= INFO)) return void reply.log.info({ method: request.method, path, status: reply.statusCode, ms }, 'request')
    this.write(
      `{"level":${INFO},"time":${Date.now()},${this.origin}"reqId":${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)},"path":${JSON.stringify(path)},"status":${reply.statusCode},"ms":${ms},"msg":"request"}\n`,
    )
  }
}

/**
 * A request's logger, made from its parent only when first used: most requests log nothing but
 * their line ({@link OneLinePerRequest}), and a pino child per request is most of a cached read's
 * logging cost. Fastify's `childLoggerFactory`.
 */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: pino.Bindings, options: pino.ChildLoggerOptions): FastifyBaseLogger {
  return new LazyChild(logger, bindings, options) as unknown as FastifyBaseLogger
}

class LazyChild {
  private made: FastifyBaseLogger | undefined

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: pino.Bindings,
    private readonly options: pino.ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options))
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level
  }

  set level(level: string) {
    this.logger.level = level
  }

  fatal(...args: Parameters<FastifyBaseLogger['fatal']>): void {
    this.logger.fatal(...args)
  }

  error(...args: Parameters<FastifyBaseLogger['error']>): void {
    this.logger.error(...args)
  }

  warn(...args: Parameters<FastifyBaseLogger['warn']>): void {
    this.logger.warn(...args)
  }

  info(...args: Parameters<FastifyBaseLogger['info']>): void {
    this.logger.info(...args)
  }

  debug(...args: Parameters<FastifyBaseLogger['debug']>): void {
    this.logger.debug(...args)
  }

  trace(...args: Parameters<FastifyBaseLogger['trace']>): void {
    this.logger.trace(...args)
  }

  silent(...args: Parameters<FastifyBaseLogger['silent']>): void {
    this.logger.silent(...args)
  }

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options)
  }
}

/** Lines are written by the 4 KB (one write for some twenty requests under load), and at the latest after this long. */
const LOG_BATCH_BYTES = 4_096
const LOG_FLUSH_MS = 250

/** Stdout without blocking: flushed every {@link LOG_FLUSH_MS} and by `flush()` (the server's onClose). */
export function asyncStdout(): { stream: pino.DestinationStream; write(line: string): void; flush(): void } {
  const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES })
  const flushSync = () => {
    try {
      destination.flushSync()
    } catch {
      // Nothing written yet, or stdout gone: nothing to flush.
    }
  }
  const timer = setInterval(() => destination.flush(), LOG_FLUSH_MS)
  timer.unref()
  return {
    stream: destination,
    write: (line) => void destination.write(line),
    flush: () => {
      clearInterval(timer)
      flushSync()
    },
  }
}
