import { FakeSessionKeyWallet } from '../../fakes/fake-session-key-wallet'
import { InMemorySmartSessionsApi } from '../../fakes/in-memory-smart-sessions-api'
import { sessionKeyWalletContract } from './session-key-wallet.contract'

sessionKeyWalletContract('FakeSessionKeyWallet', () => {
  const chain = new InMemorySmartSessionsApi()
  const account = '0x00000000000000000000000000000000000a11ce'
  const wallet = new FakeSessionKeyWallet(chain, new Set(['AUTH']), () => account)
  return Promise.resolve({
    wallet,
    smart: { connectorId: 'AUTH', account, chainId: 31337 },
    plainConnectorId: 'injected',
    later: 2_000_000_000,
    keysOnChain: async (a) => (await chain.list(a)).map((s) => s.key.toLowerCase()),
  })
})
