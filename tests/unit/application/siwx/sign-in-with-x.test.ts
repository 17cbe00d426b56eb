import { describe, expect, it } from 'vitest'
import type { SiwxSession } from '../../../../src/domain/entities'
import { WalletRequestError } from '../../../../src/ports/chain-family'
import { ADDRESS, OTHER, settle, signInWorld as world } from './support'

describe('SignInWithX', () => {
  it('opens the sign view after connecting on a supported network with no session', async () => {
    const w = world()
    w.connect()
    await settle()
    expect(w.modal.snapshot.open).toBe(true)
    expect(w.modal.view).toBe('SIWXSignMessage')
    expect(w.signIn.snapshot.status).toBe('signed-out')
  })

  it('the embedded wallet (AUTH) signs in as part of connecting, without the sign view', async () => {
    const w = world({ required: true })
    w.connect(ADDRESS, 'eip155:31337', 'eoa', 'AUTH')
    await settle()
    await settle()
    expect(w.signed).toHaveLength(1)
    expect(w.signIn.snapshot.status).toBe('signed-in')
    expect(w.modal.view).not.toBe('SIWXSignMessage')
  })

  it('the sign view opens for the embedded wallet when its signature fails', async () => {
    const w = world({ required: true })
    w.signAnswers.push(new WalletRequestError('failed', 'Request was aborted'))
    w.connect(ADDRESS, 'eip155:31337', 'eoa', 'AUTH')
    await settle()
    await settle()
    expect(w.signIn.snapshot.status).toBe('signed-out')
    expect([w.modal.snapshot.open, w.modal.view]).toEqual([true, 'SIWXSignMessage'])
  })

  it('asks nothing on a network the host did not configure', async () => {
    const w = world()
    w.connect(ADDRESS, 'eip155:1')
    await settle()
    expect(w.modal.snapshot.open).toBe(false)
  })

  it('a signature that verifies is stored, the view closes and the state is signed-in', async () => {
    const w = world()
    w.connect()
    await settle()
    const session = await w.signIn.signIn()
    expect(session.data).toMatchObject({ accountAddress: ADDRESS, chainId: 'eip155:31337', domain: 'app.test', uri: 'https://app.test', nonce: 'nonce0001' })
    expect(session.data.issuedAt).toBe(new Date(w.clock.now()).toISOString())
    expect(w.storage.sessions).toEqual([session])
    expect(w.signIn.snapshot).toEqual({ status: 'signed-in', session })
    expect(w.modal.snapshot.open).toBe(false)
    expect(w.hostEvents).toContain('siwx_success')
  })

  it('a declined signature keeps the view with "Signature declined" and stores nothing', async () => {
    const w = world({ required: true })
    w.connect()
    await settle()
    w.signAnswers.push(new WalletRequestError('rejected', 'User rejected'))
    await expect(w.signIn.signIn()).rejects.toThrow('User rejected')
    expect(w.snack.snapshot).toMatchObject({ open: true, message: 'Signature declined', variant: 'error' })
    expect(w.modal.view).toBe('SIWXSignMessage')
    expect(w.modal.snapshot.open).toBe(true)
    expect(w.storage.sessions).toEqual([])
    expect(w.hostEvents).toContain('siwx_error')
  })

  it('a smart account that fails to sign is told the app might not support Smart Accounts', async () => {
    const w = world()
    w.connect(ADDRESS, 'eip155:31337', 'smartAccount')
    await settle()
    w.signAnswers.push(new Error('no'))
    await expect(w.signIn.signIn()).rejects.toThrow()
    expect(w.snack.snapshot.message).toBe('This application might not support Smart Accounts')
  })

  it('a signature that does not verify stores nothing', async () => {
    const w = world()
    w.connect()
    await settle()
    w.messenger.valid = false
    await expect(w.signIn.signIn()).rejects.toThrow('did not verify')
    expect(w.storage.sessions).toEqual([])
    w.messenger.valid = true
    w.signAnswers.push('0xforged')
    await expect(w.signIn.signIn()).rejects.toThrow('did not verify')
    expect(w.storage.sessions).toEqual([])
  })

  it("the host's verify replaces the family's", async () => {
    const seen: SiwxSession[] = []
    const w = world({ verify: (s) => (seen.push(s), Promise.resolve(false)) })
    w.connect()
    await settle()
    await expect(w.signIn.signIn()).rejects.toThrow('did not verify')
    expect(seen).toHaveLength(1)
    expect(w.storage.sessions).toEqual([])
  })

  it('a failure to build the message says so and disconnects', async () => {
    const w = world()
    w.connect()
    await settle()
    w.messenger.failCreate = true
    await expect(w.signIn.signIn()).rejects.toThrow('bad domain')
    expect(w.snack.snapshot.message).toBe('A problem occurred while trying initialize authentication')
    expect(w.disconnects()).toBe(1)
    expect(w.signed).toEqual([])
  })

  it('cancel disconnects when required, and the view resets to Connect', async () => {
    const w = world({ required: true })
    w.connect()
    await settle()
    await w.signIn.cancel()
    expect(w.disconnects()).toBe(1)
    expect(w.modal.snapshot.open).toBe(false)
    expect(w.modal.view).toBe('Connect')
    expect(w.hostEvents).toContain('siwx_cancel')
  })

  it('cancel only closes when optional: the wallet stays connected and unsigned', async () => {
    const w = world()
    w.connect()
    await settle()
    await w.signIn.cancel()
    expect(w.disconnects()).toBe(0)
    expect(w.connection.snapshot.status).toBe('connected')
    expect(w.modal.snapshot.open).toBe(false)
    expect(w.modal.view).toBe('Connect')
    expect(w.signIn.snapshot.status).toBe('signed-out')
  })

  it('closing the sign view while required and unsigned shakes instead; once signed it closes', async () => {
    const w = world({ required: true })
    w.connect()
    await settle()
    expect(w.closer.request()).toBe('shake')
    expect(w.modal.snapshot.open).toBe(true)
    await w.signIn.signIn()
    w.modal.open({ view: 'ApproveTransaction' }, true)
    expect(w.closer.request()).toBe('closed')
  })

  it('optional sign-in never blocks closing', async () => {
    const w = world()
    w.connect()
    await settle()
    expect(w.closer.request()).toBe('closed')
  })

  it('switching to an account or network without a session asks again; with one it does not', async () => {
    const w = world()
    w.connect()
    await settle()
    await w.signIn.signIn()
    w.connect(ADDRESS, 'eip155:31338')
    await settle()
    expect(w.modal.view).toBe('SIWXSignMessage')
    expect(w.signIn.snapshot.status).toBe('signed-out')
    w.modal.close()
    w.connect(ADDRESS, 'eip155:31337')
    await settle()
    expect(w.modal.snapshot.open).toBe(false)
    expect(w.signIn.snapshot.status).toBe('signed-in')
    w.connect(OTHER, 'eip155:31337')
    await settle()
    expect(w.modal.view).toBe('SIWXSignMessage')
  })

  it('a session in force after a reload is not asked again; an expired one is', async () => {
    const w = world()
    w.connect()
    await settle()
    await w.signIn.signIn()
    w.connection.clear()
    await settle()
    // signOutOnDisconnect deleted it: connect again asks again.
    w.connect()
    await settle()
    expect(w.modal.view).toBe('SIWXSignMessage')
  })

  it('keeps the session across a disconnect when signOutOnDisconnect is false, until it expires', async () => {
    const w = world({ signOutOnDisconnect: false })
    w.connect()
    await settle()
    await w.signIn.signIn()
    w.modal.close()
    w.connection.clear()
    await settle()
    w.connect()
    await settle()
    expect(w.modal.snapshot.open).toBe(false)
    expect(w.signIn.snapshot.status).toBe('signed-in')
    w.connection.clear()
    await settle()
    w.clock.advance(3_600_000)
    w.connect()
    await settle()
    expect(w.modal.view).toBe('SIWXSignMessage')
  })

  it('signOut forgets the sessions of the account', async () => {
    const w = world()
    w.connect()
    await settle()
    await w.signIn.signIn()
    await w.signIn.signOut()
    expect(w.storage.sessions).toEqual([])
    expect(w.signIn.snapshot.status).toBe('signed-out')
    expect(w.connection.snapshot.status).toBe('connected')
  })
})
