// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { createContainer } from '../../../src/composition/container'
import { parseConfig } from '../../../src/domain/config'
import { ModalStore } from '../../../src/application/modal-store'
import { Platform } from '../../../src/ports/platform'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../src/domain/connection/connectors'
import { WalletDirectory } from '../../../src/application/connection/wallet-directory'
import { FakePlatform } from '../../fakes/fake-platform'
import { aModalConfig } from '../../builders/config'

function container(browserWallets: boolean, kind: 'desktop' | 'mobile') {
  return createContainer(parseConfig(aModalConfig({ browserWallets })), (c) => c.rebind(Platform).toConstantValue(new FakePlatform(kind)))
}

describe('browserWallets: false (no adapters, WalletConnect only)', () => {
  it('lists only WalletConnect and opens ConnectingWalletConnectBasic on a desktop, AllWallets on a phone', () => {
    const desktop = container(false, 'desktop')
    const wallets = desktop.get(WalletDirectory)
    wallets.startDiscovery()
    expect(wallets.connectors.map((c) => c.id)).toEqual([WALLETCONNECT_CONNECTOR_ID])
    desktop.get(ModalStore).open({}, false)
    expect(desktop.get(ModalStore).view).toBe('ConnectingWalletConnectBasic')

    const phone = container(false, 'mobile')
    phone.get(ModalStore).open({}, false)
    expect(phone.get(ModalStore).view).toBe('AllWallets')
  })

  it('by default the browser wallets are there and the modal opens on Connect', () => {
    const desktop = container(true, 'desktop')
    desktop.get(ModalStore).open({}, false)
    expect(desktop.get(ModalStore).view).toBe('Connect')
  })
})
