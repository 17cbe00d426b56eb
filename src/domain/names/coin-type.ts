/**
 * Name-service coin type of an eip155 chain (ENSIP-11): `(0x80000000 | chainId) >>> 0`. The
 * chain id must be a non-negative integer below 2147483648, otherwise "Invalid chainId".
 */
import { MAX_COIN_TYPE_CHAIN_ID } from '../constants'
import { InvalidChainIdError } from '../errors'

export function nameCoinType(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId >= MAX_COIN_TYPE_CHAIN_ID) {
    throw new InvalidChainIdError()
  }
  return (0x80000000 | chainId) >>> 0
}
