import { VirtualTimeScheduler, asyncScheduler } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../../../src/domain/constants'
import { LAST_CONNECTORS_KEY, readLastConnectors, rememberConnector } from '../../../../src/application/connection/storage-keys'
import { RECONNECT_DISCOVERY_WAIT_MS } from '../../../../src/application/connection/reconnect-wallet'
import { anAnnouncedConnector } from '../../../fakes/fake-chain-family'
import { connectionWorld } from './world'
import { ChainRequiredForConnectionClientError } from '../../../../src/domain/errors'

const RDNS = 'dev.walletgate.devnet'

function opened() {
  const world = connectionWorld(asyncScheduler)
  world.wallets.add(anAnnouncedConnector(RDNS))
  world.modal.open({}, false)
  return world
}

describe('ConnectExternal', () => {
  it('connects: stores the account, remembers the wallet and closes the modal', async () => {
    const w = opened()
    const seen: string[] = []
    w.connect.state$.subscribe((s) => seen.push(s.status))
    await w.connect.connect(RDNS)
    expect(w.connection.snapshot).toEqual({
      status: 'connected',
      connectorId: RDNS,
      namespace: 'eip155',
      address: w.wallets.address,
      caipNetworkId: 'eip155:31337',
      caipAddress: `eip155:31337:${w.wallets.address}`,
      accountType: 'eoa',
      connectorType: 'ANNOUNCED',
    })
    expect(seen).toEqual(['idle', 'connecting', 'connected'])
    expect(w.modal.snapshot.open).toBe(false)
    expect(readLastConnectors(w.storage)).toEqual({ eip155: RDNS })
    expect(JSON.parse(w.storage.get(STORAGE_KEYS.recentWallets) ?? '[]')).toEqual([{ id: RDNS, name: 'Devnet Wallet', rdns: RDNS }])
    expect(w.analytics.events.map((e) => e.event)).toEqual(['SELECT_WALLET', 'CONNECT_SUCCESS'])
  })

  it('shows ConnectingExternal while the wallet is asked', async () => {
    const w = opened()
    let release: (() => void) | undefined
    w.wallets.answerNext(new Promise((resolve) => (release = () => resolve(w.wallets.account(RDNS)))))
    const done = w.connect.connect(RDNS)
    expect(w.modal.view).toBe('ConnectingExternal')
    expect(w.connection.snapshot.status).toBe('connecting')
    release?.()
    await done
    expect(w.connection.snapshot.status).toBe('connected')
  })

  it('a rejection is the declined state, a warning and an event with the wallet\'s own code, and retry connects', async () => {
    const w = opened()
    w.wallets.rejectNext('rejected', 'User rejected the request.', 4001)
    await w.connect.connect(RDNS)
    expect(w.connect.snapshot.status).toBe('declined')
    expect(w.connection.snapshot.status).toBe('disconnected')
    expect(w.modal.view).toBe('ConnectingExternal')
    expect(w.logger.warnings).toHaveLength(1)
    expect(w.logger.errors).toEqual([])
    expect(w.analytics.events.at(-1)).toMatchObject({ event: 'CONNECT_ERROR', properties: { code: 4001 } })

    await w.connect.retry()
    expect(w.connection.snapshot.status).toBe('connected')
    expect(w.modal.history).toEqual(['Connect', 'ConnectingExternal'])
  })

  it('a request already waiting is the pending state; other failures are the error state with the wallet message', async () => {
    const w = opened()
    w.wallets.rejectNext('pending', 'already pending')
    await w.connect.connect(RDNS)
    expect(w.connect.snapshot.status).toBe('pending')
    w.wallets.rejectNext('failed', 'Internal error')
    await w.connect.retry()
    const state = w.connect.snapshot
    expect(state.status).toBe('error')
    expect(state.status === 'error' && state.error.message).toBe('Internal error')
  })

  it('a wallet without the chain the modal was opened for fails "Chain is required to get connection controller client"', async () => {
    const w = connectionWorld(asyncScheduler)
    w.wallets.add(anAnnouncedConnector(RDNS))
    w.modal.open({ namespace: 'solana' }, false)
    await w.connect.connect(RDNS)
    const state = w.connect.snapshot
    expect(state.status).toBe('error')
    expect(state.status === 'error' && state.error).toBeInstanceOf(ChainRequiredForConnectionClientError)
    expect(state.status === 'error' && state.error.message).toBe('Chain is required to get connection controller client')
    expect(w.wallets.calls.filter((c) => c.startsWith('connect'))).toEqual([])
    expect(w.connection.snapshot.status).toBe('disconnected')
  })

  it('an unknown connector changes nothing', async () => {
    const w = opened()
    await w.connect.connect('no.such.wallet')
    expect(w.connect.snapshot.status).toBe('idle')
    expect(w.connection.snapshot.status).toBe('disconnected')
  })
})

describe('DisconnectWallet and FollowWalletEvents', () => {
  it('disconnect forgets the connector, shows Connect and tells the wallet', async () => {
    const w = opened()
    await w.connect.connect(RDNS)
    await w.disconnect.disconnect()
    expect(w.connection.snapshot.status).toBe('disconnected')
    expect(w.storage.get(LAST_CONNECTORS_KEY)).toBeNull()
    expect(w.modal.view).toBe('Connect')
    expect(w.wallets.calls).toContain(`disconnect:${RDNS}`)
  })

  it('follows accountsChanged and chainChanged, and ends on an empty account list', async () => {
    const w = opened()
    w.follow.start()
    await w.connect.connect(RDNS)
    const other = '0x2222222222222222222222222222222222222222'
    w.wallets.emit({ type: 'accountsChanged', connectorId: RDNS, addresses: [other] })
    expect(w.connection.snapshot).toMatchObject({ address: other, caipAddress: `eip155:31337:${other}` })
    w.wallets.emit({ type: 'chainChanged', connectorId: RDNS, caipNetworkId: 'eip155:31338' })
    expect(w.connection.snapshot).toMatchObject({ caipNetworkId: 'eip155:31338', caipAddress: `eip155:31338:${other}` })
    w.wallets.emit({ type: 'chainChanged', connectorId: 'some.other.wallet', caipNetworkId: 'eip155:1' })
    expect(w.connection.snapshot).toMatchObject({ caipNetworkId: 'eip155:31338' })
    w.wallets.emit({ type: 'accountsChanged', connectorId: RDNS, addresses: [] })
    expect(w.connection.snapshot.status).toBe('disconnected')
    expect(w.storage.get(LAST_CONNECTORS_KEY)).toBeNull()
  })
})

describe('ReconnectWallet', () => {
  it('reconnects silently once the remembered wallet is discovered', async () => {
    const w = connectionWorld(asyncScheduler)
    rememberConnector(w.storage, 'eip155', RDNS)
    w.wallets.authorised.set(RDNS, w.wallets.account(RDNS))
    const done = w.reconnect.reconnect()
    w.wallets.add(anAnnouncedConnector(RDNS))
    await expect(done).resolves.toBe(true)
    expect(w.connection.snapshot).toMatchObject({ status: 'connected', connectorId: RDNS })
    expect(w.wallets.calls).toEqual([`reconnect:${RDNS}`])
  })

  it('forgets a wallet that no longer authorises the site', async () => {
    const w = connectionWorld(asyncScheduler)
    rememberConnector(w.storage, 'eip155', RDNS)
    w.wallets.add(anAnnouncedConnector(RDNS))
    await expect(w.reconnect.reconnect()).resolves.toBe(false)
    expect(w.storage.get(LAST_CONNECTORS_KEY)).toBeNull()
    expect(w.connection.snapshot.status).toBe('disconnected')
  })

  it('keeps a wallet whose reconnect throws, against its port, remembered and resolves all the same', async () => {
    const w = connectionWorld(asyncScheduler)
    rememberConnector(w.storage, 'eip155', RDNS)
    w.wallets.add(anAnnouncedConnector(RDNS))
    w.wallets.reconnect = () => Promise.reject(new Error('the wallet is locked'))
    await expect(w.reconnect.reconnect()).resolves.toBe(false)
    expect(w.connection.snapshot.status).toBe('disconnected')
    // A wallet that failed once may answer next time: it stays the one to reconnect.
    expect(w.storage.get(LAST_CONNECTORS_KEY)).not.toBeNull()
  })

  it('gives up after the discovery wait when the wallet never appears', async () => {
    const scheduler = new VirtualTimeScheduler()
    const w = connectionWorld(scheduler)
    rememberConnector(w.storage, 'eip155', RDNS)
    let result: boolean | undefined
    const done = w.reconnect.reconnect().then((r) => (result = r))
    await Promise.resolve()
    expect(result).toBeUndefined()
    scheduler.flush()
    await done
    expect(scheduler.now()).toBe(RECONNECT_DISCOVERY_WAIT_MS)
    expect(result).toBe(false)
    expect(w.logger.warnings).toHaveLength(1)
    expect(w.wallets.calls).toEqual([])
  })
})
