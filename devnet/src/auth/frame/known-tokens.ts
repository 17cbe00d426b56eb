/**
 * The tokens the devnet's wallet frame names in its approvals: the devnet's ERC-20s (dUSD, DVT)
 * with their symbols and decimals, and its NFT collection. Their addresses are the same on both
 * devnet chains. A token outside this table is shown in raw units and called unknown.
 */
import type { KnownToken } from '../../../../src/domain/signing/known-tokens'
import { DEVNET_FUNGIBLES, DEVNET_NFT } from '../../config'

export const DEVNET_KNOWN_TOKENS: readonly KnownToken[] = [
  ...DEVNET_FUNGIBLES.filter((t) => t.key !== 'native').map((t): KnownToken => ({ kind: 'fungible', address: t.address, symbol: t.symbol, decimals: t.decimals })),
  { kind: 'collection', address: DEVNET_NFT.address, name: DEVNET_NFT.name },
]
