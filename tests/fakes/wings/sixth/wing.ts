/**
 * A sixth chain family that exists only in tests: a whole wing in one folder, to show that the
 * modal learns a family from its descriptor alone. Its page-side part is a scriptable fake with
 * one wallet on the page, heard once the modal starts the family's discovery.
 */
import type { ChainWing } from '../../../../src/infrastructure/chains/wing'
import { FakeChainFamily, anAnnouncedConnector } from '../../fake-chain-family'

export const SIXTH_WALLET = { id: 'org.sixth.wallet', name: 'Sixth Wallet' }

/** A network of the sixth family, as a host configures it. */
export const SIXTH_NETWORK = {
  id: 'one',
  chainNamespace: 'sixth',
  name: 'Sixth Devnet',
  nativeCurrency: { name: 'Sixth', symbol: 'SIX', decimals: 6 },
  rpcUrls: ['http://127.0.0.1:8999'],
}

export const sixth: ChainWing = {
  namespace: 'sixth',
  family({ networks }) {
    const family = new FakeChainFamily('sixth', 'six1wallet', networks[0]?.caipNetworkId)
    family.announce(anAnnouncedConnector(SIXTH_WALLET.id, SIXTH_WALLET.name, 'sixth'))
    return family
  },
  parts: async () => ({
    messenger: () => Promise.reject(new Error('The sixth family has no sign-in')),
  }),
}
