// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { Container } from 'inversify'
import { afterEach, describe, expect, it } from 'vitest'
import { createContainer } from '../../../../src/composition/container'
import { bindConnect } from '../../../../src/composition/bindings/connect'
import { bindConnectFlow } from '../../../../src/composition/bindings/connect-flow'
import { ModuleLoader } from '../../../../src/composition/module-loader'
import { bindNow } from '../../../support/bind-now'
import { SnackStore } from '../../../../src/application/snack-store'
import { ConnectExternal } from '../../../../src/application/connection/connect-external'
import { parseConfig, type WalletModalConfig } from '../../../../src/domain/config'
import { ModalStore } from '../../../../src/application/modal-store'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { Analytics } from '../../../../src/ports/analytics'
import { KeyValueStorage } from '../../../../src/ports/key-value-storage'
import { Logger } from '../../../../src/ports/logger'
import { WalletCatalogue } from '../../../../src/ports/wallet-catalogue'
import { ChainFamilies } from '../../../../src/ports/chain-family'
import { DiProvider } from '../../../../src/presentation/di-context'
import ConnectView from '../../../../src/presentation/views/ConnectView'
import ConnectingExternalView from '../../../../src/presentation/views/ConnectingExternalView'
import { FakeChainFamily, anAnnouncedConnector, familiesOf } from '../../../fakes/fake-chain-family'
import { InMemoryAnalytics } from '../../../fakes/in-memory-analytics'
import { InMemoryWalletCatalogue, aWalletListing } from '../../../fakes/in-memory-wallet-catalogue'
import { aModalConfig } from '../../../builders/config'
import { solana as solanaFamily } from '../../../../src/families/solana'
import { MemoryStorage, RecordingLogger } from '../../application/connection/world'

afterEach(cleanup)

function world(overrides: Partial<WalletModalConfig> = {}, others: FakeChainFamily[] = []) {
  const wallets = new FakeChainFamily()
  const catalogue = new InMemoryWalletCatalogue({
    wallets: [aWalletListing({ id: 'aurora', name: 'Aurora Wallet', homepage: 'https://aurora.example', order: 1 })],
  })
  const container: Container = createContainer(parseConfig(aModalConfig(overrides)), (c) => {
    c.rebind(ChainFamilies).toConstantValue(familiesOf(wallets, ...others))
    c.rebind(WalletCatalogue).toConstantValue(catalogue)
    c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
    c.rebind(KeyValueStorage).toConstantValue(new MemoryStorage())
    c.rebind(Logger).toConstantValue(new RecordingLogger())
  }, [solanaFamily])
  // The connect views' own bindings live in a lazily loaded part of the composition root.
  bindNow(container, bindConnect, bindConnectFlow)
  const ui = (node: React.ReactNode) => render(<DiProvider container={container}>{node}</DiProvider>)
  return { wallets, catalogue, container, ui }
}

describe('ConnectView', () => {
  it('shows a wallet offering two chain families as one row with a badge per family, and connects both', async () => {
    const solana = new FakeChainFamily('solana')
    const w = world({
      networks: [
        ...aModalConfig().networks,
        { id: 'devnet', chainNamespace: 'solana', name: 'Solana Devnet', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: ['http://127.0.0.1:8899'] },
      ],
    }, [solana])
    w.wallets.add(anAnnouncedConnector('app.phantom', 'Phantom'))
    solana.add(anAnnouncedConnector('app.phantom', 'Phantom', 'solana'))
    w.container.get(ModalStore).open({}, false)
    w.ui(<ConnectView />)
    const rows = screen.getAllByTestId('wallet-app.phantom')
    expect(rows).toHaveLength(1)
    const badges = [...(rows[0] as HTMLElement).querySelectorAll('.wg-chain-badge')].map((b) => b.textContent)
    expect(badges).toEqual(['EVM', 'Solana'])
    fireEvent.click(rows[0] as HTMLElement)
    await waitFor(() => expect(Object.keys(w.container.get(ConnectionStore).accounts).sort()).toEqual(['eip155', 'solana']))
  })

  it('fetches the connection flow a moment after it shows; a click while that fetch fails says so, and the next click connects', async () => {
    const w = world()
    w.wallets.add(anAnnouncedConnector())
    const real = w.container.get(ModuleLoader)
    const asked: string[] = []
    let offline = true
    w.container.rebind(ModuleLoader).toConstantValue({
      ...real,
      load: ((id: string) => {
        if (id !== 'connectFlow') return real.load(id)
        asked.push(offline ? 'offline' : 'online')
        return offline ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(w.container.get(ConnectExternal))
      }) as ModuleLoader['load'],
    })
    w.container.get(ModalStore).open({}, false)
    w.ui(<ConnectView />)
    // Asked for a moment after the view shows (not while the dialog is drawn), before any click.
    expect(asked).toEqual([])
    await waitFor(() => expect(asked).toEqual(['offline']))
    fireEvent.click(screen.getByTestId('wallet-dev.walletgate.devnet'))
    await waitFor(() =>
      expect(w.container.get(SnackStore).snapshot).toMatchObject({
        open: true,
        variant: 'error',
        message: 'This part of the modal could not be loaded. Check your connection and try again.',
      }),
    )
    expect(w.container.get(ConnectionStore).snapshot.status).not.toBe('connected')
    offline = false
    fireEvent.click(screen.getByTestId('wallet-dev.walletgate.devnet'))
    await waitFor(() => expect(w.container.get(ConnectionStore).snapshot.status).toBe('connected'))
    expect(asked).toEqual(['offline', 'offline', 'online'])
  })

  it('lists the installed wallet and a recommended one with a get link', async () => {
    const w = world()
    w.wallets.add(anAnnouncedConnector())
    w.ui(<ConnectView />)
    expect(screen.getByTestId('wallet-dev.walletgate.devnet').textContent).toContain('Installed')
    const aurora = await screen.findByTestId('wallet-aurora', {}, { timeout: 5_000 })
    expect(aurora.tagName).toBe('A')
    expect(aurora.getAttribute('href')).toBe('https://aurora.example/')
    expect(screen.queryByTestId('no-wallet-installed')).toBeNull()
  })

  it('without a browser wallet offers to get one in AllWallets', async () => {
    const w = world()
    w.container.get(ModalStore).open({}, false)
    w.ui(<ConnectView />)
    fireEvent.click(screen.getByRole('button', { name: 'Get a wallet' }))
    expect(w.container.get(ModalStore).view).toBe('AllWallets')
    await screen.findByTestId('wallet-aurora', {}, { timeout: 5_000 })
  })
})

describe('ConnectingExternalView', () => {
  it('shows the declined state and retries', async () => {
    const w = world()
    w.wallets.add(anAnnouncedConnector())
    w.container.get(ModalStore).open({}, false)
    w.wallets.rejectNext('rejected')
    w.ui(<ConnectView />)
    fireEvent.click(screen.getByTestId('wallet-dev.walletgate.devnet'))
    cleanup()
    w.ui(<ConnectingExternalView />)
    await waitFor(() => expect(screen.getByTestId('view-ConnectingExternal').getAttribute('data-status')).toBe('declined'))
    expect(screen.getByRole('alert').textContent).toContain('Connection declined')
    fireEvent.click(screen.getByTestId('connect-retry'))
    await waitFor(() => expect(w.container.get(ConnectionStore).snapshot.status).toBe('connected'))
  })

  it('says to check the wallet when a request already waits there', async () => {
    const w = world()
    w.wallets.add(anAnnouncedConnector())
    w.wallets.rejectNext('pending')
    w.container.get(ModalStore).open({}, false)
    w.ui(<ConnectView />)
    fireEvent.click(screen.getByTestId('wallet-dev.walletgate.devnet'))
    cleanup()
    w.ui(<ConnectingExternalView />)
    expect((await screen.findByText('Check your wallet')).textContent).toBe('Check your wallet')
    expect(screen.getByTestId('view-ConnectingExternal').getAttribute('data-status')).toBe('pending')
  })
})
