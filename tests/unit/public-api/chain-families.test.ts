// @vitest-environment jsdom
import type { Container } from 'inversify'
import { afterEach, describe, expect, it } from 'vitest'
import { InvalidConfigError, createWalletModal, type ChainNamespace, type Eip1193Provider, type WalletModal, type WalletStandardWallet } from '../../../src/index'
import { solana as solanaFamily } from '../../../src/families/solana'
import { ConnectionStore } from '../../../src/application/connection-store'
import { ModalStore } from '../../../src/application/modal-store'
import { Logger } from '../../../src/ports/logger'
import { ChainFamilies } from '../../../src/ports/chain-family'
import { Analytics } from '../../../src/ports/analytics'
import { KeyValueStorage } from '../../../src/ports/key-value-storage'
import { aModalConfig } from '../../builders/config'
import { FakeChainFamily, anAnnouncedConnector, familiesOf } from '../../fakes/fake-chain-family'
import { InMemoryAnalytics } from '../../fakes/in-memory-analytics'
import { InMemoryKeyValueStorage } from '../../fakes/in-memory-key-value-storage'
import { RecordingLogger } from '../../fakes/recording-logger'

const SOLANA = {
  id: 'devnet',
  chainNamespace: 'solana' as const,
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: ['http://127.0.0.1:8899'],
}

const modals: WalletModal[] = []
afterEach(() => modals.splice(0).forEach((m) => m.destroy()))

function aTwoFamilyModal() {
  const evm = new FakeChainFamily('eip155')
  const solana = new FakeChainFamily('solana')
  const evmProvider: Eip1193Provider = { request: async () => null }
  const wallet = { version: '1.0.0', name: 'Phantom', icon: 'data:image/svg+xml,', chains: ['solana:devnet'], features: {}, accounts: [] }
  evm.add({ ...anAnnouncedConnector('app.phantom', 'Phantom'), provider: evmProvider })
  solana.add({ ...anAnnouncedConnector('app.phantom', 'Phantom', 'solana'), provider: wallet })
  const logger = new RecordingLogger()
  let container: Container | undefined
  const modal = createWalletModal(aModalConfig({ networks: [...aModalConfig().networks, SOLANA] }), {
    families: [solanaFamily],
    overrides: (c) => {
      container = c
      c.rebind(ChainFamilies).toConstantValue(familiesOf(evm, solana))
      c.rebind(Logger).toConstantValue(logger)
      c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
      c.rebind(KeyValueStorage).toConstantValue(new InMemoryKeyValueStorage())
    },
  })
  modals.push(modal)
  return { modal, container: container as unknown as Container, evm, solana, evmProvider, wallet, logger }
}

describe('the public API with two chain families connected', () => {
  it('getState() keeps its shape for the active family and lists every connected one in namespaces', async () => {
    const w = aTwoFamilyModal()
    const connection = w.container.get(ConnectionStore)
    connection.upsert(connectedAccount(w.evm.account('app.phantom'), 'app.phantom'))
    connection.upsert(connectedAccount(w.solana.account('app.phantom'), 'app.phantom'), { activate: false })
    const state = w.modal.getState()
    expect(state).toMatchObject({ status: 'connected', address: w.evm.address, caipNetworkId: 'eip155:31337' })
    expect(state.namespaces).toEqual({
      eip155: { status: 'connected', address: w.evm.address, caipAddress: `eip155:31337:${w.evm.address}`, caipNetworkId: 'eip155:31337', connectorId: 'app.phantom', accountType: 'eoa' },
      solana: { status: 'connected', address: w.solana.address, caipAddress: `solana:devnet:${w.solana.address}`, caipNetworkId: 'solana:devnet', connectorId: 'app.phantom', accountType: 'eoa' },
    })
    // The same object while nothing changed (useSyncExternalStore needs that).
    expect(w.modal.getState()).toBe(state)

    const seen: string[] = []
    const stop = w.modal.subscribe((s) => seen.push(Object.keys(s.namespaces).join(',')))
    await w.modal.disconnect({ namespace: 'solana' })
    stop()
    expect(seen.at(-1)).toBe('eip155')
    expect(w.modal.getState()).toMatchObject({ status: 'connected', address: w.evm.address })
  })

  it('getProvider is typed per namespace and answers only for a connected family', async () => {
    const w = aTwoFamilyModal()
    const connection = w.container.get(ConnectionStore)
    expect(await w.modal.getProvider('solana')).toBeUndefined()
    connection.upsert(connectedAccount(w.solana.account('app.phantom'), 'app.phantom'))
    const solanaWallet: WalletStandardWallet | undefined = await w.modal.getProvider('solana')
    expect(solanaWallet).toBe(w.wallet)
    const evm: Eip1193Provider | undefined = await w.modal.getProvider('eip155')
    expect(evm).toBeUndefined()
  })

  it('open({ namespace }) narrows the lists to that family; an unconfigured family is a warning and the whole list', async () => {
    const w = aTwoFamilyModal()
    await w.modal.open({ namespace: 'solana' })
    expect(w.container.get(ModalStore).snapshot.namespace).toBe('solana')
    w.modal.close()
    await w.modal.open({ namespace: 'cosmos' })
    expect(w.container.get(ModalStore).snapshot.namespace).toBeUndefined()
    expect(w.logger.warnings.some((m) => m.includes("namespace: 'cosmos'"))).toBe(true)
    expect(w.modal.getState().open).toBe(true)
  })
})

function connectedAccount(account: { connectorId: string; namespace: ChainNamespace; addresses: readonly string[]; caipNetworkId: string }, connectorId: string) {
  const address = account.addresses[0] as string
  return {
    connectorId,
    namespace: account.namespace,
    address,
    caipAddress: `${account.caipNetworkId}:${address}`,
    caipNetworkId: account.caipNetworkId,
    accountType: 'eoa' as const,
  }
}

describe('a network of a family the host did not pass', () => {
  it('is an InvalidConfigError naming the field and the import to add', () => {
    const config = aModalConfig({ networks: [...aModalConfig().networks, SOLANA] })
    const index = config.networks.length - 1
    let error: unknown
    try {
      createWalletModal(config)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(InvalidConfigError)
    expect((error as InvalidConfigError).fields).toEqual([`networks.${index}.chainNamespace`])
    expect((error as InvalidConfigError).message).toContain("import { solana } from 'walletgate/solana'")
    expect(() => createWalletModal(config, { families: [solanaFamily] }).destroy()).not.toThrow()
  })
})
