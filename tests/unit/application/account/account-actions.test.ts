import { describe, expect, it } from 'vitest'
import { BehaviorSubject } from 'rxjs'
import { AccountActions, accountActions, type AccountActionsState } from '../../../../src/application/account/account-actions'
import { ConnectionStore, type ConnectedAccount, type ConnectionState } from '../../../../src/application/connection-store'
import type { IdentityState } from '../../../../src/application/account/identity-store'
import type { FeaturesConfig } from '../../../../src/domain/config'
import { AUTH_CONNECTOR_ID } from '../../../../src/domain/connection/connectors'
import { ADDRESS } from './support'

const EVM: ConnectedAccount = {
  connectorId: 'dev.walletgate.devnet',
  namespace: 'eip155',
  caipAddress: `eip155:31337:${ADDRESS}`,
  address: ADDRESS,
  caipNetworkId: 'eip155:31337',
}
const SOLANA: ConnectedAccount = {
  connectorId: 'dev.walletgate.solana',
  namespace: 'solana',
  caipAddress: 'solana:devnet:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
  address: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
  caipNetworkId: 'solana:devnet',
}
const BITCOIN: ConnectedAccount = {
  connectorId: 'dev.walletgate.bitcoin',
  namespace: 'bip122',
  caipAddress: 'bip122:000000000933ea01ad0ee984209779ba:tb1qpayment',
  address: 'tb1qpayment',
  caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
  accountType: 'payment',
  accountTypes: ['payment', 'ordinal'],
}
const POLKADOT: ConnectedAccount = {
  connectorId: 'dev.walletgate.polkadot',
  namespace: 'polkadot',
  caipAddress: 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e:5Alice',
  address: '5Alice',
  caipNetworkId: 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e',
  accounts: [{ address: '5Alice', name: 'Alice' }, { address: '5Bob' }],
}

const IDLE: IdentityState = { status: 'idle' }
const nameless = (account: ConnectedAccount): IdentityState => ({
  status: 'ready',
  caipAddress: account.caipAddress as `${string}:${string}:${string}`,
  identity: { name: null, avatar: null },
})
const named = (account: ConnectedAccount): IdentityState => ({
  status: 'ready',
  caipAddress: account.caipAddress as `${string}:${string}:${string}`,
  identity: { name: 'alice.wg.id', avatar: null },
})

const on = (account: ConnectedAccount): ConnectionState => ({ status: 'connected', ...account })

function connectedActions(account: ConnectedAccount, identity: IdentityState = IDLE, features: FeaturesConfig = {}) {
  const state = accountActions(on(account), identity, features)
  if (state.status !== 'connected') throw new Error('expected a connected state')
  return state
}

describe('accountActions', () => {
  it('offers nothing but connecting while no wallet is connected', () => {
    expect(accountActions({ status: 'disconnected' }, IDLE, {})).toEqual({ status: 'notConnected' })
    expect(accountActions({ status: 'connecting', connectorId: 'x' }, IDLE, {}).status).toBe('notConnected')
  })

  it('gives an EVM account balances, buy, swap and send by default, and names the account it is', () => {
    expect(connectedActions(EVM)).toEqual({
      status: 'connected',
      address: ADDRESS,
      accountType: undefined,
      embeddedWallet: false,
      balances: true,
      buy: true,
      swap: true,
      regionRestricted: false,
      send: true,
      sessions: false,
      chooseName: false,
      names: true,
      accountTypes: [],
      accounts: [],
    })
  })

  it('leaves out buying and swaps the host turned off', () => {
    const state = connectedActions(EVM, IDLE, { onramp: false, swaps: false })
    expect(state).toMatchObject({ buy: false, swap: false, send: true, balances: true })
  })

  it('offers no buying or swapping in a restricted region, and says so only where they would be offered', () => {
    expect(accountActions(on(EVM), IDLE, {}, true)).toMatchObject({ buy: false, swap: false, regionRestricted: true, send: true, balances: true })
    expect(accountActions(on(EVM), IDLE, { onramp: false, swaps: false }, true)).toMatchObject({ buy: false, swap: false, regionRestricted: false })
    expect(accountActions(on(BITCOIN), IDLE, {}, true)).toMatchObject({ buy: false, swap: false, regionRestricted: false })
  })

  it('swaps on eip155 only; Solana buys and sends', () => {
    expect(connectedActions(SOLANA)).toMatchObject({ balances: true, buy: true, swap: false, send: true, chooseName: false, names: false })
  })

  it('shows a Bitcoin balance with no buy, swap or send, and its payment and ordinals switch', () => {
    expect(connectedActions(BITCOIN)).toMatchObject({
      balances: true,
      buy: false,
      swap: false,
      send: false,
      accountType: 'payment',
      accountTypes: ['payment', 'ordinal'],
    })
  })

  it("offers a polkadot extension's named accounts, without balances", () => {
    expect(connectedActions(POLKADOT)).toMatchObject({ balances: false, send: false, accounts: POLKADOT.accounts, accountTypes: [] })
  })

  it('offers no switch for a single account type or account', () => {
    expect(connectedActions({ ...BITCOIN, accountTypes: ['payment'] }).accountTypes).toEqual([])
    expect(connectedActions({ ...POLKADOT, accounts: [{ address: '5Alice' }] }).accounts).toEqual([])
  })

  it('offers a name to an EVM account once its identity says it has none', () => {
    expect(connectedActions(EVM, IDLE).chooseName).toBe(false)
    expect(connectedActions(EVM, { status: 'loading', caipAddress: EVM.caipAddress as `${string}:${string}:${string}` }).chooseName).toBe(false)
    expect(connectedActions(EVM, nameless(EVM)).chooseName).toBe(true)
    expect(connectedActions(EVM, named(EVM)).chooseName).toBe(false)
    expect(connectedActions(SOLANA, nameless(SOLANA)).chooseName).toBe(false)
  })

  it('lists smart sessions for an EVM smart account when the host turned them on', () => {
    const smart = { ...EVM, accountType: 'smartAccount' as const }
    expect(connectedActions(smart, IDLE, { smartSessions: true }).sessions).toBe(true)
    expect(connectedActions(smart, IDLE, {}).sessions).toBe(false)
    expect(connectedActions(EVM, IDLE, { smartSessions: true }).sessions).toBe(false)
    expect(connectedActions({ ...SOLANA, accountType: 'smartAccount' }, IDLE, { smartSessions: true }).sessions).toBe(false)
  })

  it('marks an account of the embedded wallet', () => {
    expect(connectedActions({ ...EVM, connectorId: AUTH_CONNECTOR_ID }).embeddedWallet).toBe(true)
  })
})

describe('AccountActions', () => {
  function world(features: FeaturesConfig = {}) {
    const connection = new ConnectionStore()
    const identity = new BehaviorSubject<IdentityState>(IDLE)
    const store = new AccountActions({ connection, identity: { state$: identity, get snapshot() { return identity.value } }, features })
    const seen: AccountActionsState[] = []
    return { connection, identity, store, seen, follow: () => store.state$.subscribe((s) => seen.push(s)) }
  }

  it('follows the connection and the identity', () => {
    const { connection, identity, store, seen, follow } = world()
    const subscription = follow()
    expect(seen.map((s) => s.status)).toEqual(['notConnected'])
    connection.upsert(EVM)
    expect(store.snapshot).toMatchObject({ status: 'connected', chooseName: false })
    identity.next(nameless(EVM))
    expect(seen.at(-1)).toMatchObject({ status: 'connected', chooseName: true })
    connection.upsert(SOLANA)
    expect(seen.at(-1)).toMatchObject({ status: 'connected', address: SOLANA.address, swap: false })
    subscription.unsubscribe()
  })

  it('hands out the same object while neither the connection nor the identity changed', () => {
    const { connection, store, seen, follow } = world()
    connection.upsert(EVM)
    const first = store.snapshot
    const subscription = follow()
    expect(store.snapshot).toBe(first)
    expect(seen).toEqual([first])
    subscription.unsubscribe()
  })

  it("reads the host's features", () => {
    const { connection, store } = world({ swaps: false, onramp: false })
    connection.upsert(EVM)
    expect(store.snapshot).toMatchObject({ swap: false, buy: false })
  })
})
