/** The SupportedChainsApi contract, run against FetchSupportedChainsApi over HTTP to the devnet and against its fake. */
import { describe, expect, it } from 'vitest'
import type { SupportedChainsApi } from '../../../../src/ports/blockchain/supported-chains'
import { contractSuite, UNSUPPORTED_CHAIN, type BlockchainWorld } from './world'

export interface SupportedChainsApiWorld extends BlockchainWorld {
  readonly api: SupportedChainsApi
}

export function supportedChainsContract(label: string, makeWorld: () => Promise<SupportedChainsApiWorld>): void {
  contractSuite('SupportedChainsApi', label, makeWorld, (w) => {
    describe('networks', () => {
      it('lists the chains it runs and says which are supported', async () => {
        const chains = await w.api.getSupportedChains()
        expect(chains.http).toContain(w.chainId)
        expect(chains.http).not.toContain(UNSUPPORTED_CHAIN)
        await expect(w.api.isNetworkSupported(w.chainId)).resolves.toBe(true)
        await expect(w.api.isNetworkSupported(UNSUPPORTED_CHAIN)).resolves.toBe(false)
      })
    })
  })
}
