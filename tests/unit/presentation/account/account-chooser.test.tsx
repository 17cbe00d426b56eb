// @vitest-environment jsdom
/** The Account view of a polkadot connection that shares several named accounts: one chosen, the others a click away. */
import { InMemoryKeyValueStorage } from '../../../fakes/in-memory-key-value-storage'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Container } from 'inversify'
import { Suspense } from 'react'
import { VirtualTimeScheduler } from 'rxjs'
import { afterEach, describe, expect, it } from 'vitest'
import { BalanceStore } from '../../../../src/application/account/balance-store'
import { ChooseAccount } from '../../../../src/application/account/choose-account'
import { DisconnectAccount } from '../../../../src/application/account/disconnect-account'
import { IdentityStore } from '../../../../src/application/account/identity-store'
import { AccountActions } from '../../../../src/application/account/account-actions'
import { NftHoldingsStore } from '../../../../src/application/account/nft-holdings'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { ModalConfig } from '../../../../src/application/modal-services'
import { ModalStore } from '../../../../src/application/modal-store'
import { NetworksStore } from '../../../../src/application/networks/networks-store'
import { ViewWarnings } from '../../../../src/application/shell/view-warnings'
import { SnackStore } from '../../../../src/application/snack-store'
import { parseConfig } from '../../../../src/domain/config'
import type { ChainFamilies, ChainFamily, WalletAccount } from '../../../../src/ports/chain-family'
import { DiProvider } from '../../../../src/presentation/di-context'
import AccountView from '../../../../src/presentation/views/AccountView'
import { aModalConfig } from '../../../builders/config'
import { InMemoryBlockchainApi } from '../../../fakes/in-memory-blockchain-api'
import { FakeChainReader, MemoryStorage, RecordingLogger } from '../../application/account/support'

afterEach(cleanup)

const NETWORK = 'polkadot:11d80c7033a79556158c7c2baf13702b' as const
const ALICE = '5H9H7AKE7EodzhdbzGFKNAbSpkR8z8PNbWcMKNLxHo6Rvwjm'
const BOB = '5GNaeyd6CgaAzTyFyGq2EMVKyNnS29L82NZKC3MV99AvwSNm'
const POLKADOT = { id: '11d80c7033a79556158c7c2baf13702b', chainNamespace: 'polkadot' as const, name: 'Polkadot Devnet', nativeCurrency: { name: 'DOT', symbol: 'DOT', decimals: 10 }, rpcUrls: [] }
const ACCOUNTS = [
  { address: ALICE, name: 'Alice' },
  { address: BOB, name: 'Bob' },
]

function world(accounts: { address: string; name: string }[]) {
  const scheduler = new VirtualTimeScheduler()
  const connection = new ConnectionStore()
  const logger = new RecordingLogger()
  const api = new InMemoryBlockchainApi({ supportedChains: [] })
  const networks = new NetworksStore({ networks: [POLKADOT], defaultNetwork: undefined }, connection, new MemoryStorage())
  const snacks = new SnackStore(scheduler)
  const family = {
    namespace: 'polkadot',
    chooseAddress: (connectorId: string, address: string): Promise<WalletAccount> =>
      Promise.resolve({
        connectorId,
        namespace: 'polkadot',
        addresses: [address, ...ACCOUNTS.map((a) => a.address).filter((a) => a !== address)],
        caipNetworkId: NETWORK,
        accounts: [...ACCOUNTS].sort((a) => (a.address === address ? -1 : 1)),
      }),
  } as unknown as ChainFamily
  const families: ChainFamilies = { all: [family], get: () => family }
  const container = new Container()
  container.bind(ConnectionStore).toConstantValue(connection)
  container.bind(ModalStore).toConstantValue(new ModalStore())
  container.bind(ModalConfig).toConstantValue(parseConfig(aModalConfig({ networks: [POLKADOT] })))
  container.bind(NetworksStore).toConstantValue(networks)
  container.bind(SnackStore).toConstantValue(snacks)
  container.bind(ViewWarnings).toConstantValue(new ViewWarnings(logger))
  container.bind(BalanceStore).toConstantValue(new BalanceStore({ connection, networks, api, reader: new FakeChainReader(), snacks, scheduler, logger }))
  container.bind(IdentityStore).toConstantValue(new IdentityStore(connection, api, logger))
  container.bind(AccountActions).toConstantValue(new AccountActions({ connection, identity: container.get(IdentityStore), features: container.get(ModalConfig).features }))
  container.bind(NftHoldingsStore).toConstantValue(new NftHoldingsStore(connection, api, logger))
  container.bind(ChooseAccount).toConstantValue(new ChooseAccount({ families, connection, storage: new InMemoryKeyValueStorage(), logger }))
  container.bind(DisconnectAccount).toConstantValue(async () => undefined)
  connection.set({
    status: 'connected',
    connectorId: 'devnet-polkadot',
    namespace: 'polkadot',
    caipAddress: `${NETWORK}:${ALICE}`,
    address: ALICE,
    caipNetworkId: NETWORK,
    ...(accounts.length > 1 ? { accounts } : {}),
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

describe('AccountView with several polkadot accounts', () => {
  it('lists them by name, the one in use marked, and moves to another on a click', async () => {
    const { connection } = world(ACCOUNTS)
    expect(screen.getByTestId(`account-choice-${ALICE}`).textContent).toBe('Alice')
    expect(screen.getByTestId(`account-choice-${ALICE}`).getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(screen.getByTestId(`account-choice-${BOB}`))
    await waitFor(() => expect(screen.getByTestId('account-address').getAttribute('title')).toBe(BOB))
    expect(screen.getByTestId(`account-choice-${BOB}`).getAttribute('aria-pressed')).toBe('true')
    expect(connection.snapshot).toMatchObject({ address: BOB })
  })

  it('shows no list for a single account', () => {
    world([ACCOUNTS[0]!])
    expect(screen.queryByTestId('account-chooser')).toBeNull()
  })
})
