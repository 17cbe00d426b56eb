/**
 * Keeps one chain's bundler serving that chain as it is now. A bundler belongs to one life of its
 * chain: its keys' money and its simulation contracts are on that chain, so when the chain starts
 * over (a restart, or a node that died and was started again) the bundler is replaced. Each such
 * event asks for a new bundler; a start still under way for an older chain is given up (its child
 * stopped) rather than awaited, and a failed start is tried again, so a chain restarted twice in a
 * row still gets its bundler back. A bundler that dies by itself is started again as well.
 */
import { DEVNET_HOST } from '../../config'
import type { BundlerHandle, StartBundlerOptions } from './bundler'

export type BundlerState = 'up' | 'starting' | 'down'

export interface BundlerStatus {
  url: string
  state: BundlerState
  /** Pid of the bundler serving now (-1 while none runs). */
  pid: number
  /** How many times a bundler was started after the first one. */
  restarts: number
}

export interface BundlerKeeper {
  readonly chainId: number
  readonly url: string
  status(): BundlerStatus
  /** The chain started over: the bundler of its old life goes, one for the fresh chain starts. */
  chainStartedOver(): void
  /**
   * Resolves once the bundler asked for last serves, or rejects once its starts failed (a later
   * chainStartedOver() tries again).
   */
  settled(): Promise<void>
  stop(): Promise<void>
}

export interface KeepBundlerOptions {
  chainId: number
  rpcUrl: string
  port: number
  quiet?: boolean
  log(line: string): void
  /** Starts one bundler (default: ./bundler's startBundler, loaded when first needed). */
  start?(opts: StartBundlerOptions): Promise<BundlerHandle>
  /** Attempts per chain life before the keeper waits for the next one (default 3). */
  attempts?: number
  /** Pause before attempt n + 1 is n times this (default 500 ms). */
  retryDelayMs?: number
}

const defaultStart = async (opts: StartBundlerOptions): Promise<BundlerHandle> => (await import('./bundler')).startBundler(opts)

/** Starts the first bundler and keeps it; rejects if that first start fails. */
export async function keepBundler(opts: KeepBundlerOptions): Promise<BundlerKeeper> {
  const start = opts.start ?? defaultStart
  const attempts = opts.attempts ?? 3
  const retryDelayMs = opts.retryDelayMs ?? 500
  const url = `http://${DEVNET_HOST}:${opts.port}`
  let current: BundlerHandle | undefined
  let state: BundlerState = 'starting'
  let starts = 0
  /** The chain life a bundler is asked for, and the one the last finished start was for. */
  let wanted = 1
  let done = 0
  let lastError: unknown
  let closed = false
  let running: Promise<void> | undefined
  /** Aborts the start under way when a newer chain life (or stop) supersedes it. */
  let inFlight: AbortController | undefined
  let waiters: { resolve(): void; reject(error: unknown): void }[] = []

  const settle = (): void => {
    if (done !== wanted || running !== undefined) return
    for (const w of waiters.splice(0)) {
      if (state === 'up') w.resolve()
      else w.reject(lastError instanceof Error ? lastError : new Error(`bundler for chain ${opts.chainId} is ${state}`))
    }
  }

  const watchDeath = (handle: BundlerHandle): void => {
    void handle.died.then((reason) => {
      if (closed || current !== handle) return
      current = undefined
      state = 'down'
      opts.log(`${reason.split('\n')[0]}; starting it again`)
      ask()
    })
  }

  /** One bundler for the chain life `life`: tried `attempts` times unless a newer life comes first. */
  const startFor = async (life: number): Promise<void> => {
    const old = current
    current = undefined
    state = 'starting'
    await old?.stop()
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (closed || wanted !== life) return
      const abort = new AbortController()
      inFlight = abort
      try {
        const handle = await start({ chainId: opts.chainId, rpcUrl: opts.rpcUrl, port: opts.port, quiet: opts.quiet, signal: abort.signal })
        if (closed || wanted !== life) {
          await handle.stop()
          return
        }
        starts += 1
        current = handle
        state = 'up'
        lastError = undefined
        watchDeath(handle)
        return
      } catch (error) {
        lastError = error
        if (closed || wanted !== life) return
        if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, retryDelayMs * attempt))
      } finally {
        if (inFlight === abort) inFlight = undefined
      }
    }
    state = 'down'
    opts.log(`bundler for chain ${opts.chainId} could not start: ${lastError instanceof Error ? lastError.message.split('\n')[0] : String(lastError)}`)
  }

  /** Runs starts one after another until the newest chain life has had its own. */
  const drive = (): Promise<void> => {
    if (running !== undefined) return running
    if (closed || done === wanted) return Promise.resolve()
    running = (async () => {
      try {
        while (!closed && done !== wanted) {
          const life = wanted
          await startFor(life)
          if (wanted === life || closed) done = life
        }
      } finally {
        running = undefined
        settle()
      }
    })()
    return running
  }

  const ask = (): void => {
    if (closed) return
    wanted += 1
    state = 'starting'
    inFlight?.abort()
    void drive()
  }

  await drive()
  // drive() changed it (TypeScript still sees the 'starting' assigned above).
  if ((state as BundlerState) !== 'up') {
    closed = true
    throw lastError instanceof Error ? lastError : new Error(`bundler for chain ${opts.chainId} did not start`)
  }

  return {
    chainId: opts.chainId,
    url,
    status: () => ({ url, state, pid: current?.pid ?? -1, restarts: Math.max(0, starts - 1) }),
    chainStartedOver: ask,
    settled: () =>
      done === wanted && running === undefined
        ? state === 'up'
          ? Promise.resolve()
          : Promise.reject(lastError instanceof Error ? lastError : new Error(`bundler for chain ${opts.chainId} is ${state}`))
        : new Promise<void>((resolve, reject) => waiters.push({ resolve, reject })),
    stop: async () => {
      closed = true
      inFlight?.abort()
      await running
      const last = current
      current = undefined
      state = 'down'
      for (const w of waiters.splice(0)) w.reject(new Error('the devnet stopped'))
      waiters = []
      await last?.stop()
    },
  }
}
