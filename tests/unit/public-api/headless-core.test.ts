// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { createWalletgateCore, type WalletgateCore } from '../../../src/headless'
import { ChainFamilies } from '../../../src/ports/chain-family'
import { Analytics } from '../../../src/ports/analytics'
import { KeyValueStorage } from '../../../src/ports/key-value-storage'
import { Logger } from '../../../src/ports/logger'
import { WalletCatalogue } from '../../../src/ports/wallet-catalogue'
import { aModalConfig } from '../../builders/config'
import { FakeChainFamily, anAnnouncedConnector, familiesOf } from '../../fakes/fake-chain-family'
import { InMemoryAnalytics } from '../../fakes/in-memory-analytics'
import { InMemoryKeyValueStorage } from '../../fakes/in-memory-key-value-storage'
import { InMemoryWalletCatalogue } from '../../fakes/in-memory-wallet-catalogue'
import { RecordingLogger } from '../../fakes/recording-logger'

const cores: WalletgateCore[] = []
afterEach(() => cores.splice(0).forEach((core) => core.destroy()))

function aCore() {
  const evm = new FakeChainFamily('eip155')
  // The wallet announces itself before discovery starts, as an extension does at page load.
  evm.announce({ ...anAnnouncedConnector('dev.walletgate.devnet', 'Devnet Wallet'), provider: { request: async () => null } })
  const core = createWalletgateCore(aModalConfig(), {
    overrides: (c) => {
      c.rebind(ChainFamilies).toConstantValue(familiesOf(evm))
      c.rebind(Logger).toConstantValue(new RecordingLogger())
      c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
      c.rebind(KeyValueStorage).toConstantValue(new InMemoryKeyValueStorage())
      c.bind(WalletCatalogue).toConstantValue(new InMemoryWalletCatalogue())
    },
  })
  cores.push(core)
  return { core, evm }
}

describe('walletgate/headless: the stores without views', () => {
  it('goes from discovery to a connected account through the stores alone', async () => {
    const { core, evm } = aCore()
    expect(await core.restored()).toBe(false)
    const { wallets, connection } = await core.connectStores()

    // The list a custom UI renders: the discovered wallet, tagged as installed.
    const rows = wallets.snapshot.groups.flatMap((group) => group.rows)
    expect(rows).toContainEqual(expect.objectContaining({ kind: 'connector', connectorId: 'dev.walletgate.devnet', name: 'Devnet Wallet', tag: 'Installed' }))

    const attempts: string[] = []
    const following = connection.state$.subscribe((state) => attempts.push(state.status))
    await connection.connect('dev.walletgate.devnet')
    following.unsubscribe()
    expect(attempts).toContain('connecting')
    expect(core.getState()).toMatchObject({ status: 'connected', address: evm.address, caipNetworkId: 'eip155:31337', open: false })

    const { networks } = await core.accountStores()
    expect(networks.snapshot.activeCaipNetworkId).toBe('eip155:31337')
    await core.disconnect()
    expect(core.getState().status).toBe('disconnected')
  })

  it('renders nothing: no element is added to the page', async () => {
    const { core } = aCore()
    const before = document.body.innerHTML
    await core.connectStores()
    await core.walletListStores()
    expect(document.body.innerHTML).toBe(before)
    expect(document.querySelector('[data-walletgate]')).toBeNull()
  })
})
