/**
 * Rows as the wire's transactions (docs/service-api.md, "History"): the operation type, the
 * metadata, and each transfer with the token's name, symbol and icon and its amount in token units.
 * Both sources present their rows here.
 */
import { formatUnits, getAddress, zeroAddress, type Address } from 'viem'
import type { NativeCurrency } from '../evm-balances.js'
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
  /** The preview image URL of an NFT (default: none, an empty string): the server fetches no token URI. */
  readonly nftPreviewUrl?: (nft: { chainId: number; address: Address; tokenId: bigint }) => string
}

type WireTransfer = ActivityTransaction['transfers'][number]

const same = (a: Address, b: Address) => a.toLowerCase() === b.toLowerCase()

async function presentTransfer(account: Address, chainId: number, native: NativeCurrency, t: ActivityTransfer, p: ActivityPresentation): Promise<WireTransfer> {
  const fromMe = same(t.from, account)
  const toMe = same(t.to, account)
  const direction = fromMe && toMe ? 'self' : fromMe ? 'out' : 'in'
  const ends = { sender: getAddress(t.from), recipient: getAddress(t.to) }
  if (t.kind === 'erc721') {
    const token = await p.tokens.token(chainId, t.token)
    return {
      nft_info: {
        name: `${token.name} #${t.tokenId}`,
        content: { preview: { url: p.nftPreviewUrl?.({ chainId, address: t.token, tokenId: t.tokenId }) ?? '' } },
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
  return {
    fungible_info: { name: token.name, symbol: token.symbol, icon: { url: p.iconUrl(icon) } },
    direction,
    quantity: { numeric: formatUnits(t.amount, token.decimals) },
    ...ends,
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

export async function presentRow(account: Address, native: NativeCurrency, row: ActivityRow, p: ActivityPresentation): Promise<ActivityTransaction> {
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
    transfers: await Promise.all(row.transfers.map((t) => presentTransfer(account, row.chainId, native, t, p))),
  }
}
