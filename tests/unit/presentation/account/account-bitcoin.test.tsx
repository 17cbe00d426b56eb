// @vitest-environment jsdom
/**
 * The Account view of a Bitcoin connection: the balance with its confirmed and pending parts
 * while something waits in the mempool, and the payment / ordinals switch when the wallet shared
 * both addresses.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Container } from 'inversify'
import { Suspense } from 'react'
import { VirtualTimeScheduler } from 'rxjs'
import { afterEach, describe, expect, it } from 'vitest'
import { BalanceStore } from '../../../../src/application/account/balance-store'
import { DisconnectAccount } from '../../../../src/application/account/disconnect-account'
import { IdentityStore } from '../../../../src/application/account/identity-store'
import { AccountActions } from '../../../../src/application/account/account-actions'
import { NftHoldingsStore } from '../../../../src/application/account/nft-holdings'
import { SwitchAccountType } from '../../../../src/application/account/switch-account-type'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { ModalConfig } from '../../../../src/application/modal-services'
import { ModalStore } from '../../../../src/application/modal-store'
import { NetworksStore } from '../../../../src/application/networks/networks-store'
import { ViewWarnings } from '../../../../src/application/shell/view-warnings'
import { SnackStore } from '../../../../src/application/snack-store'
import { parseConfig } from '../../../../src/domain/config'
import type { AccountType } from '../../../../src/domain/entities'
import { WalletRequestError, type ChainFamilies, type ChainFamily, type WalletAccount } from '../../../../src/ports/chain-family'
import { DiProvider } from '../../../../src/presentation/di-context'
import AccountView from '../../../../src/presentation/views/AccountView'
import { aModalConfig } from '../../../builders/config'
import { InMemoryBlockchainApi } from '../../../fakes/in-memory-blockchain-api'
import { FakePartsChainReader, MemoryStorage, RecordingLogger } from '../../application/account/support'

afterEach(cleanup)

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const PAYMENT = 'bcrt1qk0cv0hlnauv348hasryq5nn5x7xp62urx6pgzf'
const ORDINALS = 'bcrt1prhw44hwryauh8rvnwlfw5gaa4xcs9kxw9mmzs22lns75fpmvt2psy0prz6'
const BITCOIN = {
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  chainNamespace: 'bip122' as const,
  name: 'Bitcoin Regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: ['http://127.0.0.1:18792'],
}

function world(options: { pending: bigint; accountTypes?: AccountType[]; refuse?: boolean }) {
  const scheduler = new VirtualTimeScheduler()
  const connection = new ConnectionStore()
  const logger = new RecordingLogger()
  const api = new InMemoryBlockchainApi({ supportedChains: [] })
  const chain = new FakePartsChainReader()
  chain.parts.set(REGTEST, { confirmed: 175_000_000n, pending: options.pending })
  const networks = new NetworksStore({ networks: [BITCOIN], defaultNetwork: undefined }, connection, new MemoryStorage())
  const snacks = new SnackStore(scheduler)
  const family = {
    namespace: 'bip122',
    switchAccountType: (connectorId: string, accountType: AccountType): Promise<WalletAccount> =>
      options.refuse
        ? Promise.reject(new WalletRequestError('rejected', 'The wallet declined'))
        : Promise.resolve({
            connectorId,
            namespace: 'bip122',
            addresses: accountType === 'ordinal' ? [ORDINALS, PAYMENT] : [PAYMENT, ORDINALS],
            caipNetworkId: REGTEST,
            accountType,
            accountTypes: ['payment', 'ordinal'],
          }),
  } as unknown as ChainFamily
  const families: ChainFamilies = { all: [family], get: () => family }
  const container = new Container()
  container.bind(ConnectionStore).toConstantValue(connection)
  container.bind(ModalStore).toConstantValue(new ModalStore())
  container.bind(ModalConfig).toConstantValue(parseConfig(aModalConfig({ networks: [BITCOIN] })))
  container.bind(NetworksStore).toConstantValue(networks)
  container.bind(SnackStore).toConstantValue(snacks)
  container.bind(ViewWarnings).toConstantValue(new ViewWarnings(logger))
  container.bind(BalanceStore).toConstantValue(new BalanceStore({ connection, networks, api, reader: chain, snacks, scheduler, logger }))
  container.bind(IdentityStore).toConstantValue(new IdentityStore(connection, api, logger))
  container.bind(AccountActions).toConstantValue(new AccountActions({ connection, identity: container.get(IdentityStore), features: container.get(ModalConfig).features }))
  container.bind(NftHoldingsStore).toConstantValue(new NftHoldingsStore(connection, api, logger))
  container.bind(SwitchAccountType).toConstantValue(new SwitchAccountType(families, connection, logger))
  container.bind(DisconnectAccount).toConstantValue(async () => undefined)
  connection.set({
    status: 'connected',
    connectorId: 'dev.walletgate.bitcoin',
    namespace: 'bip122',
    caipAddress: `${REGTEST}:${PAYMENT}`,
    address: PAYMENT,
    caipNetworkId: REGTEST,
    accountType: 'payment',
    ...(options.accountTypes === undefined ? {} : { accountTypes: options.accountTypes }),
  })
  render(
    <DiProvider container={container}>
      <Suspense fallback={<p>loading</p>}>
        <AccountView />
      </Suspense>
    </DiProvider>,
  )
  return { connection }
}

describe('AccountView on a Bitcoin network', () => {
  it('has no NFTs tab: nothing reads NFTs on Bitcoin', async () => {
    world({ pending: 0n })
    await screen.findByTestId('account-tab-Tokens')
    expect(screen.getByTestId('account-tab-Activity')).toBeTruthy()
    expect(screen.queryByTestId('account-tab-NFTs')).toBeNull()
  })

  it('shows the balance with what is confirmed and what is pending while the mempool holds some', async () => {
    world({ pending: 1_230_000n })
    await waitFor(() => expect(screen.getByTestId('account-balance').textContent).toBe('1.762 BTC'))
    expect(screen.getByTestId('account-balance-confirmed').textContent).toBe('Confirmed 1.750 BTC')
    expect(screen.getByTestId('account-balance-pending').textContent).toBe('Pending +0.012 BTC')
  })

  it('a waiting spend is a negative pending amount; nothing pending shows no parts', async () => {
    world({ pending: -25_000_000n })
    await waitFor(() => expect(screen.getByTestId('account-balance-pending').textContent).toBe('Pending -0.250 BTC'))
    expect(screen.getByTestId('account-balance').textContent).toBe('1.500 BTC')
    cleanup()
    world({ pending: 0n })
    await waitFor(() => expect(screen.getByTestId('account-balance').textContent).toBe('1.750 BTC'))
    expect(screen.queryByTestId('account-balance-parts')).toBeNull()
  })

  it('switches between the payment and the ordinals address, the active type marked', async () => {
    const { connection } = world({ pending: 0n, accountTypes: ['payment', 'ordinal'] })
    expect(screen.getByTestId('account-type-payment').getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByTestId('account-type-ordinal').getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(screen.getByTestId('account-type-ordinal'))
    await waitFor(() => expect(screen.getByTestId('account-address').getAttribute('title')).toBe(ORDINALS))
    expect(screen.getByTestId('account-type-ordinal').getAttribute('aria-pressed')).toBe('true')
    expect(connection.snapshot).toMatchObject({ accountType: 'ordinal', address: ORDINALS })
  })

  it("offers no switch with one address, and shows the wallet's refusal", async () => {
    world({ pending: 0n })
    expect(screen.queryByTestId('account-type-switch')).toBeNull()
    cleanup()
    world({ pending: 0n, accountTypes: ['payment', 'ordinal'], refuse: true })
    fireEvent.click(screen.getByTestId('account-type-ordinal'))
    await waitFor(() => expect(screen.getByTestId('account-type-error').textContent).toBe('The wallet declined'))
    expect(screen.getByTestId('account-address').getAttribute('title')).toBe(PAYMENT)
  })
})
