// @vitest-environment jsdom
import type { Container } from 'inversify'
import { afterEach, describe, expect, it } from 'vitest'
import { createWalletModal, type WalletModal } from '../../../src/index'
import { ConnectionStore } from '../../../src/application/connection-store'
import { Analytics } from '../../../src/ports/analytics'
import { KeyValueStorage } from '../../../src/ports/key-value-storage'
import { SiwxMessengers, SiwxStorage } from '../../../src/ports/siwx'
import { Clock } from '../../../src/ports/clock'
import { ChainFamilies } from '../../../src/ports/chain-family'
import { aModalConfig } from '../../builders/config'
import { FakeChainFamily, anAnnouncedConnector, familiesOf } from '../../fakes/fake-chain-family'
import { InMemoryAnalytics } from '../../fakes/in-memory-analytics'
import { InMemoryKeyValueStorage } from '../../fakes/in-memory-key-value-storage'
import { InMemorySiwxStorage } from '../../fakes/in-memory-siwx-storage'
import { ManualClock } from '../../fakes/manual-clock'

const modals: WalletModal[] = []
afterEach(() => modals.splice(0).forEach((m) => m.destroy()))

describe('modal.siwx', () => {
  it('without siwx in the config: state disabled, and every call rejects with "SIWX is not enabled"', async () => {
    const modal = createWalletModal(aModalConfig())
    modals.push(modal)
    expect(modal.getState().siwx).toEqual({ status: 'disabled' })
    await expect(modal.siwx.signIn()).rejects.toThrow('SIWX is not enabled')
    await expect(modal.siwx.getSessions()).rejects.toMatchObject({ name: 'SiwxNotEnabledError' })
    await expect(modal.siwx.signOut()).rejects.toThrow('SIWX is not enabled')
  })

  it('with siwx: signed-out, then signed-in through signIn() with the session stored', async () => {
    const clock = new ManualClock()
    const storage = new InMemorySiwxStorage(clock)
    const evm = new FakeChainFamily('eip155')
    let container: Container | undefined
    const events: string[] = []
    const modal = createWalletModal(
      { ...aModalConfig(), siwx: { required: false, domain: 'app.test', uri: 'https://app.test' }, onEvent: (e) => events.push(e.type) },
      {
        overrides: (c) => {
          container = c
          c.rebind(Clock).toConstantValue(clock)
          c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
          c.rebind(KeyValueStorage).toConstantValue(new InMemoryKeyValueStorage())
          c.rebind(ChainFamilies).toConstantValue(familiesOf(evm))
          c.bind(SiwxStorage).toConstantValue(storage)
          c.bind(SiwxMessengers).toConstantValue({
            get: () =>
              Promise.resolve({
                createMessage: (data) => `sign in ${data.accountAddress} ${data.nonce}`,
                verify: (session) => Promise.resolve(session.signature.startsWith('signed(')),
              }),
          })
        },
      },
    )
    modals.push(modal)
    expect(modal.getState().siwx).toEqual({ status: 'signed-out' })
    const connector = { ...anAnnouncedConnector(), provider: { request: () => Promise.resolve(null) } }
    evm.add(connector)
    container!.get(ConnectionStore).upsert({
      connectorId: connector.id,
      namespace: 'eip155',
      address: evm.address,
      caipAddress: `${evm.caipNetworkId}:${evm.address}`,
      caipNetworkId: evm.caipNetworkId,
    })
    evm.signAnswers.push(`signed(${evm.address})`)
    const session = await modal.siwx.signIn()
    expect(session.data).toMatchObject({ accountAddress: evm.address, domain: 'app.test', uri: 'https://app.test', chainId: evm.caipNetworkId })
    expect(modal.getState().siwx).toEqual({ status: 'signed-in', session })
    expect(await modal.siwx.getSessions({ address: evm.address.toUpperCase().replace('0X', '0x') })).toEqual([session])
    expect(events).toContain('siwx_success')
    await modal.siwx.signOut()
    expect(await modal.siwx.getSessions()).toEqual([])
    expect(modal.getState().siwx.status).toBe('signed-out')
  })
})
