import {
  ACCOUNT_SIZE,
  ASSOCIATED_TOKEN_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import { Keypair, type PublicKey, VersionedTransaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import type { WalletStandardWallet } from '../../../../../src/domain/chains/wallet-providers'
import type { CaipNetwork } from '../../../../../src/domain/entities'
import { TransactionRejectedError } from '../../../../../src/domain/errors'
import { base58Decode, base58Encode } from '../../../../../src/domain/format/base58'
import * as spl from '../../../../../src/infrastructure/chains/solana/send/spl-instructions'
import { createAssociatedTokenAccountIdempotent, transferChecked } from '../../../../../src/infrastructure/chains/solana/send/spl-instructions'
import { OFF_CURVE_RECEIVER_MESSAGE, Web3SolanaTransfers } from '../../../../../src/infrastructure/chains/solana/send/web3-solana-transfers'
import { SolanaRpc, SolanaRpcError } from '../../../../../src/infrastructure/chains/solana/solana-rpc'
import { GasEstimationError, TransferFailedError, UnsupportedTransferChainError } from '../../../../../src/ports/token-transfers'

const NETWORK: CaipNetwork = {
  id: 'xgHUoHTrtsZTcFDW4LTtHEcvmnDLiWgP',
  caipNetworkId: 'solana:xgHUoHTrtsZTcFDW4LTtHEcvmnDLiWgP',
  chainNamespace: 'solana',
  name: 'Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: ['http://a.test', 'http://b.test'],
}
const SENDER = Keypair.generate()
const RECEIVER = Keypair.generate().publicKey
const MINT = Keypair.generate().publicKey
const RENT = 2_039_280
const FEE = 5_000
const BLOCKHASH = Keypair.generate().publicKey.toBase58()

/** A chain answering JSON-RPC calls from a table; records every call. */
function fakeRpc(opts: { receiverHasTokenAccount?: boolean; statuses?: unknown[] } = {}) {
  const calls: string[] = []
  const mintData = new Uint8Array(82)
  mintData[44] = 6
  const answers: Record<string, (params: unknown[]) => unknown> = {
    getLatestBlockhash: () => ({ value: { blockhash: BLOCKHASH, lastValidBlockHeight: 100 } }),
    getFeeForMessage: () => ({ value: FEE }),
    getMinimumBalanceForRentExemption: (params) => (params[0] === ACCOUNT_SIZE ? RENT : -1),
    getAccountInfo: (params) =>
      params[0] === MINT.toBase58()
        ? { value: { owner: TOKEN_PROGRAM_ID.toBase58(), data: [Buffer.from(mintData).toString('base64'), 'base64'] } }
        : { value: opts.receiverHasTokenAccount === true ? { owner: TOKEN_PROGRAM_ID.toBase58(), data: ['', 'base64'] } : null },
    getSignatureStatuses: () => ({ value: opts.statuses ?? [null] }),
    sendTransaction: () => 'sig',
  }
  const rpc = {
    call: async (method: string, params: unknown[] = []) => {
      calls.push(method)
      const answer = answers[method]
      if (answer === undefined) throw new Error(`unexpected ${method}`)
      return answer(params)
    },
  } as unknown as SolanaRpc
  return { rpc, calls }
}

function wallet(signAndSend: (input: { transaction: Uint8Array; chain: string }) => Promise<{ signature: Uint8Array }[]>): WalletStandardWallet {
  return {
    version: '1.0.0',
    name: 'W',
    icon: '',
    chains: [NETWORK.caipNetworkId],
    accounts: [{ address: SENDER.publicKey.toBase58(), publicKey: SENDER.publicKey.toBytes(), chains: [NETWORK.caipNetworkId] }],
    features: {
      'standard:connect': {},
      'solana:signAndSendTransaction': { signAndSendTransaction: signAndSend },
    },
  }
}

function transfers(rpc: SolanaRpc, w: WalletStandardWallet | undefined = undefined) {
  return new Web3SolanaTransfers({ wallet: () => w, network: (id) => (id === NETWORK.caipNetworkId ? NETWORK : undefined), rpc: () => rpc })
}

const SOL = { chainId: NETWORK.caipNetworkId, from: SENDER.publicKey.toBase58(), to: RECEIVER.toBase58(), amount: 500_000_000n }
const TOKEN = { ...SOL, amount: 12_500_000n, token: MINT.toBase58() }

describe('Web3SolanaTransfers', () => {
  it('a SOL transfer costs the network fee only', async () => {
    const { rpc } = fakeRpc()
    expect((await transfers(rpc).estimate(SOL)).fee).toBe(BigInt(FEE))
  })

  it("an SPL transfer to a receiver without a token account also costs that account's rent; with one, only the fee", async () => {
    expect((await transfers(fakeRpc().rpc).estimate(TOKEN)).fee).toBe(BigInt(FEE + RENT))
    expect((await transfers(fakeRpc({ receiverHasTokenAccount: true }).rpc).estimate(TOKEN)).fee).toBe(BigInt(FEE))
  })

  it('a receiver off the ed25519 curve (a token account) is refused plainly before any signature', async () => {
    const { rpc } = fakeRpc()
    const tokenAccount = getAssociatedTokenAddressSync(MINT, RECEIVER).toBase58()
    const error = await transfers(rpc).estimate({ ...SOL, to: tokenAccount }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransferFailedError)
    expect((error as Error).message).toBe(OFF_CURVE_RECEIVER_MESSAGE)
  })

  it('an estimate the chain cannot make is a GasEstimationError; a chain outside Solana is refused before any request', async () => {
    const { rpc, calls } = fakeRpc()
    ;(rpc as unknown as { call: () => Promise<never> }).call = () => Promise.reject(new Error('unreachable'))
    await expect(transfers(rpc).estimate(SOL)).rejects.toBeInstanceOf(GasEstimationError)
    await expect(transfers(rpc).estimate({ ...SOL, chainId: 'eip155:1' })).rejects.toBeInstanceOf(UnsupportedTransferChainError)
    expect(calls).toEqual([])
  })

  it('send hands the wallet one transaction for the network, built as the token program expects, and returns its base58 signature', async () => {
    const { rpc } = fakeRpc()
    const seen: { transaction: Uint8Array; chain: string }[] = []
    const w = wallet(async (input) => {
      seen.push(input)
      return [{ signature: new Uint8Array(64).fill(7) }]
    })
    const sent = await transfers(rpc, w).send(TOKEN)
    expect(sent.hash).toBe(base58Encode(new Uint8Array(64).fill(7)))
    expect(seen).toHaveLength(1)
    expect(seen[0]!.chain).toBe(NETWORK.caipNetworkId)
    const message = VersionedTransaction.deserialize(seen[0]!.transaction).message
    expect(message.recentBlockhash).toBe(BLOCKHASH)
    expect(message.staticAccountKeys[0]!.toBase58()).toBe(SENDER.publicKey.toBase58())
    expect(message.compiledInstructions).toHaveLength(2)
  })

  it('a declined signature is TransactionRejectedError; a chain refusal keeps its words', async () => {
    const { rpc } = fakeRpc()
    const declined = wallet(() => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })))
    await expect(transfers(rpc, declined).send(SOL)).rejects.toBeInstanceOf(TransactionRejectedError)
    const refused = wallet(() => Promise.reject(new SolanaRpcError(-32002, 'Transaction simulation failed: insufficient funds for rent')))
    await expect(transfers(rpc, refused).send(SOL)).rejects.toThrow(new TransferFailedError('Transaction simulation failed: insufficient funds for rent'))
  })

  it('a receipt is pending until finalized, failed with an error', async () => {
    const status = (s: unknown) => transfers(fakeRpc({ statuses: [s] }).rpc).receiptStatus(NETWORK.caipNetworkId, 'sig')
    expect(await status(null)).toBe('pending')
    expect(await status({ err: null, confirmationStatus: 'confirmed' })).toBe('pending')
    expect(await status({ err: null, confirmationStatus: 'finalized' })).toBe('confirmed')
    expect(await status({ err: { InstructionError: [0, 'Custom'] }, confirmationStatus: 'finalized' })).toBe('failed')
  })
})

describe('SPL instructions', () => {
  it("are byte for byte spl-token's own (CreateIdempotent, TransferChecked)", () => {
    const [payer, ata, owner, mint, source] = [1, 2, 3, 4, 5].map(() => Keypair.generate().publicKey) as PublicKey[]
    const mine = [
      createAssociatedTokenAccountIdempotent(payer!, ata!, owner!, mint!, TOKEN_PROGRAM_ID),
      transferChecked(source!, mint!, ata!, owner!, 2n ** 64n - 3n, 6, TOKEN_PROGRAM_ID),
    ]
    const theirs = [
      createAssociatedTokenAccountIdempotentInstruction(payer!, ata!, owner!, mint!, TOKEN_PROGRAM_ID),
      createTransferCheckedInstruction(source!, mint!, ata!, owner!, 2n ** 64n - 3n, 6, [], TOKEN_PROGRAM_ID),
    ]
    for (const [i, ix] of mine.entries()) {
      expect(ix.programId.toBase58()).toBe(theirs[i]!.programId.toBase58())
      expect(ix.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable])).toEqual(
        theirs[i]!.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable]),
      )
      expect([...ix.data]).toEqual([...theirs[i]!.data])
    }
  })
})

describe('SPL ids and accounts', () => {
  it("are spl-token's own: program ids, account size, associated token addresses on both token programs", () => {
    expect(spl.TOKEN_PROGRAM_ID.toBase58()).toBe(TOKEN_PROGRAM_ID.toBase58())
    expect(spl.TOKEN_2022_PROGRAM_ID.toBase58()).toBe(TOKEN_2022_PROGRAM_ID.toBase58())
    expect(spl.ASSOCIATED_TOKEN_PROGRAM_ID.toBase58()).toBe(ASSOCIATED_TOKEN_PROGRAM_ID.toBase58())
    expect(spl.ACCOUNT_SIZE).toBe(ACCOUNT_SIZE)
    for (const program of [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID]) {
      const [mint, owner] = [Keypair.generate().publicKey, Keypair.generate().publicKey]
      expect(spl.associatedTokenAddress(mint, owner, program).toBase58()).toBe(getAssociatedTokenAddressSync(mint, owner, false, program).toBase58())
    }
  })
})

describe('base58', () => {
  it('round-trips, keeps leading zero bytes, and matches a known address', () => {
    const key = Keypair.generate().publicKey
    expect(base58Encode(key.toBytes())).toBe(key.toBase58())
    expect(base58Encode(new Uint8Array([0, 0, 1]))).toBe('112')
    expect([...base58Decode('112')]).toEqual([0, 0, 1])
    expect(base58Encode(base58Decode(key.toBase58()))).toBe(key.toBase58())
    expect(() => base58Decode('0OIl')).toThrow()
  })
})

describe('SolanaRpc', () => {
  function fetchFrom(script: Record<string, (() => Response | Promise<Response>)[]>) {
    const hits: string[] = []
    const fetcher = (async (url: string) => {
      hits.push(url)
      const next = script[url]?.shift()
      if (next === undefined) throw new TypeError('Failed to fetch')
      return next()
    }) as unknown as typeof fetch
    return { fetcher, hits }
  }
  const ok = (result: unknown) => () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result }))

  it('moves to the next URL when one fails, and retries the list after 150, 300 and 600 ms', async () => {
    const { fetcher, hits } = fetchFrom({ 'http://b.test': [() => new Response('no', { status: 502 }), ok({ value: 42 })] })
    const sleeps: number[] = []
    const rpc = new SolanaRpc(['http://a.test', 'http://b.test'], { fetch: fetcher, sleep: async (ms) => void sleeps.push(ms) })
    expect(await rpc.call('getBalance', ['x'])).toEqual({ value: 42 })
    expect(hits).toEqual(['http://a.test', 'http://b.test', 'http://a.test', 'http://b.test'])
    expect(sleeps).toEqual([150])

    const dead = new SolanaRpc(['http://a.test'], { fetch: fetchFrom({}).fetcher, sleep: async (ms) => void sleeps.push(ms) })
    await expect(dead.call('getBalance')).rejects.toThrow('Failed to fetch')
    expect(sleeps).toEqual([150, 150, 300, 600])
  })

  it("a JSON-RPC error is the node's answer: not tried elsewhere", async () => {
    const error = () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid param' } }))
    const { fetcher, hits } = fetchFrom({ 'http://a.test': [error] })
    const rpc = new SolanaRpc(['http://a.test', 'http://b.test'], { fetch: fetcher, sleep: async () => undefined })
    await expect(rpc.call('getBalance')).rejects.toMatchObject({ name: 'SolanaRpcError', code: -32602, message: 'Invalid param' })
    expect(hits).toEqual(['http://a.test'])
  })
})
