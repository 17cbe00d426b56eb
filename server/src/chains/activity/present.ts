/**
 * Rows as the wire's transactions (docs/service-api.md, "History"): the operation type, the
 * metadata, and each transfer with the token's name, symbol and icon, its amount in token units and,
 * for a token the server prices, its price and value in USD today (not at the time of the transfer).
 * Both sources present their rows here.
 */
import { formatUnits, getAddress, zeroAddress, type Address } from 'viem'
import type { NativeCurrency } from '../evm-balances.js'
import { NATIVE_TOKEN } from '../uniswap-v2.js'
import type { ActivityTransaction } from './activity.js'
import type { ActivityRow, ActivityTransfer } from './rows.js'
import type { TokenMetadata } from './token-metadata.js'

export interface TokenIcon {
  readonly chainId: number
  /** Absent for the native coin. */
  readonly address?: Address
  readonly symbol: string
  /** The token list's logo, when it lists the token. */
  readonly logoURI?: string
}

/** How tokens look in rows: shared by both sources. */
export interface ActivityPresentation {
  readonly tokens: TokenMetadata
  /** The icon URL of a fungible token or native coin (an empty string for none). */
  readonly iconUrl: (token: TokenIcon) => string
  /** The preview image URL of an NFT, an empty string for none (the default). */
  readonly nftPreview?: (nft: { chainId: number; address: Address; tokenId: bigint }) => Promise<string>
  /**
   * USD prices of a chain's tokens by lower-cased address (the native coin at NATIVE_TOKEN's);
   * without it, or when it fails, rows carry no price.
   */
  readonly prices?: (chainId: number) => Promise<ReadonlyMap<string, number>>
}

type WireTransfer = ActivityTransaction['transfers'][number]

const same = (a: Address, b: Address) => a.toLowerCase() === b.toLowerCase()

async function presentTransfer(account: Address, chainId: number, native: NativeCurrency, t: ActivityTransfer, p: ActivityPresentation, prices: ReadonlyMap<string, number>): Promise<WireTransfer> {
  const fromMe = same(t.from, account)
  const toMe = same(t.to, account)
  const direction = fromMe && toMe ? 'self' : fromMe ? 'out' : 'in'
  const ends = { sender: getAddress(t.from), recipient: getAddress(t.to) }
  if (t.kind === 'erc721') {
    const token = await p.tokens.token(chainId, t.token)
    return {
      nft_info: {
        name: `${token.name} #${t.tokenId}`,
        content: { preview: { url: (await p.nftPreview?.({ chainId, address: t.token, tokenId: t.tokenId }).catch(() => '')) ?? '' } },
        flags: { is_spam: false },
      },
      direction,
      quantity: { numeric: '1' },
      ...ends,
    }
  }
  const token = t.kind === 'native' ? native : await p.tokens.token(chainId, t.token)
  const icon: TokenIcon = {
    chainId,
    symbol: token.symbol,
    ...(t.kind === 'erc20' ? { address: t.token } : {}),
    ...('logoURI' in token && typeof token.logoURI === 'string' ? { logoURI: token.logoURI } : {}),
  }
  const numeric = formatUnits(t.amount, token.decimals)
  const price = prices.get((t.kind === 'native' ? NATIVE_TOKEN : t.token).toLowerCase())
  return {
    fungible_info: { name: token.name, symbol: token.symbol, icon: { url: p.iconUrl(icon) } },
    direction,
    quantity: { numeric },
    ...ends,
    ...(price === undefined ? {} : { price, value: Number(numeric) * price }),
  }
}

/**
 * `send` when the account sent it and none of its transfers comes in; `execute` when it sent it
 * otherwise (a swap, an approval, a deployment, a call that moved nothing); `mint` when a token came
 * to it from the zero address; else `receive`.
 */
function operationType(account: Address, row: ActivityRow): ActivityTransaction['metadata']['operationType'] {
  if (same(row.from, account)) return row.transfers.length > 0 && row.transfers.every((t) => !same(t.to, account) || same(t.from, account)) ? 'send' : 'execute'
  if (row.transfers.some((t) => t.kind !== 'native' && t.from === zeroAddress && same(t.to, account))) return 'mint'
  return 'receive'
}

/** A page of `account`'s rows on `chainId`, the chain's prices read once for it (none when they fail: the rows still show). */
export async function presented(account: Address, chainId: number, native: NativeCurrency, rows: readonly ActivityRow[], p: ActivityPresentation): Promise<ActivityTransaction[]> {
  if (rows.length === 0) return []
  const prices = (await p.prices?.(chainId).catch(() => undefined)) ?? new Map<string, number>()
  return Promise.all(rows.map((row) => presentRow(account, native, row, p, prices)))
}

/** `row` as `account` sees it. */
export async function presentRow(account: Address, native: NativeCurrency, row: ActivityRow, p: ActivityPresentation, prices: ReadonlyMap<string, number> = new Map()): Promise<ActivityTransaction> {
  const hash = row.hash.toLowerCase()
  return {
    id: hash,
    metadata: {
      operationType: operationType(account, row),
      hash,
      minedAt: new Date(row.timestamp * 1000).toISOString(),
      sentFrom: getAddress(row.from),
      sentTo: row.to === null ? zeroAddress : getAddress(row.to),
      status: row.status,
      nonce: row.nonce,
      chain: `eip155:${row.chainId}`,
    },
    transfers: await Promise.all(row.transfers.map((t) => presentTransfer(account, row.chainId, native, t, p, prices))),
  }
}
