/**
 * Balances on a Solana network, read through its standard JSON-RPC: the account's lamports
 * (`getBalance`) and its SPL token accounts under the Token and Token-2022 programs
 * (`getTokenAccountsByOwner`, `jsonParsed`), the three calls in one batch; each listed mint's
 * amounts summed over the owner's accounts. Zero balances and tokens of 0 decimals are left out
 * (spec section 5); prices come from feeds as on EVM chains, a token without one shows no fiat value.
 * Each call tries the network's RPC URLs in turn.
 */
import { decodeBase58 } from '../base58.js'
import type { ChainDataPort, ChainDataRequest } from '../chain-data.js'
import { accountOn, balanceRow, currencyRateOf, passOn, pricesOrNone, supportedWith, type CurrencyRate } from './namespace-source.js'
import type { NativeCurrency } from './evm-balances.js'
import type { PriceSource } from './price-feeds.js'
import type { SolanaActivity } from './solana-activity.js'
import { historyToken } from './history-token.js'
import { rpcBatch } from './json-rpc-batch.js'

export const SOL: NativeCurrency = { name: 'Solana', symbol: 'SOL', decimals: 9 }
const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EHFLmUAgNBjGX4XJ8oX8k'] as const

export interface ListedMint {
  readonly mint: string
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  readonly logoURI?: string
}

export interface SolanaChain {
  /** CAIP-2, `solana:<genesis hash prefix>`. */
  readonly id: string
  readonly rpcUrls: readonly string[]
  readonly native?: NativeCurrency
  readonly tokens: readonly ListedMint[]
  /** USD prices by `native` or a mint (e.g. feeds on an EVM chain). */
  readonly prices?: PriceSource
  /** The network's history through its RPC; without it, the next source's. */
  readonly activity?: SolanaActivity
}

export interface SolanaChainDataOptions {
  readonly chains: readonly SolanaChain[]
  readonly next?: ChainDataPort
  readonly iconUrl: (symbol: string, request: ChainDataRequest) => string
  /** Display currencies' rates (see EvmPrices.currencyRate); without it, balances are in USD only. */
  readonly currencyRate?: CurrencyRate
}

interface TokenAccounts {
  readonly value: readonly { readonly account: { readonly data: { readonly parsed?: { readonly info?: { readonly mint?: unknown; readonly tokenAmount?: { readonly amount?: unknown } } } } } }[]
}

/** A Solana address: base58 of 32 bytes. */
export function isSolanaAddress(value: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) return false
  try {
    return decodeBase58(value).length === 32
  } catch {
    return false
  }
}

export class SolanaBalanceReader {
  constructor(private readonly chain: SolanaChain) {}

  /** Lamports and each listed mint's amount, base units. */
  async amounts(owner: string): Promise<{ lamports: bigint; mints: Map<string, bigint> }> {
    const [balance, ...programs] = await rpcBatch(this.chain.rpcUrls, [
      { method: 'getBalance', params: [owner, { commitment: 'confirmed' }] },
      ...TOKEN_PROGRAMS.map((programId) => ({ method: 'getTokenAccountsByOwner', params: [owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }] })),
    ])
    const value = (balance?.result as { value?: unknown } | undefined)?.value
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new Error(`getBalance failed: ${balance?.error?.message ?? 'no number'}`)
    const mints = new Map<string, bigint>()
    for (const program of programs) {
      // A network without Token-2022 answers an error for it: no accounts there.
      const accounts = (program.result as TokenAccounts | undefined)?.value ?? []
      for (const { account } of accounts) {
        const info = account.data.parsed?.info
        const amount = info?.tokenAmount?.amount
        if (typeof info?.mint !== 'string' || typeof amount !== 'string' || !/^\d{1,40}$/.test(amount)) continue
        mints.set(info.mint, (mints.get(info.mint) ?? 0n) + BigInt(amount))
      }
    }
    return { lamports: BigInt(value), mints }
  }
}

export function solanaChainData(options: SolanaChainDataOptions): ChainDataPort {
  const chains = new Map(options.chains.map((chain) => [chain.id, { chain, reader: new SolanaBalanceReader(chain) }]))
  const next = options.next ?? {}
  const networks = new Set(chains.keys())

  return {
    ...next,

    supportedChains: supportedWith([...chains.keys()], next),

    balance: async (request) => {
      const found = accountOn('solana', networks, isSolanaAddress, request.params.address ?? '', request.query.get('chainId'))
      if (found === undefined) return passOn(next, 'balance', request, { balances: [] })
      const rate = await currencyRateOf(options.currencyRate, request.query.get('currency'))
      const { chain, reader } = chains.get(found.id)!
      const [amounts, prices] = await Promise.all([reader.amounts(found.owner), pricesOrNone(chain.prices)])
      const native = chain.native ?? SOL
      const balances = amounts.lamports > 0n ? [balanceRow(chain.id, native, amounts.lamports, (prices.get('native') ?? 0) / rate, options.iconUrl(native.symbol, request))] : []
      for (const token of chain.tokens) {
        const amount = amounts.mints.get(token.mint) ?? 0n
        if (amount === 0n || token.decimals === 0) continue
        balances.push(balanceRow(chain.id, token, amount, (prices.get(token.mint) ?? 0) / rate, token.logoURI ?? options.iconUrl(token.symbol, request), token.mint))
      }
      return { json: { balances } }
    },

    history: async (request) => {
      const found = accountOn('solana', networks, isSolanaAddress, request.params.address ?? '', request.query.get('chainId'))
      const activity = found === undefined ? undefined : chains.get(found.id)!.chain.activity
      // On-ramp activity is the provider's to tell; none is known on a Solana network here.
      if (found === undefined || activity === undefined || request.query.get('onramp')) return passOn(next, 'history', request, { data: [], next: null })
      const token = historyToken(request.query.get('token'), found.id, isSolanaAddress)
      return { json: await activity.page(found.owner, request.query.get('cursor') || null, request, token) }
    },

    prices: async (request) => {
      const body = request.body as { addresses?: string[] }
      const ours = (body.addresses ?? []).filter((caip) => chains.has(caip.split(':').slice(0, 2).join(':')))
      const others = (body.addresses ?? []).filter((caip) => !ours.includes(caip))
      const fungibles: { name: string; symbol: string; iconUrl: string; price: number; address: string }[] = []
      for (const caip of ours) {
        const [namespace, reference, mint] = caip.split(':')
        const { chain } = chains.get(`${namespace}:${reference}`)!
        const token = chain.tokens.find((t) => t.mint === mint)
        const price = token === undefined ? undefined : (await chain.prices?.prices())?.get(token.mint)
        if (token !== undefined && price !== undefined) fungibles.push({ name: token.name, symbol: token.symbol, iconUrl: token.logoURI ?? options.iconUrl(token.symbol, request), price, address: caip })
      }
      if (others.length > 0 && next.prices !== undefined) {
        const theirs = (await next.prices({ ...request, body: { ...(request.body as object), addresses: others } })).json as { fungibles: typeof fungibles }
        fungibles.push(...theirs.fungibles)
      }
      return { json: { fungibles } }
    },
  }
}
