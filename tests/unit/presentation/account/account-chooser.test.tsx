// @vitest-environment jsdom
/** The Account view of a polkadot connection that shares several named accounts: one chosen, the others a click away. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Suspense } from 'react'
import { VirtualTimeScheduler } from 'rxjs'
import { afterEach, describe, expect, it } from 'vitest'
import { DisconnectAccount } from '../../../../src/application/account/disconnect-account'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { bindAccount } from '../../../../src/composition/bindings/account'
import { polkadot } from '../../../../src/families/polkadot'
import { ChainFamilies, type ChainFamily, type WalletAccount } from '../../../../src/ports/chain-family'
import { ChainReader } from '../../../../src/ports/chain-reader'
import { Scheduler } from '../../../../src/ports/scheduler'
import { DiProvider } from '../../../../src/presentation/di-context'
import AccountView from '../../../../src/presentation/views/AccountView'
import { aModalConfig } from '../../../builders/config'
import { inMemoryBlockchainService, rebindInMemoryBlockchainService } from '../../../fakes/blockchain/in-memory-blockchain-service'
import { bindNow } from '../../../support/bind-now'
import { createTestContainer } from '../../../support/test-container'
import { FakeChainReader } from '../../application/account/support'

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
  const container = createTestContainer(aModalConfig({ networks: [POLKADOT] }), (c) => {
    c.rebind(Scheduler).toConstantValue(new VirtualTimeScheduler())
    c.rebind(ChainFamilies).toConstantValue(families)
    rebindInMemoryBlockchainService(c, inMemoryBlockchainService({ supportedChains: [] }))
    c.rebind(ChainReader).toConstantValue(new FakeChainReader())
    c.rebind(DisconnectAccount).toConstantValue(async () => undefined)
  }, [polkadot])
  // The account module's own bindings (balances, identity, NFTs, the account chooser), as on connect.
  bindNow(container, bindAccount)
  const connection = container.get(ConnectionStore)
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
