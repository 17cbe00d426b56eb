/**
 * Choosing among a polkadot extension's accounts, over the real polkadot wing and the demo's
 * extension (real keys): the connection shows the chosen account, its name kept, and a choice the
 * wallet cannot make leaves the connection as it was, saying why.
 */
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { DevPolkadotExtension } from '../../../../demo/src/dev-wallet/polkadot/polkadot-wallet'
import { DEVNET_POLKADOT_ACCOUNTS, POLKADOT_DEVNET_CAIP_NETWORK_ID } from '../../../../devnet/src/chains/polkadot/network'
import { ChooseAccount, accountChoices } from '../../../../src/application/account/choose-account'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { connectedAccount } from '../../../../src/application/connection/connected-state'
import { FollowWalletEvents } from '../../../../src/application/connection/follow-wallet-events'
import type { DisconnectWallet } from '../../../../src/application/connection/disconnect-wallet'
import type { WalletDirectory } from '../../../../src/application/connection/wallet-directory'
import type { CaipNetwork } from '../../../../src/domain/entities'
import { OnDemandChainFamily } from '../../../../src/infrastructure/chains/on-demand-chain-family'
import { polkadot } from '../../../../src/infrastructure/chains/polkadot/wing'
import type { ChainFamilies } from '../../../../src/ports/chain-family'
import { RecordingLogger } from '../../../fakes/recording-logger'
import { InMemoryKeyValueStorage } from '../../../fakes/in-memory-key-value-storage'
import { ReconnectWallet } from '../../../../src/application/connection/reconnect-wallet'
import { rememberConnector } from '../../../../src/application/connection/storage-keys'
import type { EventReporter } from '../../../../src/application/connection/report-event'
import { asyncScheduler } from 'rxjs'

const DEVNET = {
  id: POLKADOT_DEVNET_CAIP_NETWORK_ID.slice('polkadot:'.length),
  caipNetworkId: POLKADOT_DEVNET_CAIP_NETWORK_ID,
  chainNamespace: 'polkadot',
  name: 'Polkadot Devnet',
  nativeCurrency: { name: 'DOT', symbol: 'DOT', decimals: 10 },
  rpcUrls: [],
} as CaipNetwork
const [ALICE, BOB] = DEVNET_POLKADOT_ACCOUNTS as [(typeof DEVNET_POLKADOT_ACCOUNTS)[0], (typeof DEVNET_POLKADOT_ACCOUNTS)[0]]

/** The polkadot wing over the demo's extension, as a page has it; `authorized`: the site was allowed before. */
function polkadotFamily(accounts = DEVNET_POLKADOT_ACCOUNTS, authorized = false) {
  const extension = new DevPolkadotExtension(
    {
      name: 'Devnet Wallet (Polkadot)',
      accounts,
      approver: { ask: () => Promise.resolve(true), dismissAll: () => undefined },
      mode: () => 'approve',
      persist: () => undefined,
    },
    { authorized },
  )
  const family = new OnDemandChainFamily(polkadot, [DEVNET], new RecordingLogger(), { root: () => ({ injectedWeb3: { 'devnet-polkadot': extension } }) })
  family.startDiscovery()
  return family
}

async function world(accounts = DEVNET_POLKADOT_ACCOUNTS) {
  const storage = new InMemoryKeyValueStorage()
  const family = polkadotFamily(accounts)
  const families: ChainFamilies = { all: [family], get: (ns) => (ns === 'polkadot' ? family : undefined) }
  const connection = new ConnectionStore()
  // The wallet's own events reach the connection as in the modal.
  new FollowWalletEvents({ families: [family] } as unknown as WalletDirectory, connection, {} as DisconnectWallet).start()
  connection.upsert(connectedAccount(await family.connect('devnet-polkadot'), 'INJECTED'))
  rememberConnector(storage, 'polkadot', 'devnet-polkadot')
  return { family, connection, storage, chooser: new ChooseAccount({ families, connection, storage, logger: new RecordingLogger() }) }
}

/** The page loaded again with the same storage: the silent reconnect's connection. */
async function reload(storage: InMemoryKeyValueStorage): Promise<ConnectionStore> {
  const family = polkadotFamily(DEVNET_POLKADOT_ACCOUNTS, true)
  const connection = new ConnectionStore()
  const events: Pick<EventReporter, 'report'> = { report: () => undefined }
  const wallets = { family: (ns: string) => (ns === 'polkadot' ? family : undefined) } as unknown as WalletDirectory
  await new ReconnectWallet({ wallets, connection, storage, scheduler: asyncScheduler, events: events as EventReporter, logger: new RecordingLogger() }).reconnect()
  return connection
}

beforeAll(() => cryptoWaitReady())

describe('ChooseAccount', () => {
  it("offers the extension's accounts by name, the first in use", async () => {
    const { connection } = await world()
    const account = connection.account('polkadot')!
    expect(account.address).toBe(ALICE.address)
    expect(accountChoices(account).map((a) => a.name)).toEqual(DEVNET_POLKADOT_ACCOUNTS.map((a) => a.name))
  })

  it('chooses another account: the connection shows it, the names kept', async () => {
    const { connection, chooser } = await world()
    await chooser.choose(BOB.address)
    expect(chooser.snapshot).toEqual({ status: 'idle' })
    const account = connection.account('polkadot')!
    expect(account).toMatchObject({ address: BOB.address, caipAddress: `${POLKADOT_DEVNET_CAIP_NETWORK_ID}:${BOB.address}` })
    // The named accounts keep the wallet's order (the chips do not move); Bob is among them, named.
    expect(account.accounts?.map((a) => a.address)).toEqual(DEVNET_POLKADOT_ACCOUNTS.map((a) => a.address))
    expect(account.accounts).toContainEqual({ address: BOB.address, name: 'Bob' })
  })

  it('offers no choice with one account, and refuses an address the wallet did not share', async () => {
    const one = await world([ALICE])
    expect(accountChoices(one.connection.account('polkadot')!)).toEqual([])
    const { connection, chooser } = await world()
    await chooser.choose('5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty')
    expect(chooser.snapshot).toMatchObject({ status: 'error', error: { code: 'account.noSuchAccount' } })
    expect(connection.account('polkadot')?.address).toBe(ALICE.address)
  })

  it('a reload comes back to the chosen account; a new connect starts on the wallet’s first again', async () => {
    const { chooser, storage } = await world()
    await chooser.choose(BOB.address)
    expect((await reload(storage)).account('polkadot')?.address).toBe(BOB.address)
    // Connecting again (not a reload) starts from the wallet's own order.
    rememberConnector(storage, 'polkadot', 'devnet-polkadot')
    expect((await reload(storage)).account('polkadot')?.address).toBe(ALICE.address)
  })

  it('a kept choice the wallet no longer shares is ignored: the wallet’s first account', async () => {
    const { storage } = await world()
    storage.set('@walletgate/chosen-account/polkadot', 'devnet-polkadot 5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty')
    expect((await reload(storage)).account('polkadot')?.address).toBe(ALICE.address)
    storage.set('@walletgate/chosen-account/polkadot', 'garbage')
    expect((await reload(storage)).account('polkadot')?.address).toBe(ALICE.address)
  })
})
