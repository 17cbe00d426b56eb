/**
 * The TokenTransfers contract: one suite, run against each family's adapter that sends (eip155's
 * ViemTokenTransfers over a wallet that signs for a devnet account on a real Anvil chain,
 * solana's Web3SolanaTransfers over a Wallet Standard wallet on the devnet's Solana chain) and
 * against FakeTokenTransfers, so the fake the send and activity tests lean on can never drift from
 * the adapters. A world lists the cases that do not apply to it, with the reason, and its known
 * failures (run, expected to fail); nothing is skipped. Each run prints its count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
  /** A network of the family the wallet is on. */
  readonly chainId: CaipNetworkId
  /** The connected account: holds the native coin and `token`. */
  readonly sender: string
  /** An account nobody else in the run touches (on a family whose accounts must hold a minimum, it holds it). */
  readonly receiver: string
  /** A token the sender holds (an ERC-20, an SPL mint). */
  readonly token: string
  /** A transaction id in the family's own format that the chain never saw. */
  readonly unseenHash: string
  /** Balance in base units read from the chain (native coin when `token` is absent). */
  balance(address: string, token?: string): Promise<bigint>
  readonly wallet: {
    /** Requests of any kind that reached the wallet so far. */
    requests(): number
    /** Requests so far that asked the person to sign. */
    prompts(): number
    /** The person declines the next signature request. */
    declineNext(): void
    /** The wallet fails the next signature request with these words. */
    failNext(words: string): void
  }
  /** From now on sent transactions stay pending (worlds where `pending-until-mined` applies). */
  pauseMining(): Promise<void>
  /** Mines what is pending and goes back to mining each transaction as it arrives. */
  mineAndResume(): Promise<void>
  /** The id of a transaction from the sender that landed and failed (reverted). */
  revertedTransaction(): Promise<string>
}

/**
 * A send resolves with its hash, which Anvil may answer before the block holding it is mined (under
 * load it does); the status is read again until it settles, for at most this long.
 */
const MINED = { timeout: 15_000, interval: 100 } as const

/** The cases, by key: a world names the keys that do not apply to it, or that it fails. */
export type TokenTransfersCase =
  | 'estimate-native'
  | 'estimate-token'
  | 'estimate-uncoverable-token'
  | 'send-native'
  | 'send-token'
  | 'send-declined'
  | 'send-fails-native'
  | 'send-fails-token'
  | 'pending-until-mined'
  | 'unseen-is-pending'
  | 'reverted-is-failed'
  | 'other-families'

export interface TokenTransfersPlan {
  /** How the count line names the adapter. */
  readonly label: string
  /** Cases that cannot apply to this world, with why. */
  readonly notApplicable?: Readonly<Partial<Record<TokenTransfersCase, string>>>
  /** Cases the adapter should pass and does not yet, with what is wrong. */
  readonly knownFailures?: Readonly<Partial<Record<TokenTransfersCase, string>>>
}

const HASH_FORMATS = {
  eip155: /^0x[0-9a-f]{64}$/i,
  // A base58 signature of 64 bytes.
  solana: /^[1-9A-HJ-NP-Za-km-z]{64,88}$/,
} as Readonly<Record<string, RegExp>>

/** A network of each family; the adapter refuses those of other families before any request. */
const FAMILY_CHAINS: CaipNetworkId[] = [
  'eip155:1',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'bip122:000000000019d6689c085ae165831e93',
  'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  'cosmos:cosmoshub-4',
]

export function tokenTransfersContract(plan: TokenTransfersPlan, makeWorld: () => Promise<TokenTransfersWorld>): void {
  describe(`TokenTransfers contract: ${plan.label}`, () => {
    let w: TokenTransfersWorld
    const native = (amount: bigint): TransferRequest => ({ chainId: w.chainId, from: w.sender, to: w.receiver, amount })
    const token = (amount: bigint): TransferRequest => ({ ...native(amount), token: w.token })
    const hash = () => HASH_FORMATS[w.chainId.slice(0, w.chainId.indexOf(':'))] ?? /./
    const ran: string[] = []
    const notApplicable = Object.entries(plan.notApplicable ?? {})

    /** Registers a case unless it does not apply; a known failure runs as a test that must fail. */
    function testCase(key: TokenTransfersCase, name: string, run: () => Promise<void>): void {
      if (plan.notApplicable?.[key] !== undefined) return
      ran.push(key)
      const failure = plan.knownFailures?.[key]
      if (failure === undefined) it(name, run)
      else it.fails(`${name} [known failure: ${failure}]`, run)
    }

    beforeAll(async () => {
      w = await makeWorld()
    })

    afterAll(() => {
      const known = Object.entries(plan.knownFailures ?? {})
      console.log(
        `TokenTransfers contract: ${plan.label} ran ${ran.length} cases` +
          ` (${notApplicable.length} not applicable${notApplicable.length > 0 ? `: ${notApplicable.map(([k, why]) => `${k}: ${why}`).join('; ')}` : ''})` +
          (known.length > 0 ? ` (${known.length} known failure${known.length > 1 ? 's' : ''}: ${known.map(([k, why]) => `${k}: ${why}`).join('; ')})` : ''),
      )
    })

    describe('estimate', () => {
      for (const [key, what, request] of [
        ['estimate-native', 'a native transfer', () => native(1_000_000n)],
        ['estimate-token', 'a token transfer', () => token(1_000_000n)],
      ] as const) {
        testCase(key, `prices ${what} at fee = gas * gasPrice without asking for a signature`, async () => {
          const prompts = w.wallet.prompts()
          const estimate = await w.transfers.estimate(request())
          expect(estimate.gas).toBeGreaterThan(0n)
          expect(estimate.gasPrice).toBeGreaterThan(0n)
          expect(estimate.fee).toBe(estimate.gas * estimate.gasPrice)
          expect(w.wallet.prompts()).toBe(prompts)
        })
      }

      testCase('estimate-uncoverable-token', 'rejects GasEstimationError for a token transfer the sender cannot cover', async () => {
        const held = await w.balance(w.sender, w.token)
        const prompts = w.wallet.prompts()
        await expect(w.transfers.estimate(token(held + 1n))).rejects.toBeInstanceOf(GasEstimationError)
        expect(w.wallet.prompts()).toBe(prompts)
      })
    })

    describe('send', () => {
      testCase('send-native', 'sends the native coin: one prompt, a hash, and the receiver gains exactly the amount', async () => {
        const amount = 123_456_789n
        const estimate = await w.transfers.estimate(native(amount))
        const [senderBefore, receiverBefore] = await Promise.all([w.balance(w.sender), w.balance(w.receiver)])
        const prompts = w.wallet.prompts()

        const sent = await w.transfers.send(native(amount))

        expect(sent.hash).toMatch(hash())
        expect(w.wallet.prompts()).toBe(prompts + 1)
        await expect.poll(() => w.transfers.receiptStatus(w.chainId, sent.hash), MINED).toBe('confirmed')
        expect(await w.balance(w.receiver)).toBe(receiverBefore + amount)
        const paid = senderBefore - (await w.balance(w.sender))
        expect(paid).toBeGreaterThan(amount)
        // The estimate is what the transfer may cost at most.
        expect(paid - amount).toBeLessThanOrEqual(estimate.fee)
      })

      testCase('send-token', 'sends a token: one prompt, a hash, and exactly the amount changes hands', async () => {
        const amount = 2_500_000n
        const [senderBefore, receiverBefore] = await Promise.all([w.balance(w.sender, w.token), w.balance(w.receiver, w.token)])
        const prompts = w.wallet.prompts()

        const sent = await w.transfers.send(token(amount))

        expect(sent.hash).toMatch(hash())
        expect(w.wallet.prompts()).toBe(prompts + 1)
        await expect.poll(() => w.transfers.receiptStatus(w.chainId, sent.hash), MINED).toBe('confirmed')
        expect(await w.balance(w.receiver, w.token)).toBe(receiverBefore + amount)
        expect(await w.balance(w.sender, w.token)).toBe(senderBefore - amount)
      })

      testCase('send-declined', 'rejects TransactionRejectedError when the person declines, and nothing moves', async () => {
        const receiverBefore = await w.balance(w.receiver)
        w.wallet.declineNext()
        await expect(w.transfers.send(native(1_000_000n))).rejects.toBeInstanceOf(TransactionRejectedError)
        expect(await w.balance(w.receiver)).toBe(receiverBefore)
      })

      for (const [key, what, request] of [
        ['send-fails-native', 'a native transfer', () => native(1n)],
        ['send-fails-token', 'a token transfer', () => token(1n)],
      ] as const) {
        testCase(key, `rejects TransferFailedError with the wallet’s own words when it fails ${what} for another reason`, async () => {
          const words = 'Ledger device is locked: unlock it and open the app'
          w.wallet.failNext(words)
          const failure = await w.transfers.send(request()).catch((error: unknown) => error)
          expect(failure).toBeInstanceOf(TransferFailedError)
          expect((failure as Error).message).toContain(words)
        })
      }
    })

    describe('receiptStatus', () => {
      testCase('pending-until-mined', 'is pending while the transaction waits to be mined, then confirmed', async () => {
        await w.pauseMining()
        let sent: string
        try {
          sent = (await w.transfers.send(native(1_000_000n))).hash
          await expect(w.transfers.receiptStatus(w.chainId, sent)).resolves.toBe('pending')
        } finally {
          await w.mineAndResume()
        }
        await expect.poll(() => w.transfers.receiptStatus(w.chainId, sent), MINED).toBe('confirmed')
      })

      testCase('unseen-is-pending', 'is pending, not an error, for a transaction the chain has never seen', async () => {
        await expect(w.transfers.receiptStatus(w.chainId, w.unseenHash)).resolves.toBe('pending')
      })

      testCase('reverted-is-failed', 'is failed for a transaction that reverted', async () => {
        const reverted = await w.revertedTransaction()
        await expect(w.transfers.receiptStatus(w.chainId, reverted)).resolves.toBe('failed')
      })
    })

    describe('chain families it cannot send on', () => {
      testCase('other-families', 'rejects UnsupportedTransferChainError on a network of each other family, before any request', async () => {
        const family = `${w.chainId.slice(0, w.chainId.indexOf(':'))}:`
        for (const chainId of FAMILY_CHAINS.filter((id) => !id.startsWith(family))) {
          const requests = w.wallet.requests()
          const request = { ...native(1n), chainId }
          await expect(w.transfers.estimate(request), chainId).rejects.toBeInstanceOf(UnsupportedTransferChainError)
          await expect(w.transfers.send(request), chainId).rejects.toBeInstanceOf(UnsupportedTransferChainError)
          await expect(w.transfers.receiptStatus(chainId, w.unseenHash), chainId).rejects.toBeInstanceOf(UnsupportedTransferChainError)
          expect(w.wallet.requests(), chainId).toBe(requests)
        }
      })
    })
  })
}
