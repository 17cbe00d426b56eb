/** The auth service's accounts for social and Farcaster identities, and who the devnet providers know. */
import { describe, expect, it } from 'vitest'
import { AuthAccounts } from '../../../devnet/src/auth/accounts'
import { identityForEmail, seededIdentities } from '../../../devnet/src/auth/social/identities'

describe('social and Farcaster identities in the auth service', () => {
  it('one identity is one user for good: new keys the first time, the same keys after, a new session each time', () => {
    const accounts = new AuthAccounts({ now: () => 1_000 })
    const first = accounts.signInIdentity({ key: 'google-1001', socialProvider: 'google', email: 'alice@devnet.test', userName: 'alice' })
    const again = accounts.signInIdentity({ key: 'google-1001', socialProvider: 'google', email: 'alice@devnet.test', userName: 'alice' })
    expect(first.created).toBe(true)
    expect(again.created).toBe(false)
    expect(again.user.evmAddress).toBe(first.user.evmAddress)
    expect(again.session.token).not.toBe(first.session.token)
    expect(accounts.authenticate(first.session.token).user).toMatchObject({ socialProvider: 'google', userName: 'alice', email: 'alice@devnet.test' })
  })

  it('the same subject at another provider, a Farcaster fid and the email user of the same address are all different users', () => {
    const accounts = new AuthAccounts({ now: () => 1_000, newCode: () => '123456' })
    const google = accounts.signInIdentity({ key: 'sub-1', socialProvider: 'google', email: 'alice@devnet.test' })
    const github = accounts.signInIdentity({ key: 'sub-1', socialProvider: 'github', email: 'alice@devnet.test' })
    const farcaster = accounts.signInIdentity({ key: 'farcaster:4201', socialProvider: 'farcaster', userName: 'alice' })
    accounts.startLogin('alice@devnet.test', 'laptop')
    const email = accounts.verifyCode('alice@devnet.test', '123456', 'laptop')
    const addresses = new Set([google, github, farcaster, email].map((s) => s.user.evmAddress))
    expect(addresses.size).toBe(4)
    expect(email.created).toBe(true)
    expect(email.user.socialProvider).toBeUndefined()
  })

  it('a typed email is the same subject every time at one provider, another subject at another, and a seeded person by their email', () => {
    expect(identityForEmail('x', ' Visitor@Example.test ')).toEqual(identityForEmail('x', 'visitor@example.test'))
    expect(identityForEmail('x', 'visitor@example.test').sub).not.toBe(identityForEmail('discord', 'visitor@example.test').sub)
    const seeded = new Set(seededIdentities('google').map((i) => i.sub))
    expect(seeded.has(identityForEmail('google', 'visitor@example.test').sub)).toBe(false)
    // A seeded person's email typed in is that person, as at a real provider.
    expect(identityForEmail('google', 'Alice@devnet.test')).toEqual(seededIdentities('google')[0])
  })
})
