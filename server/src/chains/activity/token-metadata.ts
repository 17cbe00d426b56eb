/**
 * The name, symbol and decimals a row shows for a token: from the host's token list when it lists
 * the token, else read from the token itself (`name()`, `symbol()`, `decimals()`) and kept. What a
 * chain says is anyone's words: text is cleaned of control and direction-changing characters, made
 * storable and cut to a bound, and a token that does not answer gets a placeholder.
 */
import { erc20Abi, type Address, type PublicClient } from 'viem'
import { HIDDEN_CHARACTERS, isStorableText } from '../../storable-text.js'
import type { ListedToken } from '../token-list.js'

export interface TokenFacts {
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  readonly logoURI?: string
}

export interface TokenMetadata {
  /** What to show for the token; MUST resolve (a placeholder when the token does not say). */
  token(chainId: number, address: Address): Promise<TokenFacts>
}

export const MAX_TOKEN_NAME_LENGTH = 64
export const MAX_TOKEN_SYMBOL_LENGTH = 16
const UNKNOWN_NAME = 'Unknown token'
const UNKNOWN_SYMBOL = '???'
/** What a token that does not answer `decimals()` is taken to have (most tokens have 18). */
const DEFAULT_DECIMALS = 18
const DEFAULT_CACHE_ENTRIES = 10_000


/** `value` as text to show and store: cleaned, trimmed, at most `max` characters; null when nothing is left. */
export function displayText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null
  const text = Array.from(value.slice(0, max * 4).replace(HIDDEN_CHARACTERS, '').trim())
    .slice(0, max)
    .join('')
    .trim()
  return text !== '' && isStorableText(text) ? text : null
}

export interface ChainTokenMetadataOptions {
  /** The client of a chain the server reads; undefined for any other. */
  readonly client: (chainId: number) => PublicClient | undefined
  /** The host's token lists by chain id (`tokensByChain`), which win over what a token says. */
  readonly tokens?: ReadonlyMap<number, readonly ListedToken[]>
  /** Tokens read from chain kept at most (the oldest read goes first). */
  readonly maxEntries?: number
}

export class ChainTokenMetadata implements TokenMetadata {
  private readonly listed = new Map<string, TokenFacts>()
  private readonly read = new Map<string, Promise<TokenFacts>>()
  private readonly maxEntries: number

  constructor(private readonly options: ChainTokenMetadataOptions) {
    this.maxEntries = options.maxEntries ?? DEFAULT_CACHE_ENTRIES
    for (const [chainId, tokens] of options.tokens ?? []) {
      for (const token of tokens) {
        this.listed.set(`${chainId}:${token.address.toLowerCase()}`, {
          name: token.name,
          symbol: token.symbol,
          decimals: token.decimals,
          ...(token.logoURI === undefined ? {} : { logoURI: token.logoURI }),
        })
      }
    }
  }

  token(chainId: number, address: Address): Promise<TokenFacts> {
    const key = `${chainId}:${address.toLowerCase()}`
    const listed = this.listed.get(key)
    if (listed) return Promise.resolve(listed)
    let facts = this.read.get(key)
    if (!facts) {
      facts = this.readToken(chainId, address, key)
      if (this.read.size >= this.maxEntries) this.read.delete(this.read.keys().next().value!)
      this.read.set(key, facts)
    }
    return facts
  }

  private async readToken(chainId: number, address: Address, key: string): Promise<TokenFacts> {
    const client = this.options.client(chainId)
    if (!client) return { name: UNKNOWN_NAME, symbol: UNKNOWN_SYMBOL, decimals: DEFAULT_DECIMALS }
    let unreachable = false
    const ask = <T>(call: Promise<T>): Promise<T | undefined> =>
      call.catch((error: unknown) => {
        // A call the token reverts or answers badly is the token's answer; a node that fails is not,
        // and what was read is not kept.
        if (!isContractAnswer(error)) unreachable = true
        return undefined
      })
    const [name, symbol, decimals] = await Promise.all([
      ask(client.readContract({ address, abi: erc20Abi, functionName: 'name' })),
      ask(client.readContract({ address, abi: erc20Abi, functionName: 'symbol' })),
      ask(client.readContract({ address, abi: erc20Abi, functionName: 'decimals' })),
    ])
    if (unreachable) this.read.delete(key)
    return {
      name: displayText(name, MAX_TOKEN_NAME_LENGTH) ?? UNKNOWN_NAME,
      symbol: displayText(symbol, MAX_TOKEN_SYMBOL_LENGTH) ?? UNKNOWN_SYMBOL,
      decimals: typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 && decimals <= 255 ? decimals : DEFAULT_DECIMALS,
    }
  }
}

/** Whether viem's error is the contract's own answer (a revert, no data, undecodable data) rather than a node's failure. */
export function isContractAnswer(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (['ContractFunctionRevertedError', 'ContractFunctionZeroDataError', 'AbiDecodingDataSizeTooSmallError', 'AbiDecodingZeroDataError', 'PositionOutOfBoundsError', 'InvalidBytesBooleanError'].includes(cause.name))
      return true
  }
  return false
}
