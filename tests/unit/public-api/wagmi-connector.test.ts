// @vitest-environment jsdom
import type { Container } from 'inversify'
import { connect, createConfig, disconnect, getAccount, reconnect, switchChain, type Config } from '@wagmi/core'
import { custom, defineChain } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createWalletModal, type WalletModal } from '../../../src/index'
import { walletgate } from '../../../src/wagmi'
import { ConnectionStore } from '../../../src/application/connection-store'
import { rememberConnector } from '../../../src/application/connection/storage-keys'
import { ChainFamilies } from '../../../src/ports/chain-family'
import { Analytics } from '../../../src/ports/analytics'
import { KeyValueStorage } from '../../../src/ports/key-value-storage'
import { Logger } from '../../../src/ports/logger'
import { aModalConfig } from '../../builders/config'
import { FakeChainFamily, anAnnouncedConnector, familiesOf } from '../../fakes/fake-chain-family'
import { InMemoryAnalytics } from '../../fakes/in-memory-analytics'
import { InMemoryKeyValueStorage } from '../../fakes/in-memory-key-value-storage'
import { RecordingLogger } from '../../fakes/recording-logger'

const DEVNET_B = {
  id: 31338,
  chainNamespace: 'eip155' as const,
  name: 'Devnet B',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['http://127.0.0.1:8546'],
}
const chainA = defineChain({ id: 31337, name: 'Devnet A', nativeCurrency: DEVNET_B.nativeCurrency, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } })
const chainB = defineChain({ id: 31338, name: 'Devnet B', nativeCurrency: DEVNET_B.nativeCurrency, rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } } })

const modals: WalletModal[] = []
afterEach(() => modals.splice(0).forEach((m) => m.destroy()))

function aWagmiHost(options: { storage?: InMemoryKeyValueStorage } = {}) {
  const evm = new FakeChainFamily('eip155')
  evm.add({ ...anAnnouncedConnector('dev.walletgate.devnet', 'Devnet Wallet'), provider: { request: async () => null } })
  const storage = options.storage ?? new InMemoryKeyValueStorage()
  let container: Container | undefined
  const modal = createWalletModal(aModalConfig({ networks: [...aModalConfig().networks, DEVNET_B] }), {
    overrides: (c) => {
      container = c
      c.rebind(ChainFamilies).toConstantValue(familiesOf(evm))
      c.rebind(Logger).toConstantValue(new RecordingLogger())
      c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
      c.rebind(KeyValueStorage).toConstantValue(storage)
    },
  })
  modals.push(modal)
  const transport = custom({ request: async () => null })
  const config: Config = createConfig({
    chains: [chainA, chainB],
    connectors: [walletgate({ modal })],
    transports: { [chainA.id]: transport, [chainB.id]: transport },
    multiInjectedProviderDiscovery: false,
    storage: null,
  })
  const connection = () => (container as Container).get(ConnectionStore)
  /** What the Connect view does when the visitor picks the Devnet Wallet. */
  const connectInModal = async (caipNetworkId = 'eip155:31337') => {
    const account = await evm.connect('dev.walletgate.devnet')
    connection().upsert({
      connectorId: 'dev.walletgate.devnet',
      namespace: 'eip155',
      address: account.addresses[0] as string,
      caipAddress: `${caipNetworkId}:${account.addresses[0] as string}`,
      caipNetworkId,
      accountType: 'eoa',
    })
  }
  return { modal, config, evm, storage, connectInModal, connection }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('walletgate/wagmi: the modal as the connect UI of a wagmi config', () => {
  it("a wallet connected in the modal shows in wagmi's account, with its chain", async () => {
    const host = aWagmiHost()
    expect(getAccount(host.config).status).toBe('disconnected')
    await host.connectInModal()
    await settled()
    const account = getAccount(host.config)
    expect(account).toMatchObject({ status: 'connected', address: host.evm.address, chainId: 31337 })
    expect(account.connector?.id).toBe('walletgate')
  })

  it("wagmi's connect opens the modal and resolves with the account the visitor connects there", async () => {
    const host = aWagmiHost()
    const connecting = connect(host.config, { connector: host.config.connectors[0]! })
    // The modal's views are chunks of their own: it opens once they are loaded.
    await vi.waitFor(() => expect(host.modal.getState().open).toBe(true), { timeout: 10_000 })
    await host.connectInModal()
    const result = await connecting
    expect(result).toEqual({ accounts: [host.evm.address], chainId: 31337 })
    expect(getAccount(host.config).address).toBe(host.evm.address)
  })

  it("closing the modal without connecting rejects wagmi's connect as the visitor's refusal", async () => {
    const host = aWagmiHost()
    const connecting = connect(host.config, { connector: host.config.connectors[0]! })
    // The modal's views are chunks of their own: it opens once they are loaded.
    await vi.waitFor(() => expect(host.modal.getState().open).toBe(true), { timeout: 10_000 })
    host.modal.close()
    await expect(connecting).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
    expect(getAccount(host.config).status).toBe('disconnected')
  })

  it('switching chain in wagmi moves the modal, and a network change in the modal reaches wagmi', async () => {
    const host = aWagmiHost()
    await host.connectInModal()
    await settled()
    await switchChain(host.config, { chainId: 31338 })
    expect(host.modal.getState().caipNetworkId).toBe('eip155:31338')
    expect(getAccount(host.config).chainId).toBe(31338)
    await host.modal.switchNetwork('eip155:31337')
    await settled()
    expect(getAccount(host.config).chainId).toBe(31337)
  })

  it("wagmi's disconnect disconnects the modal, and the modal's disconnects wagmi", async () => {
    const host = aWagmiHost()
    await host.connectInModal()
    await settled()
    await disconnect(host.config)
    expect(host.modal.getState().status).toBe('disconnected')

    await host.connectInModal()
    await settled()
    expect(getAccount(host.config).status).toBe('connected')
    await host.modal.disconnect()
    await settled()
    expect(getAccount(host.config).status).toBe('disconnected')
  })

  it("wagmi's reconnect after a reload waits for the modal's silent reconnect", async () => {
    const storage = new InMemoryKeyValueStorage()
    rememberConnector(storage, 'eip155', 'dev.walletgate.devnet')
    const host = aWagmiHost({ storage })
    // The wallet still knows the site from before the reload.
    host.evm.authorised.set('dev.walletgate.devnet', host.evm.account('dev.walletgate.devnet'))
    const connections = await reconnect(host.config)
    expect(connections.map((c) => c.accounts[0])).toEqual([host.evm.address])
    expect(getAccount(host.config)).toMatchObject({ status: 'connected', address: host.evm.address })
    expect(host.modal.getState().status).toBe('connected')
  })

  it("wagmi's reconnect with nothing to restore stays disconnected and opens no modal", async () => {
    const host = aWagmiHost()
    expect(await reconnect(host.config)).toEqual([])
    expect(getAccount(host.config).status).toBe('disconnected')
    expect(host.modal.getState().open).toBe(false)
  })
})
