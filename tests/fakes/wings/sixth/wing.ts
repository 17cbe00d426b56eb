/**
 * A sixth chain family that exists only in tests: a whole wing in one folder, to show that the
 * modal learns a family from its descriptor alone. Its page-side part is a scriptable fake with
 * one wallet on the page, heard once the modal starts the family's discovery; its on-demand part
 * declares what it can do (send, no activity) and its address rule ("six1" and 8 to 40 lower-case
 * letters or digits; an address of network "one" starts "six1o").
 */
import type { AddressRule } from '../../../../src/domain/chains/family-rules'
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

/** The sixth family's address rule: its shape, and network "one" takes only its own addresses. */
export const SIXTH_ADDRESS_RULE: AddressRule = {
  isAddress: (text) => /^six1[a-z0-9]{8,40}$/.test(text),
  validate: (address, caipNetworkId) =>
    caipNetworkId !== 'sixth:one' || address.startsWith('six1o') ? { valid: true } : { valid: false, message: 'This is not a Sixth Devnet address' },
}

export const sixth: ChainWing = {
  namespace: 'sixth',
  family({ networks }) {
    const family = new FakeChainFamily('sixth', 'six1wallet', networks[0]?.caipNetworkId)
    family.announce(anAnnouncedConnector(SIXTH_WALLET.id, SIXTH_WALLET.name, 'sixth'))
    return family
  },
  parts: async () => ({
    capabilities: ['send', 'balance'],
    address: async () => SIXTH_ADDRESS_RULE,
    messenger: () => Promise.reject(new Error('The sixth family has no sign-in')),
  }),
}
