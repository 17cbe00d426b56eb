/** Who the devnet's social providers know (the accounts they sign in to: server/test/wallet/accounts.test.ts). */
import { describe, expect, it } from 'vitest'
import { identityForEmail, seededIdentities } from '../../../devnet/src/auth/social/identities'

describe('the devnet providers\' people', () => {
  it('a typed email is the same subject every time at one provider, another subject at another, and a seeded person by their email', () => {
    expect(identityForEmail('x', ' Visitor@Example.test ')).toEqual(identityForEmail('x', 'visitor@example.test'))
    expect(identityForEmail('x', 'visitor@example.test').sub).not.toBe(identityForEmail('discord', 'visitor@example.test').sub)
    const seeded = new Set(seededIdentities('google').map((i) => i.sub))
    expect(seeded.has(identityForEmail('google', 'visitor@example.test').sub)).toBe(false)
    // A seeded person's email typed in is that person, as at a real provider.
    expect(identityForEmail('google', 'Alice@devnet.test')).toEqual(seededIdentities('google')[0])
  })
})
