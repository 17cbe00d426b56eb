import { describe, expect, it } from 'vitest'
import { createWalletModal, InvalidConfigError, type WalletModalState } from '../../../src/index'
import { ConnectionStore } from '../../../src/application/connection-store'
import { ModalStore } from '../../../src/application/modal-store'
import { ModuleLoader } from '../../../src/composition/module-loader'
import { aModalConfig } from '../../builders/config'
import { aModalWithContainer } from '../../builders/a-modal'

describe('createWalletModal', () => {
  it('gives two modals on one page fully separate state', async () => {
    const a = aModalWithContainer()
    const b = aModalWithContainer()
    const seenByB: WalletModalState[] = []
    const unsubscribe = b.modal.subscribe((state) => seenByB.push(state))

    a.container.get(ConnectionStore).set({
      status: 'connected',
      connectorId: 'dev.walletgate.devnet',
      namespace: 'eip155',
      caipAddress: 'eip155:31337:0x1111111111111111111111111111111111111111',
      address: '0x1111111111111111111111111111111111111111',
      caipNetworkId: 'eip155:31337',
    })
    a.container.get(ModalStore).push('Networks')
    a.modal.setThemeMode('light')

    expect(a.modal.getState()).toMatchObject({ status: 'connected', themeMode: 'light', view: 'Networks' })
    expect(b.modal.getState()).toMatchObject({ status: 'disconnected', themeMode: 'dark', view: 'Connect' })
    expect(seenByB).toHaveLength(1)
    expect(a.container.get(ModalStore)).not.toBe(b.container.get(ModalStore))
    expect(a.container.get(ModalStore)).toBe(a.container.get(ModalStore))
    unsubscribe()
    // A connected modal loads its account features: let that finish before the test's modules go.
    await a.container.get(ModuleLoader).load('account')
    a.modal.destroy()
    b.modal.destroy()
  })

  it("rejects themeMode 'blue' with a message naming themeMode", () => {
    const create = () => createWalletModal(aModalConfig({ themeMode: 'blue' as never }))
    expect(create).toThrow(InvalidConfigError)
    expect(create).toThrow(/themeMode/)
    try {
      create()
    } catch (error) {
      expect((error as InvalidConfigError).fields).toEqual(['themeMode'])
    }
  })

  it('names the nested field of a malformed network', () => {
    const config = aModalConfig({
      networks: [
        {
          id: 1,
          chainNamespace: 'eip155',
          name: 'Broken',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: ['not a url'],
        },
      ],
    })
    expect(() => createWalletModal(config)).toThrow(/networks\.0\.rpcUrls\.0/)
  })

  it('rejects a defaultNetwork that is not among the networks, naming defaultNetwork', () => {
    const create = (defaultNetwork: string) => () => createWalletModal(aModalConfig({ defaultNetwork }))
    expect(create('eip155:999999')).toThrow(/defaultNetwork: Expected the id of one of the configured networks/)
    try {
      create('999999')()
    } catch (error) {
      expect((error as InvalidConfigError).fields).toEqual(['defaultNetwork'])
    }
    const first = aModalConfig().networks[0]!
    expect(create(`${first.chainNamespace}:${first.id}`)).not.toThrow()
    expect(create(String(first.id))).not.toThrow()
  })

  it('does not throw without a projectId and raises the "Project ID Not Configured" alert', () => {
    const modal = createWalletModal(aModalConfig({ projectId: undefined }))
    expect(modal.getState().alert?.shortMessage).toBe('Project ID Not Configured')
    expect(createWalletModal(aModalConfig()).getState().alert).toBeNull()
  })

  it('subscribe returns an unsubscribe that stops updates', () => {
    const modal = createWalletModal(aModalConfig())
    const seen: string[] = []
    const unsubscribe = modal.subscribe((state) => seen.push(state.themeMode))
    modal.setThemeMode('light')
    unsubscribe()
    modal.setThemeMode('dark')
    expect(seen).toEqual(['dark', 'light'])
  })
})
