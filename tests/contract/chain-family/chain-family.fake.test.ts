import type { CaipNetwork } from '../../../src/domain/entities'
import { FakeChainFamily, anAnnouncedConnector } from '../../fakes/fake-chain-family'
import { chainFamilyContract } from './chain-family.contract'
import { FAKE_WING } from './chain-family.wings'

const network = (id: number, name: string): CaipNetwork => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: [`http://127.0.0.1/${id}`],
})

// The fake's wallet: one announced connector, the fake's own address and network, and the fake's
// signature format (`signed(<address>):<message>`) as what verifies.
chainFamilyContract(FAKE_WING, 'FakeChainFamily', () => {
  const home = network(31337, 'Devnet A')
  const away = network(31338, 'Devnet B')
  const family = new FakeChainFamily('eip155', '0x1111111111111111111111111111111111111111', home.caipNetworkId)
  const connector = anAnnouncedConnector()
  family.unknownNetworks.add(away.caipNetworkId)
  family.announce(connector)
  return {
    family,
    walletCalls: family,
    wallet: {
      id: connector.id,
      announce: () => family.announce(connector),
      declineNext: () => family.answerNextPrompt('rejected'),
      pendingNext: () => family.answerNextPrompt('pending'),
      moveTo: (to) => family.moveWallet(connector.id, to.caipNetworkId),
      changeAccount() {
        const other = '0x2222222222222222222222222222222222222222'
        family.changeAccounts(connector.id, [other])
        return other
      },
      requests: () => family.requests.length,
      prompts: () => family.prompts,
    },
    home,
    away,
    foreignChainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    receiver: '0x3333333333333333333333333333333333333333',
    unseenHash: `0x${'ab'.repeat(32)}`,
    verify: (address, message, signature) => Promise.resolve(signature === `signed(${address}):${message}`),
  }
})
