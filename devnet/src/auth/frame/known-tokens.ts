/**
 * The tokens the devnet's wallet frame names in its approvals: the devnet's ERC-20s (dUSD, DVT)
 * with their symbols and decimals, and its NFT collection. Their addresses are the same on both
 * devnet chains. A token outside this table is shown in raw units and called unknown.
 */
import type { KnownToken } from '../../../../src/domain/signing/known-tokens'
import type { KnownSolanaToken } from '../../../../server/src/wallet/solana-transactions'
import { DEVNET_FUNGIBLES, DEVNET_NFT, DEVNET_SOLANA_TOKENS } from '../../config'

export const DEVNET_KNOWN_TOKENS: readonly KnownToken[] = [
  ...DEVNET_FUNGIBLES.filter((t) => t.key !== 'native').map((t): KnownToken => ({ kind: 'fungible', address: t.address, symbol: t.symbol, decimals: t.decimals })),
  { kind: 'collection', address: DEVNET_NFT.address, name: DEVNET_NFT.name },
]

/** The devnet's SPL mints, named by symbol in the frame's reading of a Solana transaction. */
export const DEVNET_SOLANA_KNOWN_TOKENS: readonly KnownSolanaToken[] = DEVNET_SOLANA_TOKENS.map(({ mint, symbol, decimals }) => ({ mint, symbol, decimals }))
