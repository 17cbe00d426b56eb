/**
 * Sign-in after a switch (spec section 4): a session is for one account on one chain, so moving to
 * a network or an account without one asks again, the way connecting does; one with a session
 * does not. The switch runs through its own use cases (SwitchNetwork, ChooseAccount) over a wallet
 * that, like a real one, reports its new network or account before it answers the request.
 */
import { describe, expect, it } from 'vitest'
import { ChooseAccount } from '../../../../src/application/account/choose-account'
import type { ConnectionStore } from '../../../../src/application/connection-store'
import { NetworksStore } from '../../../../src/application/networks/networks-store'
import { SwitchNetwork } from '../../../../src/application/networks/switch-network'
import type { CaipNetwork, CaipNetworkId } from '../../../../src/domain/entities'
import type { ChainFamily } from '../../../../src/ports/chain-family'
import { MemoryStorage, NETWORK_CONFIGS } from '../account/support'
import { ADDRESS, OTHER, settle, signInWorld } from './support'

/** A wallet that tells its new network or account (chainChanged, accountsChanged) before it answers. */
function wallet(connection: ConnectionStore): Partial<ChainFamily> {
  return {
    getProvider: () => ({}),
    async switchNetwork(_connector: string, network: CaipNetwork) {
      const account = connection.account('eip155')
      if (account !== undefined) connection.update('eip155', { caipNetworkId: network.caipNetworkId, caipAddress: `${network.caipNetworkId}:${account.address}` })
      await settle()
    },
    async chooseAddress(connectorId: string, address: string) {
      const account = connection.account('eip155')
      if (account !== undefined) connection.update('eip155', { address, caipAddress: `${account.caipNetworkId}:${address}` })
      await settle()
      return { connectorId, namespace: 'eip155', addresses: [address], caipNetworkId: (account?.caipNetworkId ?? 'eip155:31337') as CaipNetworkId }
    },
  }
}

function world(required: boolean) {
  const { connection, modal, signIn, signed, closer, families, logger } = signInWorld({ required }, wallet)
  const networks = new NetworksStore({ networks: NETWORK_CONFIGS }, connection, new MemoryStorage())
  const switcher = new SwitchNetwork({ networks, connection, modal, families, logger })
  const chooser = new ChooseAccount({ families, connection, storage: new MemoryStorage(), logger })

  /** Connected on Devnet A with two shared accounts, signed in there, the modal closed. */
  async function signedIn(): Promise<void> {
    connection.upsert({
      connectorId: 'dev',
      namespace: 'eip155',
      address: ADDRESS,
      caipAddress: `eip155:31337:${ADDRESS}`,
      caipNetworkId: 'eip155:31337',
      accountType: 'eoa',
      accounts: [{ address: ADDRESS }, { address: OTHER }],
    })
    await settle()
    expect(modal.view).toBe('SIWXSignMessage')
    await signIn.signIn()
    expect(modal.snapshot.open).toBe(false)
  }

  /** The visitor opens Account, then Networks, and picks `caipNetworkId` there. */
  async function switchInModal(caipNetworkId: string): Promise<void> {
    modal.open({}, true)
    modal.push('Networks')
    const result = await switcher.execute(caipNetworkId, { navigate: true })
    expect(result).toEqual({ ok: true })
    await settle()
  }

  return { connection, modal, signIn, switcher, chooser, closer, signed, signedIn, switchInModal }
}

describe.each([
  { mode: 'required', required: true, close: 'shake' },
  { mode: 'optional', required: false, close: 'closed' },
] as const)('sign-in $mode, after a switch', ({ required, close }) => {
  it('a network switch in the modal to a network without a session shows the sign view instead of Account', async () => {
    const w = world(required)
    await w.signedIn()
    await w.switchInModal('eip155:31338')
    expect(w.connection.snapshot).toMatchObject({ caipNetworkId: 'eip155:31338', address: ADDRESS })
    expect(w.signIn.snapshot.status).toBe('signed-out')
    expect([w.modal.snapshot.open, w.modal.view]).toEqual([true, 'SIWXSignMessage'])
    // Required: it cannot be closed unsigned. Optional: closing it leaves the wallet connected, unsigned.
    expect(w.closer.request()).toBe(close)
    expect(w.connection.snapshot.status).toBe('connected')
  })

  it('back on a network that has a session, Account shows and nothing is asked', async () => {
    const w = world(required)
    await w.signedIn()
    await w.switchInModal('eip155:31338')
    await w.signIn.signIn()
    expect(w.signed).toHaveLength(2)
    await w.switchInModal('eip155:31337')
    expect([w.modal.snapshot.open, w.modal.view]).toEqual([true, 'Account'])
    expect(w.signIn.snapshot.status).toBe('signed-in')
    await w.switchInModal('eip155:31338')
    expect([w.modal.snapshot.open, w.modal.view]).toEqual([true, 'Account'])
    expect(w.signIn.snapshot).toMatchObject({ status: 'signed-in', session: { data: { chainId: 'eip155:31338' } } })
    expect(w.signed).toHaveLength(2)
  })

  it('a switch by the host or the wallet while the modal is closed opens it on the sign view, as on connect', async () => {
    const w = world(required)
    await w.signedIn()
    expect(await w.switcher.execute('eip155:31338')).toEqual({ ok: true })
    await settle()
    expect([w.modal.snapshot.open, w.modal.view]).toEqual([true, 'SIWXSignMessage'])
    await w.signIn.signIn()
    expect(await w.switcher.execute('eip155:31337')).toEqual({ ok: true })
    await settle()
    expect(w.modal.snapshot.open).toBe(false)
    expect(w.signIn.snapshot.status).toBe('signed-in')
  })

  it('choosing another account in the modal asks it to sign in; back on the signed account nothing is asked', async () => {
    const w = world(required)
    await w.signedIn()
    w.modal.open({}, true)
    await w.chooser.choose(OTHER)
    await settle()
    expect(w.connection.snapshot).toMatchObject({ address: OTHER, caipNetworkId: 'eip155:31337' })
    expect(w.signIn.snapshot.status).toBe('signed-out')
    expect([w.modal.snapshot.open, w.modal.view]).toEqual([true, 'SIWXSignMessage'])
    expect(w.closer.request()).toBe(close)
    w.modal.open({}, true)
    await w.chooser.choose(ADDRESS)
    await settle()
    expect([w.modal.snapshot.open, w.modal.view]).toEqual([true, 'Account'])
    expect(w.signIn.snapshot.status).toBe('signed-in')
  })

  it('an account switch in the wallet while the modal is closed opens it on the sign view', async () => {
    const w = world(required)
    await w.signedIn()
    w.connection.update('eip155', { address: OTHER, caipAddress: `eip155:31337:${OTHER}` })
    await settle()
    expect([w.modal.snapshot.open, w.modal.view]).toEqual([true, 'SIWXSignMessage'])
    expect(w.signIn.snapshot.status).toBe('signed-out')
  })
})
