import { beforeAll, describe } from 'vitest'
import type { CaipAddress, CaipNetworkId } from '../../../../src/domain/entities'

/** The devnet's (or the fake's) accounts and tokens every blockchain service suite works with. */
export interface BlockchainWorld {
  /** A network the service runs and offers swaps on (eip155). */
  readonly chainId: CaipNetworkId
  /** An account holding the native coin and `token` on `chainId`. */
  readonly funded: { readonly address: `0x${string}` }
  /** An account (with its key) that registers names in this suite. */
  readonly registrant: { readonly address: `0x${string}`; readonly privateKey: `0x${string}` }
  /** CAIP-10 addresses on `chainId`. */
  readonly nativeToken: string
  readonly token: { readonly caip10: string; readonly symbol: string; readonly decimals: number }
  /** The name service zone. */
  readonly zone: string
}

export const UNSUPPORTED_CHAIN: CaipNetworkId = 'eip155:999999'
export const INTEGER = /^\d+$/

/**
 * One port's contract: `cases` gets the world (filled in once it is made, before the first case)
 * and a CAIP-10 helper on its network, inside `describe('<port> contract: <label>')`.
 */
export function contractSuite<W extends BlockchainWorld>(
  port: string,
  label: string,
  makeWorld: () => Promise<W>,
  cases: (w: W, account: (address: string, chainId?: string) => CaipAddress) => void,
): void {
  describe(`${port} contract: ${label}`, () => {
    const w = {} as W
    beforeAll(async () => {
      Object.assign(w, await makeWorld())
    })
    cases(w, (address, chainId = w.chainId) => `${chainId}:${address}` as CaipAddress)
  })
}
