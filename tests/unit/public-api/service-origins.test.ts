// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createWalletModal } from '../../../src/index'
import { Analytics } from '../../../src/ports/analytics'
import { KeyValueStorage } from '../../../src/ports/key-value-storage'
import { Logger } from '../../../src/ports/logger'
import { WalletConnectPairings } from '../../../src/ports/wallet-connectors'
import { ChainFamilies } from '../../../src/ports/chain-family'
import { FakeChainFamily, familiesOf } from '../../fakes/fake-chain-family'
import { InMemoryAnalytics } from '../../fakes/in-memory-analytics'
import { InMemoryKeyValueStorage } from '../../fakes/in-memory-key-value-storage'
import { FakeWalletConnectPairings } from '../../fakes/fake-walletconnect-pairings'
import { RecordingLogger } from '../../fakes/recording-logger'
import { aModalConfig } from '../../builders/config'

const OWN_SERVICES = {
  blockchainApi: 'https://api.shop.example',
  walletCatalogue: 'https://api.shop.example',
  analytics: 'https://api.shop.example',
  relay: 'wss://relay.shop.example',
}

function modalOn(hostname: string, services?: Partial<typeof OWN_SERVICES>) {
  vi.stubGlobal('location', { ...window.location, hostname })
  const logger = new RecordingLogger()
  const modal = createWalletModal(aModalConfig(services === undefined ? {} : { services }), {
    overrides: (c) => {
      c.rebind(ChainFamilies).toConstantValue(familiesOf(new FakeChainFamily()))
      c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
      c.rebind(KeyValueStorage).toConstantValue(new InMemoryKeyValueStorage())
      c.rebind(WalletConnectPairings).toConstantValue(new FakeWalletConnectPairings())
      c.rebind(Logger).toConstantValue(logger)
    },
  })
  return { modal, logger }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the services on a page away from the developer machine', () => {
  it('left to the devnet defaults: mount() shows "Invalid App Configuration" and logs an InvalidConfigError naming services', async () => {
    const { modal, logger } = modalOn('shop.example')
    expect(modal.getState().alert).toBeNull() // created (as during server rendering): nothing checked yet
    await modal.mount()
    expect(modal.getState().alert?.shortMessage).toBe('Invalid App Configuration')
    expect(logger.errors).toHaveLength(1)
    expect(logger.errors[0]).toMatch(/Invalid Walletgate config\. services: blockchainApi, walletCatalogue, analytics, relay left to the local devnet defaults/)
    modal.destroy()
  })

  it('all set by the host: no alert, nothing logged', async () => {
    const { modal, logger } = modalOn('shop.example', OWN_SERVICES)
    await modal.mount()
    expect(modal.getState().alert).toBeNull()
    expect(logger.errors).toEqual([])
    modal.destroy()
  })

  it('the devnet defaults on localhost are what they are for: no alert', async () => {
    const { modal, logger } = modalOn('localhost')
    await modal.mount()
    expect(modal.getState().alert).toBeNull()
    expect(logger.errors).toEqual([])
    modal.destroy()
  })
})
