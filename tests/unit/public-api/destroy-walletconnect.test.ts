// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { createWalletModal } from '../../../src/index'
import { Analytics } from '../../../src/ports/analytics'
import { KeyValueStorage } from '../../../src/ports/key-value-storage'
import { WalletConnectPairings } from '../../../src/ports/wallet-connectors'
import { ChainFamilies } from '../../../src/ports/chain-family'
import { FakeChainFamily, familiesOf } from '../../fakes/fake-chain-family'
import { InMemoryAnalytics } from '../../fakes/in-memory-analytics'
import { InMemoryKeyValueStorage } from '../../fakes/in-memory-key-value-storage'
import { FakeWalletConnectPairings } from '../../fakes/fake-walletconnect-pairings'
import { aModalConfig } from '../../builders/config'

function modalWithFakeWalletConnect() {
  const pairings = new FakeWalletConnectPairings()
  const modal = createWalletModal(aModalConfig(), {
    overrides: (c) => {
      c.rebind(ChainFamilies).toConstantValue(familiesOf(new FakeChainFamily()))
      c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
      c.rebind(KeyValueStorage).toConstantValue(new InMemoryKeyValueStorage())
      c.rebind(WalletConnectPairings).toConstantValue(pairings)
    },
  })
  return { modal, calls: pairings.calls }
}

describe('modal.destroy()', () => {
  it('closes the WalletConnect relay link of a started modal', async () => {
    const { modal, calls } = modalWithFakeWalletConnect()
    await modal.mount()
    expect(calls).toEqual([])
    modal.destroy()
    expect(calls).toEqual(['close'])
  })

  it('a modal that never started has nothing to close', () => {
    const { modal, calls } = modalWithFakeWalletConnect()
    modal.destroy()
    expect(calls).toEqual([])
  })
})
