/**
 * Keeps one devnet chain serving: an Anvil node that dies is started again on the same port with
 * the same chain id, and the deterministic deployments and funding run again, so every address
 * the devnet prints stays valid. Chain state is lost on such a restart (the node keeps it in
 * memory only): the chain starts over from its funded genesis.
 */
import { DEVNET_HOST, type DevnetChainId } from '../config'
import type { Artifacts } from './eip155/compile'
import { deployDevnetContracts } from './eip155/deploy'
import { startAnvilNode, type AnvilNode, type ChainFiles } from './eip155/anvil-node'

export type ChainState = 'up' | 'down' | 'starting'

export interface ChainStatus {
  chainId: number
  rpcUrl: string
  state: ChainState
  /** Pid of the Anvil node serving now (-1 while none runs). */
  pid: number
  /** How many times the node was started again after the first start. */
  restarts: number
}

export interface SupervisedChain {
  readonly chainId: DevnetChainId
  readonly rpcUrl: string
  status(): ChainStatus
  /**
   * Kills the node outright (SIGKILL), as a crash would; resolves once it is gone. The supervisor
   * starts it again after `downMs` (default 0), as it does for any death.
   */
  kill(downMs?: number): Promise<void>
  /** Stops the node, starts it again and redeploys; resolves once the chain serves again. */
  restart(): Promise<void>
  /** Resolves once the chain serves (at once when it does now). */
  whenUp(): Promise<void>
  /** Resolves with a reason if the node died and could not be started again; never rejects. */
  failed: Promise<string>
  /** Stops the node for good; no restart follows. */
  stop(): Promise<void>
}

export interface SuperviseOptions {
  chainId: DevnetChainId
  port: number
  artifacts: Promise<Artifacts>
  quiet?: boolean
  /** The parent watcher to run beside each node; default the repository's. */
  files?: ChainFiles
  log(line: string): void
  /** Called after every restart, once the fresh chain is deployed and funded. */
  onFresh?(chainId: DevnetChainId): void
  /**
   * Awaited after every deployment (the first start's too), before the chain counts as up: what the
   * rest of the devnet sets on a fresh chain (the ENS gateway's URL and signer) is there when it serves.
   */
  prepare?(chainId: DevnetChainId, rpcUrl: string): Promise<void>
}

/** Starts the node, deploys the contracts, and watches it. Rejects if the first start fails. */
export async function superviseChain(opts: SuperviseOptions): Promise<SupervisedChain> {
  let node: AnvilNode | undefined
  let state: ChainState = 'starting'
  let restarts = 0
  let stopped = false
  let downTimer: NodeJS.Timeout | undefined
  let nextDownMs = 0
  /** Serialises start, kill and restart: one at a time, in order. */
  let busy: Promise<void> = Promise.resolve()
  let upWaiters: (() => void)[] = []
  let reportFailure: (reason: string) => void = () => undefined
  const failed = new Promise<string>((resolve) => (reportFailure = resolve))
  const rpcUrl = `http://${DEVNET_HOST}:${opts.port}`

  const serialise = (step: () => Promise<void>): Promise<void> => {
    const run = busy.then(step)
    busy = run.catch(() => undefined)
    return run
  }

  const becameUp = (): void => {
    state = 'up'
    for (const resolve of upWaiters.splice(0)) resolve()
  }

  const boot = async (): Promise<void> => {
    state = 'starting'
    const started = await startAnvilNode({ chainId: opts.chainId, port: opts.port, quiet: opts.quiet, ...(opts.files ? { files: opts.files } : {}) })
    try {
      if (stopped) throw new Error('stopped while starting')
      await deployDevnetContracts(opts.chainId, started.rpcUrl, await opts.artifacts)
      await opts.prepare?.(opts.chainId, started.rpcUrl)
    } catch (error) {
      await started.stop()
      throw error
    }
    node = started
    watch(started)
    becameUp()
  }

  /** Brings the chain back; two failed attempts in a row end the supervision. */
  const revive = (): Promise<void> =>
    serialise(async () => {
      if (stopped || state === 'up') return
      for (let attempt = 1; ; attempt++) {
        try {
          await boot()
          restarts += 1
          opts.log(`chain ${opts.chainId} serves again on ${rpcUrl} (restart ${restarts}); its state started over`)
          opts.onFresh?.(opts.chainId)
          return
        } catch (error) {
          if (stopped) return
          if (attempt >= 2) {
            state = 'down'
            reportFailure(`chain ${opts.chainId} could not be started again: ${error instanceof Error ? error.message : String(error)}`)
            return
          }
        }
      }
    })

  const watch = (watched: AnvilNode): void => {
    void watched.died.then((reason) => {
      if (stopped || node !== watched) return
      node = undefined
      state = 'down'
      opts.log(`${reason.split('\n')[0]}; starting it again`)
      const downMs = nextDownMs
      nextDownMs = 0
      if (downMs > 0) downTimer = setTimeout(() => void revive(), downMs)
      else void revive()
    })
  }

  await boot()

  return {
    chainId: opts.chainId,
    rpcUrl,
    status: () => ({ chainId: opts.chainId, rpcUrl, state, pid: node?.pid ?? -1, restarts }),
    kill: (downMs = 0) =>
      serialise(async () => {
        const current = node
        if (stopped || current === undefined) return
        nextDownMs = downMs
        const gone = current.died
        process.kill(current.pid, 'SIGKILL')
        await gone
      }),
    restart: async () => {
      await serialise(async () => {
        if (stopped) return
        clearTimeout(downTimer)
        const current = node
        node = undefined
        state = 'down'
        await current?.stop()
      })
      await revive()
      if (state !== 'up') throw new Error(`chain ${opts.chainId} did not come back`)
    },
    whenUp: () => (state === 'up' ? Promise.resolve() : new Promise<void>((resolve) => upWaiters.push(resolve))),
    failed,
    stop: async () => {
      stopped = true
      clearTimeout(downTimer)
      upWaiters = []
      await busy
      await node?.stop()
      node = undefined
      state = 'down'
    },
  }
}
