/**
 * Solana JSON-RPC over every RPC URL of a network, with the spec's RPC settings (section 9): each
 * request limited to 10 s, the URLs tried in order (the next one when one fails or hangs), the whole
 * list tried again after 150, 300 and 600 ms. A JSON-RPC error answer is the node's verdict and is
 * not retried on another URL. Plain fetch: reads need no Solana SDK.
 */
import { RPC_REQUEST_TIMEOUT_MS, RPC_RETRY_BASE_DELAY_MS, RPC_RETRY_COUNT } from '../../../domain/constants'
import { NetworkUrlMissingError, NodeAnswerError } from '../adapter-errors'

/** The node answered with a JSON-RPC error; `message` keeps its words. */
export class SolanaRpcError extends Error {
  override readonly name = 'SolanaRpcError' as const
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export interface SolanaRpcOptions {
  readonly timeoutMs?: number
  readonly retryCount?: number
  readonly retryDelayMs?: number
  readonly fetch?: typeof fetch
  /** Waits `ms` (tests give a fake clock's timer). */
  readonly sleep?: (ms: number) => Promise<void>
}

export class SolanaRpc {
  private nextId = 1
  private readonly timeoutMs: number
  private readonly retryCount: number
  private readonly retryDelayMs: number
  private readonly fetcher: typeof fetch
  private readonly sleep: (ms: number) => Promise<void>

  constructor(
    private readonly urls: readonly string[],
    options: SolanaRpcOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? RPC_REQUEST_TIMEOUT_MS
    this.retryCount = options.retryCount ?? RPC_RETRY_COUNT
    this.retryDelayMs = options.retryDelayMs ?? RPC_RETRY_BASE_DELAY_MS
    this.fetcher = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)))
  }

  /**
   * The method's `result`. @throws SolanaRpcError for a JSON-RPC error answer; the last transport
   * error once every URL failed on every attempt; the caller's abort at once.
   */
  async call<T>(method: string, params: readonly unknown[] = [], signal?: AbortSignal): Promise<T> {
    if (this.urls.length === 0) throw new NetworkUrlMissingError('The network has no RPC URL')
    let lastError: unknown
    for (let attempt = 0; attempt <= this.retryCount; attempt++) {
      if (attempt > 0) await this.sleep(this.retryDelayMs * 2 ** (attempt - 1))
      for (const url of this.urls) {
        signal?.throwIfAborted()
        try {
          return await this.once<T>(url, method, params, signal)
        } catch (error) {
          if (error instanceof SolanaRpcError || signal?.aborted === true) throw error
          lastError = error
        }
      }
    }
    throw lastError
  }

  private async once<T>(url: string, method: string, params: readonly unknown[], signal?: AbortSignal): Promise<T> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(new Error(`The RPC did not answer within ${this.timeoutMs} ms`)), this.timeoutMs)
    const onAbort = () => controller.abort(signal?.reason)
    signal?.addEventListener('abort', onAbort, { once: true })
    try {
      const response = await this.fetcher(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params }),
        signal: controller.signal,
      })
      if (!response.ok) throw new NodeAnswerError(`The RPC answered ${response.status}`)
      const body = (await response.json()) as { result?: T; error?: { code?: unknown; message?: unknown; data?: unknown } }
      if (body.error !== undefined && body.error !== null) {
        const { code, message, data } = body.error
        throw new SolanaRpcError(typeof code === 'number' ? code : -32603, typeof message === 'string' ? message : 'RPC error', data)
      }
      return body.result as T
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
  }
}
