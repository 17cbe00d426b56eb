/**
 * The TransactionSimulator contract: one suite, run against eip155's ViemTransactionSimulator on a
 * real Anvil chain of the devnet (eth_simulateV1 with transfer tracing) and against
 * InMemoryTransactionSimulator, so the fake the preview tests lean on never drifts from the chain.
 */
import { describe, expect, it } from 'vitest'
import type { CaipNetwork } from '../../../src/domain/entities'
import { balanceChanges, NATIVE_ASSET } from '../../../src/domain/preview/balance-changes'
import type { TransactionSimulator } from '../../../src/ports/transaction-simulator'

export interface TransactionSimulatorWorld {
  readonly simulator: TransactionSimulator
  /** A network it simulates on. */
  readonly network: CaipNetwork
  /** A network whose RPC cannot be reached. */
  readonly unreachable: CaipNetwork
  /** Holds at least 1 native coin and 100 of `token`. */
  readonly sender: string
  readonly receiver: string
  /** An ERC-20 with symbol `symbol` and `decimals`. */
  readonly token: string
  readonly symbol: string
  readonly decimals: number
  /** The sender's balance as the chain holds it (native when `token` is absent). */
  balance(address: string, token?: string): Promise<bigint>
}

const transferData = (to: string, amount: bigint) => `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`

export function transactionSimulatorContract(label: string, makeWorld: () => Promise<TransactionSimulatorWorld>): void {
  describe(`TransactionSimulator contract: ${label}`, () => {
    it('a value transfer moves exactly its value out of the sender and into the receiver, and uses gas', async () => {
      const w = await makeWorld()
      const outcome = await w.simulator.simulate(w.network, { from: w.sender, calls: [{ to: w.receiver, value: 12_345n }] })
      expect(outcome.status).toBe('ok')
      if (outcome.status !== 'ok') return
      expect(balanceChanges(outcome.transfers, w.sender)).toEqual([{ asset: NATIVE_ASSET, delta: -12_345n, nft: false }])
      expect(balanceChanges(outcome.transfers, w.receiver)).toEqual([{ asset: NATIVE_ASSET, delta: 12_345n, nft: false }])
      expect(outcome.gasUsed).toBeGreaterThanOrEqual(21_000n)
    })

    it('an ERC-20 transfer moves the token and names it as its contract does', async () => {
      const w = await makeWorld()
      const amount = 3n * 10n ** BigInt(w.decimals)
      const outcome = await w.simulator.simulate(w.network, { from: w.sender, calls: [{ to: w.token, data: transferData(w.receiver, amount) }] })
      expect(outcome.status).toBe('ok')
      if (outcome.status !== 'ok') return
      expect(balanceChanges(outcome.transfers, w.sender)).toEqual([{ asset: w.token.toLowerCase(), delta: -amount, nft: false }])
      expect(outcome.tokens).toEqual([{ address: w.token.toLowerCase(), symbol: w.symbol, decimals: w.decimals }])
    })

    it('a transfer that would revert says which call and why', async () => {
      const w = await makeWorld()
      const zero = await w.simulator.simulate(w.network, {
        from: w.sender,
        calls: [{ to: w.receiver, value: 1n }, { to: w.token, data: transferData(`0x${'0'.repeat(40)}`, 1n) }],
      })
      expect(zero).toEqual({ status: 'reverted', callIndex: 1, reason: 'transfer to zero' })
      const held = await w.balance(w.sender, w.token)
      const over = await w.simulator.simulate(w.network, { from: w.sender, calls: [{ to: w.token, data: transferData(w.receiver, held + 1n) }] })
      expect(over).toEqual({ status: 'reverted', callIndex: 0, reason: 'insufficient balance' })
    })

    it('simulating sends nothing', async () => {
      const w = await makeWorld()
      const [native, token] = await Promise.all([w.balance(w.sender), w.balance(w.sender, w.token)])
      await w.simulator.simulate(w.network, { from: w.sender, calls: [{ to: w.receiver, value: 5n }, { to: w.token, data: transferData(w.receiver, 5n) }] })
      expect(await w.balance(w.sender)).toBe(native)
      expect(await w.balance(w.sender, w.token)).toBe(token)
    })

    it('a chain it cannot reach is unavailable, not an error', async () => {
      const w = await makeWorld()
      const outcome = await w.simulator.simulate(w.unreachable, { from: w.sender, calls: [{ to: w.receiver, value: 1n }] })
      expect(outcome.status).toBe('unavailable')
    })

    it('an aborted simulation rejects with the signal', async () => {
      const w = await makeWorld()
      const controller = new AbortController()
      controller.abort(new Error('left the review'))
      await expect(w.simulator.simulate(w.network, { from: w.sender, calls: [{ to: w.receiver, value: 1n }] }, { signal: controller.signal })).rejects.toThrow('left the review')
    })
  })
}

/**
 * A chain whose sends are plain transfers (solana), simulated from the call's `transfer`: the
 * sender holds at least 2 native coins and 100 of `token`; the receiver does not exist yet.
 */
export type TransferSimulatorWorld = Omit<TransactionSimulatorWorld, 'symbol'>

/**
 * The same contract for a family that builds its own transaction from a call's `transfer`: the
 * account's changes are exactly what the transfer moves (the network fee apart), a transfer beyond
 * the balance is reverted, and nothing is sent.
 */
export function transferSimulatorContract(label: string, makeWorld: () => Promise<TransferSimulatorWorld>): void {
  describe(`TransactionSimulator contract, transfers: ${label}`, () => {
    const send = (w: TransferSimulatorWorld, amount: bigint, token?: string) => ({
      from: w.sender,
      calls: [{ to: w.receiver, transfer: { to: w.receiver, amount, ...(token === undefined ? {} : { token }) } }],
    })

    it('a native transfer moves exactly its amount out of the sender, the fee apart', async () => {
      const w = await makeWorld()
      const outcome = await w.simulator.simulate(w.network, send(w, 1_000_000_000n))
      expect(outcome.status).toBe('ok')
      if (outcome.status !== 'ok') return
      expect(balanceChanges(outcome.transfers, w.sender)).toEqual([{ asset: NATIVE_ASSET, delta: -1_000_000_000n, nft: false }])
    })

    it('a token transfer moves exactly its amount of the token out of the sender', async () => {
      const w = await makeWorld()
      const amount = 3n * 10n ** BigInt(w.decimals)
      const outcome = await w.simulator.simulate(w.network, send(w, amount, w.token))
      expect(outcome.status).toBe('ok')
      if (outcome.status !== 'ok') return
      expect(balanceChanges(outcome.transfers, w.sender).filter((c) => c.asset !== NATIVE_ASSET)).toEqual([{ asset: w.token.toLowerCase(), delta: -amount, nft: false }])
    })

    it('a transfer beyond the balance is reverted, and simulating sends nothing', async () => {
      const w = await makeWorld()
      const [native, token] = await Promise.all([w.balance(w.sender), w.balance(w.sender, w.token)])
      expect(await w.simulator.simulate(w.network, send(w, token + 1n, w.token))).toMatchObject({ status: 'reverted', callIndex: 0 })
      await w.simulator.simulate(w.network, send(w, 5n * 10n ** BigInt(w.decimals), w.token))
      expect(await w.balance(w.sender)).toBe(native)
      expect(await w.balance(w.sender, w.token)).toBe(token)
    })

    it('a chain it cannot reach is unavailable, not an error', async () => {
      const w = await makeWorld()
      expect((await w.simulator.simulate(w.unreachable, send(w, 1_000_000_000n))).status).toBe('unavailable')
    })
  })
}
