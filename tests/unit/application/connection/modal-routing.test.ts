import { describe, expect, it } from 'vitest'
import { ModalStore } from '../../../../src/application/modal-store'

describe('ModalStore open rule with the platform (spec section 2)', () => {
  it('no adapters while disconnected: ConnectingWalletConnectBasic on desktop, AllWallets on a phone', () => {
    const desktop = new ModalStore({ isMobile: false, hasAdapters: false })
    desktop.open({}, false)
    expect(desktop.view).toBe('ConnectingWalletConnectBasic')
    const phone = new ModalStore({ isMobile: true, hasAdapters: false })
    phone.open({}, false)
    expect(phone.view).toBe('AllWallets')
    // Connected: Account as usual.
    phone.open({}, true)
    expect(phone.view).toBe('Account')
  })

  it('the manual wallet-connect control (a host opening ConnectingWalletConnectBasic) gives a phone AllWallets', () => {
    const phone = new ModalStore({ isMobile: true, hasAdapters: true })
    phone.open({ view: 'ConnectingWalletConnectBasic' }, false)
    expect(phone.view).toBe('AllWallets')
    const desktop = new ModalStore({ isMobile: false, hasAdapters: true })
    desktop.open({ view: 'ConnectingWalletConnectBasic' }, false)
    expect(desktop.view).toBe('ConnectingWalletConnectBasic')
  })

  it('with adapters a phone still opens Connect, or the requested view', () => {
    const phone = new ModalStore({ isMobile: true, hasAdapters: true })
    phone.open({}, false)
    expect(phone.view).toBe('Connect')
    phone.open({ view: 'Networks' }, false)
    expect(phone.view).toBe('Networks')
  })
})

describe('ModalStore embedded (rendered inline, never closed)', () => {
  it('close() goes home instead: Account when connected, Connect when not, with a fresh history', () => {
    let connected = false
    const modal = new ModalStore()
    modal.embed(() => (connected ? 'Account' : 'Connect'))
    modal.open({}, false)
    modal.push('ConnectingExternal')
    connected = true
    modal.close()
    expect(modal.view).toBe('Account')
    expect(modal.history).toEqual(['Account'])
    modal.push('Networks')
    connected = false
    modal.close()
    expect(modal.view).toBe('Connect')
    // goBack() from the only entry closes, which inline is going home as well.
    modal.goBack()
    expect(modal.view).toBe('Connect')
  })

  it('an overlay still closes', () => {
    const modal = new ModalStore()
    modal.open({}, false)
    modal.push('ConnectingExternal')
    modal.close()
    expect(modal.snapshot.open).toBe(false)
  })
})
