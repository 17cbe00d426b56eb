// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Suspense, type ReactNode } from 'react'
import { VirtualTimeScheduler } from 'rxjs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BalanceStore } from '../../../../src/application/account/balance-store'
import { DisconnectAccount } from '../../../../src/application/account/disconnect-account'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { ModalStore } from '../../../../src/application/modal-store'
import { aModalConfig } from '../../../builders/config'
import { SnackStore } from '../../../../src/application/snack-store'
import { HttpError, ServiceTimeoutError } from '../../../../src/ports/http-errors'
import { WalletsLoadFailed } from '../../../../src/presentation/views/connect/WalletSearchParts'
import { act } from 'react'
import { DiProvider } from '../../../../src/presentation/di-context'
import AccountView from '../../../../src/presentation/views/AccountView'
import NetworksView from '../../../../src/presentation/views/NetworksView'
import UnsupportedChainView from '../../../../src/presentation/views/UnsupportedChainView'
import WalletReceiveView from '../../../../src/presentation/views/WalletReceiveView'
import { qrPath } from '../../../../src/presentation/components/QrCode'
import { NetworkList } from '../../../../src/presentation/components/NetworkList'
import type { CaipNetwork } from '../../../../src/domain/entities'
import { aNativeBalance, aTokenBalance } from '../../../builders/a-token-balance'
import { inMemoryBlockchainService, rebindInMemoryBlockchainService } from '../../../fakes/blockchain/in-memory-blockchain-service'
import { bindNow } from '../../../support/bind-now'
import { createTestContainer } from '../../../support/test-container'
import { bindAccount } from '../../../../src/composition/bindings/account'
import { solana } from '../../../../src/families/solana'
import { ChainFamilies } from '../../../../src/ports/chain-family'
import { ChainReader } from '../../../../src/ports/chain-reader'
import { KeyValueStorage } from '../../../../src/ports/key-value-storage'
import { Scheduler } from '../../../../src/ports/scheduler'
import {
  ADDRESS,
  FakeChainReader,
  MemoryStorage,
  NETWORK_CONFIGS,
  ScriptedProvider,
  eip155Families,
  connected,
} from '../../application/account/support'

afterEach(cleanup)

const ACCOUNT = `eip155:31337:${ADDRESS}`

/** Networks of other families, configured beside the EVM ones (a multi-family host). */
const OTHER_FAMILIES = [
  { id: 'devnet', chainNamespace: 'solana' as const, name: 'Solana Devnet', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: ['http://127.0.0.1:8899'] },
]

function world(options: { failBalances?: boolean; caipNetworkId?: string; swaps?: boolean; smartSessions?: boolean; otherFamilies?: boolean; unpriced?: boolean } = {}) {
  const configs = options.otherFamilies === true ? [...NETWORK_CONFIGS, ...OTHER_FAMILIES] : NETWORK_CONFIGS
  const scheduler = new VirtualTimeScheduler()
  const service = inMemoryBlockchainService({
    supportedChains: ['eip155:31337', 'eip155:31338'],
    balances: {
      [ACCOUNT]: [
        aTokenBalance({ name: 'Devnet Token', symbol: 'DVT', address: 'eip155:31337:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', value: 500, quantity: { decimals: '18', numeric: '1000' } }),
        aNativeBalance({ value: 3750.5, quantity: { decimals: '18', numeric: '1.5002' } }),
        aTokenBalance({ name: 'Devnet USD', symbol: 'dUSD', value: 10000, quantity: { decimals: '6', numeric: '10000' } }),
        // A token the service knows no price of: price and value 0.
        ...(options.unpriced === true ? [aTokenBalance({ name: 'Unpriced', symbol: 'UNP', address: 'eip155:31337:0x68B1D87F95878fE05B998F19b66F4baba5De1aed', value: 0, price: 0 })] : []),
      ],
    },
  })
  const api = service.balances
  if (options.failBalances) api.failNext('getBalances', new HttpError(new Response(null, { status: 500 })))
  const chain = new FakeChainReader()
  chain.balances.set('eip155:31337', 2n * 10n ** 18n)
  const provider = new ScriptedProvider()
  const storage = new MemoryStorage()
  const disconnects: number[] = []
  const config = aModalConfig({
    networks: [...configs],
    features: { ...(options.swaps === false ? { swaps: false } : {}), ...(options.smartSessions === true ? { smartSessions: true } : {}) },
  })
  const container = createTestContainer(
    config,
    (c) => {
      c.rebind(Scheduler).toConstantValue(scheduler)
      c.rebind(KeyValueStorage).toConstantValue(storage)
      c.rebind(ChainFamilies).toConstantValue(eip155Families(provider))
      rebindInMemoryBlockchainService(c, service)
      c.rebind(ChainReader).toConstantValue(chain)
      c.rebind(DisconnectAccount).toConstantValue(async () => {
        disconnects.push(1)
        c.get(ConnectionStore).set({ status: 'disconnected' })
      })
    },
    options.otherFamilies === true ? [solana] : [],
  )
  // The account module's own bindings (balances, identity, NFTs, networks, switching), as on connect.
  bindNow(container, bindAccount)
  const [connection, modal, snacks, balances] = [container.get(ConnectionStore), container.get(ModalStore), container.get(SnackStore), container.get(BalanceStore)]
  connection.set(connected(options.caipNetworkId ?? 'eip155:31337'))
  const show = (node: ReactNode) =>
    render(
      <DiProvider container={container}>
        <Suspense fallback={<p>loading</p>}>{node}</Suspense>
      </DiProvider>,
    )
  return { connection, modal, provider, snacks, disconnects, show, storage, api, chain, scheduler, balances }
}

describe('AccountView', () => {
  it('shows the address, the native balance with 3 decimals and its fiat value with 2, and every token native first', async () => {
    const { show } = world()
    show(<AccountView />)
    const shown = screen.getByTestId('account-address')
    // Shortened to the eye, whole in the tooltip and for screen readers.
    expect(shown.querySelector('[aria-hidden="true"]')?.textContent).toBe(`${ADDRESS.slice(0, 6)}\u2026${ADDRESS.slice(-4)}`)
    expect(shown.getAttribute('title')).toBe(ADDRESS)
    expect(shown.querySelector('.wg-visually-hidden')?.textContent).toBe(ADDRESS)
    // No profile image: the address's own generated avatar.
    expect(screen.getByTestId('account-avatar-generated')).toBeTruthy()
    expect(screen.getByTestId('account-network-button').querySelector('.wg-network-icon')).not.toBeNull()
    await waitFor(() => expect(screen.getByTestId('account-balance').textContent).toBe('1.500 ETH'))
    // Thousands grouped as the (test runner's en-US) locale writes them.
    expect(screen.getByTestId('account-fiat').textContent).toBe('$3,750.50')
    const rows = within(screen.getByTestId('token-list')).getAllByRole('button')
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual(['token-native', 'token-dUSD', 'token-DVT'])
    expect(screen.getByTestId('token-dUSD').textContent).toContain('10,000.000 dUSD')
    expect(screen.getByTestId('token-dUSD').textContent).toContain('$10,000.00')
  })

  it('shows no fiat value for a token without a price, rather than $0.00', async () => {
    const { show } = world({ unpriced: true })
    show(<AccountView />)
    await waitFor(() => expect(screen.getByTestId('token-UNP').textContent).toContain('1.500 UNP'))
    expect(screen.getByTestId('token-UNP').querySelector('.wg-token-fiat')).toBeNull()
    expect(screen.getByTestId('token-dUSD').textContent).toContain('$10,000.00')
  })

  it('falls back to the chain balance without a fiat value when the service fails', async () => {
    const { show, snacks } = world({ failBalances: true })
    show(<AccountView />)
    await waitFor(() => expect(screen.getByTestId('account-balance').textContent).toBe('2.000 ETH'))
    expect(screen.queryByTestId('account-fiat')).toBeNull()
    expect(snacks.snapshot).toMatchObject({ open: true, message: 'Token Balance Unavailable', variant: 'error' })
  })

  it('tabs: arrow keys move between Tokens, NFTs and Activity; NFTs shows a clear empty state', async () => {
    const { show } = world()
    show(<AccountView />)
    const tokens = screen.getByRole('tab', { name: 'Tokens' })
    expect(tokens.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(tokens, { key: 'ArrowRight' })
    const nfts = screen.getByRole('tab', { name: 'NFTs' })
    expect(nfts.getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(nfts)
    expect(await screen.findByTestId('nfts-empty')).toBeTruthy()
    fireEvent.keyDown(nfts, { key: 'End' })
    expect(screen.getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected')).toBe('true')
  })

  it('opens Networks and Receive, and disconnects', async () => {
    const { show, modal, disconnects } = world()
    modal.open({ view: 'Account' }, true)
    show(<AccountView />)
    fireEvent.click(screen.getByTestId('account-network-button'))
    expect(modal.view).toBe('Networks')
    modal.goBack()
    fireEvent.click(screen.getByTestId('account-receive'))
    expect(modal.view).toBe('WalletReceive')
    fireEvent.click(screen.getByTestId('disconnect-button'))
    await waitFor(() => expect(disconnects).toHaveLength(1))
  })

  it('offers Swap first among the wallet features (onramp, swaps, receive, send) unless the host turned swaps off', () => {
    const { show, modal } = world()
    modal.open({ view: 'Account' }, true)
    const { unmount } = show(<AccountView />)
    const features = ['account-swap', 'account-receive', 'account-send'].map((id) => screen.getByTestId(id))
    expect(features[0]!.compareDocumentPosition(features[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    fireEvent.click(screen.getByTestId('account-swap'))
    expect(modal.view).toBe('Swap')
    unmount()
    world({ swaps: false }).show(<AccountView />)
    expect(screen.queryByTestId('account-swap')).toBeNull()
    expect(screen.getByTestId('account-receive')).toBeTruthy()
  })
})

describe('AccountView: smart sessions', () => {
  it('offers Sessions only with the feature on and a smart account in use; it opens the sessions list', () => {
    const off = world()
    off.connection.set({ ...connected('eip155:31337'), accountType: 'smartAccount' })
    const first = off.show(<AccountView />)
    expect(screen.queryByTestId('account-sessions')).toBeNull()
    first.unmount()
    const eoa = world({ smartSessions: true })
    eoa.connection.set({ ...connected('eip155:31337'), accountType: 'eoa' })
    const second = eoa.show(<AccountView />)
    expect(screen.queryByTestId('account-sessions')).toBeNull()
    second.unmount()
    const on = world({ smartSessions: true })
    on.connection.set({ ...connected('eip155:31337'), accountType: 'smartAccount' })
    on.modal.open({ view: 'Account' }, true)
    on.show(<AccountView />)
    fireEvent.click(screen.getByTestId('account-sessions'))
    expect(on.modal.view).toBe('SmartSessionList')
  })
})

describe('AccountView on a family without balances or sends (polkadot, cosmos)', () => {
  it('shows the address and the network, and no balance line, Send or token tabs', () => {
    const { show, connection } = world()
    const address = '5H9H7AKE7EodzhdbzGFKNAbSpkR8z8PNbWcMKNLxHo6Rvwjm'
    const caipNetworkId = 'polkadot:11d80c7033a79556158c7c2baf13702b'
    connection.set({ status: 'connected', connectorId: 'devnet-polkadot', namespace: 'polkadot', caipAddress: `${caipNetworkId}:${address}`, address, caipNetworkId })
    show(<AccountView />)
    expect(screen.getByTestId('account-address').getAttribute('title')).toBe(address)
    expect(screen.getByTestId('account-receive')).toBeTruthy()
    expect(screen.queryByText('Loading balance…')).toBeNull()
    expect(screen.queryByTestId('account-balance')).toBeNull()
    expect(screen.queryByTestId('account-send')).toBeNull()
    expect(screen.queryByRole('tablist')).toBeNull()
  })
})

describe('Tokens tab after a failure', () => {
  it('draws each token with a key of its own when the service answers for two chains (two native coins)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const { show, api } = world()
      api.setBalances(ACCOUNT, [
        aNativeBalance({ value: 3750.5, quantity: { decimals: '18', numeric: '1.5002' } }),
        aNativeBalance({ chainId: 'eip155:31338', value: 10, quantity: { decimals: '18', numeric: '2' } }),
      ])
      show(<AccountView />)
      await waitFor(() => expect(screen.getAllByTestId('token-native').length).toBeGreaterThan(0))
      expect(errors.mock.calls.map((c) => String(c[0]))).not.toContainEqual(expect.stringContaining('same key'))
    } finally {
      errors.mockRestore()
    }
  })

  it('offers Try again when neither the service nor the node answered, and shows the balance once the node is back', async () => {
    const { show, chain } = world({ failBalances: true })
    chain.failWith = new Error('node down')
    show(<AccountView />)
    const notice = await screen.findByTestId('tokens-unavailable')
    expect(notice.textContent).toContain('Token Balance Unavailable')
    expect(notice.textContent).not.toMatch(/HTTP|\/v1\//)
    chain.failWith = undefined
    fireEvent.click(within(notice).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getByTestId('token-native').textContent).toContain('2.000 ETH'))
    // The service is still held back by the retry gap: the list says so and keeps the button.
    expect(screen.getByTestId('tokens-failed').textContent).toContain('Balances could not be updated.')
  })

  it('keeps the balances when a later read fails and notes they may be out of date once past their cache life', async () => {
    const { show, api, chain, scheduler, balances } = world()
    show(<AccountView />)
    await waitFor(() => expect(screen.getByTestId('token-dUSD')).toBeTruthy())
    expect(screen.queryByTestId('tokens-stale')).toBeNull()
    api.failNext('getBalances', new ServiceTimeoutError('/v1/account/x/balance', 10_000))
    chain.failWith = new Error('node down')
    scheduler.frame = 45_000
    await act(() => balances.refresh({ forceUpdate: true }))
    const note = screen.getByTestId('tokens-stale')
    expect(note.textContent).toContain('Balances may be out of date.')
    expect(within(note).getByRole('button', { name: 'Try again' })).toBeTruthy()
    // Nothing the visitor saw is lost.
    expect(screen.getByTestId('token-dUSD').textContent).toContain('10,000.000 dUSD')
  })
})

describe('WalletsLoadFailed', () => {
  it.each([
    ['a 500', new HttpError(new Response(null, { status: 500 }))],
    ['a hang', new ServiceTimeoutError('/getWallets', 10_000)],
  ])('words %s calmly, without HTTP text or a URL path, and offers Try again', (_name, error) => {
    let retried = 0
    render(<WalletsLoadFailed error={error} onRetry={() => (retried += 1)} />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Could not load wallets')
    expect(alert.textContent).toContain('The service is not responding right now. Please try again in a moment.')
    expect(document.body.textContent).not.toMatch(/HTTP|status code|getWallets|\/v1/)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(retried).toBe(1)
  })
})

describe('NetworksView', () => {
  it('marks the active network in text and switches the wallet to the chosen one', async () => {
    const { show, provider, modal, connection } = world()
    modal.open({ view: 'Account' }, true)
    modal.push('Networks')
    show(<NetworksView />)
    expect(screen.getByTestId('network-eip155:31337').textContent).toContain('Active')
    expect(screen.getByTestId('network-eip155:31338').textContent).not.toContain('Active')
    fireEvent.click(screen.getByTestId('network-eip155:31338'))
    await waitFor(() => expect(modal.history).toEqual(['Account']))
    expect(provider.requests).toEqual([{ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }])
    expect(connection.snapshot).toMatchObject({ caipNetworkId: 'eip155:31338' })
  })
})

describe('NetworkList with several chain families', () => {
  it('groups the networks by family under its name, in the host order, and arrow keys cross the groups', () => {
    const network = (caipNetworkId: `${string}:${string}`, name: string) => ({
      id: caipNetworkId.split(':')[1]!,
      caipNetworkId: caipNetworkId as CaipNetwork['caipNetworkId'],
      chainNamespace: caipNetworkId.split(':')[0] as CaipNetwork['chainNamespace'],
      name,
      nativeCurrency: { name: 'T', symbol: 'T', decimals: 1 },
      rpcUrls: [],
    })
    const chosen: string[] = []
    render(
      <NetworkList
        label="Networks"
        networks={[network('eip155:1', 'Ethereum'), network('polkadot:91b171bb158e2d3848fa23a9f1c25182', 'Polkadot'), network('eip155:10', 'Optimism')]}
        activeCaipNetworkId="eip155:1"
        onSelect={(n) => chosen.push(n.caipNetworkId)}
      />,
    )
    const groups = screen.getAllByTestId(/^network-group-/)
    expect(groups.map((g) => g.getAttribute('data-testid'))).toEqual(['network-group-eip155', 'network-group-polkadot'])
    expect(within(groups[0]!).getByRole('list', { name: 'EVM networks' })).toBeTruthy()
    expect(within(groups[0]!).getAllByRole('button').map((b) => b.getAttribute('data-testid'))).toEqual(['network-eip155:1', 'network-eip155:10'])
    const first = screen.getByTestId('network-eip155:1')
    first.focus()
    fireEvent.keyDown(first, { key: 'End' })
    expect(document.activeElement).toBe(screen.getByTestId('network-polkadot:91b171bb158e2d3848fa23a9f1c25182'))
    fireEvent.click(screen.getByTestId('network-polkadot:91b171bb158e2d3848fa23a9f1c25182'))
    expect(chosen).toEqual(['polkadot:91b171bb158e2d3848fa23a9f1c25182'])
  })
})

describe('UnsupportedChainView', () => {
  it('offers the configured networks and disconnect', async () => {
    const { show, provider, disconnects } = world({ caipNetworkId: 'eip155:1' })
    show(<UnsupportedChainView />)
    expect(screen.getByText('This network is not supported')).toBeTruthy()
    fireEvent.click(screen.getByTestId('network-eip155:31337'))
    await waitFor(() => expect(provider.requests).toHaveLength(1))
    fireEvent.click(screen.getByTestId('disconnect-button'))
    await waitFor(() => expect(disconnects).toHaveLength(1))
  })
})

describe('WalletReceiveView', () => {
  it('shows the address as text and as a QR code', () => {
    const { show } = world()
    show(<WalletReceiveView />)
    expect(screen.getByTestId('receive-address').textContent).toBe(ADDRESS)
    const qr = screen.getByRole('img', { name: `QR code of the address ${ADDRESS}` })
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath(ADDRESS).d)
  })

  it("lists only the networks of the address's own family, and warns that other networks' tokens may be lost", () => {
    const { show } = world({ otherFamilies: true })
    show(<WalletReceiveView />)
    const advice = screen.getByTestId('receive-networks').textContent ?? ''
    expect(advice).toContain('Devnet A')
    expect(advice).toContain('Devnet B')
    expect(advice).not.toContain('Solana')
    expect(screen.getByTestId('receive-warning').textContent).toBe(
      'Send only tokens of these networks to this address: tokens sent to it on any other network may be lost.',
    )
  })

  it('encodes a QR code whose size grows with the data', () => {
    const small = qrPath('0x1')
    const large = qrPath(ADDRESS.repeat(4))
    expect(small.size).toBeGreaterThanOrEqual(21)
    expect(large.size).toBeGreaterThan(small.size)
    expect(small.d).toMatch(/^M\d+ \d+h1v1h-1z/)
  })
})
