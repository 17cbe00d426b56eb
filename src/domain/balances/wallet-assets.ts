/**
 * Balances from wallet asset discovery (`wallet_getAssets`, EIP-7811) are used only when they
 * match the expected shape: address, balance, type ERC20 or NATIVE, metadata with name, symbol,
 * decimals, price and iconUrl (spec section 5). Otherwise the caller falls back to the balance
 * service: `parseWalletAssets` returns undefined.
 */
import { z } from 'zod/mini'
import type { TokenBalance } from '../entities'
import { formatUnitsExact } from '../format/amount'
import { multiplyDecimals, numberToDecimal, rescaleTruncate } from '../format/decimal'

export const walletAssetSchema = z.object({
  address: z.string().check(z.minLength(1)),
  /** Hex (`0x...`) or decimal integer string of base units. */
  balance: z.string().check(z.regex(/^(0x[0-9a-fA-F]+|\d+)$/)),
  type: z.enum(['ERC20', 'NATIVE']),
  metadata: z.object({
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().check(z.int(), z.gte(0), z.lte(255)),
    price: z.number().check(z.nonnegative()),
    iconUrl: z.string(),
  }),
})
export type WalletAsset = z.infer<typeof walletAssetSchema>

/** `{ [hexChainId]: WalletAsset[] }`. */
export const walletAssetsResponseSchema = z.record(z.string(), z.array(walletAssetSchema))

export function isWalletAssetsResponse(value: unknown): boolean {
  return walletAssetsResponseSchema.safeParse(value).success
}

/**
 * Maps a `wallet_getAssets` answer for eip155 chain `chainId` to token balances, or undefined
 * when the answer does not have the expected shape (the caller then asks the balance service).
 */
export function parseWalletAssets(value: unknown, chainId: number): TokenBalance[] | undefined {
  const parsed = walletAssetsResponseSchema.safeParse(value)
  if (!parsed.success) return undefined
  const key = `0x${chainId.toString(16)}`
  const assets = Object.entries(parsed.data).find(([k]) => k.toLowerCase() === key)?.[1] ?? []
  const caipChainId = `eip155:${chainId}`
  return assets.map((asset) => {
    const units = BigInt(asset.balance)
    const { decimals, price } = asset.metadata
    const value = rescaleTruncate(multiplyDecimals({ units, scale: decimals }, numberToDecimal(price)), 6)
    const balance: TokenBalance = {
      name: asset.metadata.name,
      symbol: asset.metadata.symbol,
      chainId: caipChainId,
      value: Number(value.units) / 1e6,
      price,
      quantity: { decimals: String(decimals), numeric: formatUnitsExact(units, decimals) },
      iconUrl: asset.metadata.iconUrl,
    }
    return asset.type === 'NATIVE' ? balance : { ...balance, address: `${caipChainId}:${asset.address}` }
  })
}
