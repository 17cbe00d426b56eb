/**
 * The TokenTransfers contract: one suite, run against ViemTokenTransfers over a wallet that signs
 * for a devnet account on a real Hardhat chain, and against FakeTokenTransfers, so the fake the
 * send and activity tests lean on can never drift from the adapter.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { CaipNetworkId } from '../../../src/domain/entities'
import { TransactionRejectedError } from '../../../src/domain/errors'
import {
  GasEstimationError,
  TransferFailedError,
  UnsupportedTransferChainError,
  type TokenTransfers,
  type TransferRequest,
} from '../../../src/ports/token-transfers'

export interface TokenTransfersWorld {
  readonly transfers: TokenTransfers
  /** An eip155 network the wallet is on. */
  readonly chainId: CaipNetworkId
  /** The connected account: holds the native coin and `token`. */
  readonly sender: string
  /** An account nobody else in the run touches. */
  readonly receiver: string
  /** An ERC-20 the sender holds. */
  readonly token: string
  /** Balance in base units read from the chain (native coin when `token` is absent). */
  balance(address: string, token?: string): Promise<bigint>
  readonly wallet: {
    /** Requests of any kind that reached the wallet so far. */
    requests(): number
    /** Requests so far that asked the person to sign. */
    prompts(): number
    /** The person declines the next signature request (RPC code 4001). */
    declineNext(): void
    /** The wallet fails the next signature request with these words. */
    failNext(words: string): void
  }
  /** From now on sent transactions stay pending. */
  pauseMining(): Promise<void>
  /** Mines what is pending and goes back to mining each transaction as it arrives. */
  mineAndResume(): Promise<void>
  /** The hash of a transaction from the sender that was mined and reverted. */
  revertedTransaction(): Promise<string>
}

const HASH = /^0x[0-9a-f]{64}$/i
const UNSUPPORTED_CHAINS: CaipNetworkId[] = [
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as CaipNetworkId,
  'bip122:000000000019d6689c085ae165831e93' as CaipNetworkId,
]

export function tokenTransfersContract(label: string, makeWorld: () => Promise<TokenTransfersWorld>): void {
  describe(`TokenTransfers contract: ${label}`, () => {
    let w: TokenTransfersWorld
    const native = (amount: bigint): TransferRequest => ({ chainId: w.chainId, from: w.sender, to: w.receiver, amount })
    const erc20 = (amount: bigint): TransferRequest => ({ ...native(amount), token: w.token })

    beforeAll(async () => {
      w = await makeWorld()
    })

    describe('estimate', () => {
      it.each([
        ['a native transfer', () => native(10n ** 15n)],
        ['an ERC-20 transfer', () => erc20(1_000_000n)],
      ])('prices %s at fee = gas * gasPrice without asking for a signature', async (_, request) => {
        const prompts = w.wallet.prompts()
        const estimate = await w.transfers.estimate(request())
        expect(estimate.gas).toBeGreaterThan(0n)
        expect(estimate.gasPrice).toBeGreaterThan(0n)
        expect(estimate.fee).toBe(estimate.gas * estimate.gasPrice)
        expect(w.wallet.prompts()).toBe(prompts)
      })

      it('rejects GasEstimationError for a token transfer the sender cannot cover', async () => {
        const held = await w.balance(w.sender, w.token)
        const prompts = w.wallet.prompts()
        await expect(w.transfers.estimate(erc20(held + 1n))).rejects.toBeInstanceOf(GasEstimationError)
        expect(w.wallet.prompts()).toBe(prompts)
      })
    })

    describe('send', () => {
      it('sends the native coin: one prompt, a hash, and the receiver gains exactly the amount', async () => {
        const amount = 123_456_789_000_000n
        const estimate = await w.transfers.estimate(native(amount))
        const [senderBefore, receiverBefore] = await Promise.all([w.balance(w.sender), w.balance(w.receiver)])
        const prompts = w.wallet.prompts()

        const sent = await w.transfers.send(native(amount))

        expect(sent.hash).toMatch(HASH)
        expect(w.wallet.prompts()).toBe(prompts + 1)
        await expect(w.transfers.receiptStatus(w.chainId, sent.hash)).resolves.toBe('confirmed')
        expect(await w.balance(w.receiver)).toBe(receiverBefore + amount)
        const paid = senderBefore - (await w.balance(w.sender))
        expect(paid).toBeGreaterThan(amount)
        // The estimate is what the transfer may cost at most.
        expect(paid - amount).toBeLessThanOrEqual(estimate.fee)
      })

      it('sends an ERC-20: one prompt, a hash, and exactly the amount changes hands', async () => {
        const amount = 2_500_000n
        const [senderBefore, receiverBefore] = await Promise.all([
          w.balance(w.sender, w.token),
          w.balance(w.receiver, w.token),
        ])
        const prompts = w.wallet.prompts()

        const sent = await w.transfers.send(erc20(amount))

        expect(sent.hash).toMatch(HASH)
        expect(w.wallet.prompts()).toBe(prompts + 1)
        await expect(w.transfers.receiptStatus(w.chainId, sent.hash)).resolves.toBe('confirmed')
        expect(await w.balance(w.receiver, w.token)).toBe(receiverBefore + amount)
        expect(await w.balance(w.sender, w.token)).toBe(senderBefore - amount)
      })

      it('rejects TransactionRejectedError when the person declines, and nothing moves', async () => {
        const receiverBefore = await w.balance(w.receiver)
        w.wallet.declineNext()
        await expect(w.transfers.send(native(10n ** 15n))).rejects.toBeInstanceOf(TransactionRejectedError)
        expect(await w.balance(w.receiver)).toBe(receiverBefore)
      })

      it.each([
        ['a native transfer', () => native(1n)],
        ['an ERC-20 transfer', () => erc20(1n)],
      ])('rejects TransferFailedError with the wallet’s own words when it fails %s for another reason', async (_, request) => {
        const words = 'Ledger device is locked: unlock it and open the Ethereum app'
        w.wallet.failNext(words)
        const failure = await w.transfers.send(request()).catch((error: unknown) => error)
        expect(failure).toBeInstanceOf(TransferFailedError)
        expect((failure as Error).message).toContain(words)
      })
    })

    describe('receiptStatus', () => {
      it('is pending while the transaction waits to be mined, then confirmed', async () => {
        await w.pauseMining()
        let hash: string
        try {
          hash = (await w.transfers.send(native(10n ** 12n))).hash
          await expect(w.transfers.receiptStatus(w.chainId, hash)).resolves.toBe('pending')
        } finally {
          await w.mineAndResume()
        }
        await expect(w.transfers.receiptStatus(w.chainId, hash)).resolves.toBe('confirmed')
      })

      it('is pending, not an error, for a hash the chain has never seen', async () => {
        await expect(w.transfers.receiptStatus(w.chainId, `0x${'ab'.repeat(32)}`)).resolves.toBe('pending')
      })

      it('is failed for a transaction that reverted', async () => {
        const hash = await w.revertedTransaction()
        await expect(w.transfers.receiptStatus(w.chainId, hash)).resolves.toBe('failed')
      })
    })

    describe('chain families it cannot send on', () => {
      it.each(UNSUPPORTED_CHAINS)('rejects UnsupportedTransferChainError on %s before any request', async (chainId) => {
        const requests = w.wallet.requests()
        const request = { ...native(1n), chainId }
        await expect(w.transfers.estimate(request)).rejects.toBeInstanceOf(UnsupportedTransferChainError)
        await expect(w.transfers.send(request)).rejects.toBeInstanceOf(UnsupportedTransferChainError)
        await expect(w.transfers.receiptStatus(chainId, `0x${'ab'.repeat(32)}`)).rejects.toBeInstanceOf(
          UnsupportedTransferChainError,
        )
        expect(w.wallet.requests()).toBe(requests)
      })
    })
  })
}
