/**
 * The auth service's guards on a test clock: the code policy (cooldown, locks per email doubling,
 * wrong codes per client, mails per day), the constant-time code comparison, the client address,
 * the device-approval form's binding and the origin gate.
 */
import { describe, expect, it } from 'vitest'
import { CODE_LIMITS, CodePolicy } from '../../../devnet/src/auth/guards/code-policy'
import { codesEqual } from '../../../devnet/src/auth/guards/codes-equal'
import { clientAddress } from '../../../devnet/src/auth/guards/client-address'
import { DeviceApprovalForm, cookieValue } from '../../../devnet/src/auth/guards/device-approval-form'
import { InMemoryAttemptStore, InMemoryCodeStore, InMemorySessionStore } from '../../../devnet/src/auth/guards/memory-stores'
import { decideOrigin } from '../../../devnet/src/auth/guards/origin-gate'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

function world() {
  const clock = { t: 1_700_000_000_000, now() { return this.t } }
  const codes = new InMemoryCodeStore()
  const policy = new CodePolicy(new InMemoryAttemptStore(), codes, clock)
  return { clock, codes, policy }
}

describe('the code policy', () => {
  it('keeps the 30 s cooldown of a key after its code is gone', () => {
    const { clock, codes, policy } = world()
    policy.sent('a@x.io', 'a@x.io')
    codes.put('a@x.io', { code: '123456', recipient: 'a@x.io', deviceId: 'd', expiresAt: clock.t + 10 * MINUTE, attemptsLeft: 3 })
    codes.delete('a@x.io')
    clock.t += 10_000
    expect(policy.sendWait('a@x.io', 'a@x.io')).toBe(20)
    expect(policy.sendWait('a@x.io', 'a@x.io', { skipCooldown: true })).toBe(0)
    clock.t += 20_000
    expect(policy.sendWait('a@x.io', 'a@x.io')).toBe(0)
  })

  it('ends the cooldown of a key whose code was entered right', () => {
    const { policy } = world()
    policy.sent('a@x.io', 'a@x.io')
    expect(policy.sendWait('a@x.io', 'a@x.io')).toBe(30)
    policy.used('a@x.io')
    expect(policy.sendWait('a@x.io', 'a@x.io')).toBe(0)
  })

  it('locks an email after 5 wrong codes in 15 minutes, from any clients, for 15 minutes, then 30, then 60', () => {
    const { clock, policy } = world()
    const fiveWrong = () => {
      for (let i = 0; i < 5; i++) {
        expect(policy.checkWait('a@x.io', `10.0.0.${i}`)).toBe(0)
        policy.wrong('a@x.io', `10.0.0.${i}`)
        clock.t += MINUTE
      }
      clock.t -= MINUTE
    }
    fiveWrong()
    expect(policy.checkWait('a@x.io', '10.9.9.9')).toBe(15 * 60)
    expect(policy.sendWait('k', 'a@x.io')).toBe(15 * 60)
    expect(policy.checkWait('b@x.io', '10.9.9.9')).toBe(0)
    clock.t += 15 * MINUTE
    expect(policy.checkWait('a@x.io', '10.9.9.9')).toBe(0)
    fiveWrong()
    expect(policy.checkWait('a@x.io', '10.9.9.9')).toBe(30 * 60)
    clock.t += 30 * MINUTE
    fiveWrong()
    expect(policy.checkWait('a@x.io', '10.9.9.9')).toBe(60 * 60)
  })

  it('does not lock for 5 wrong codes spread over more than 15 minutes, and forgets doubling a day after a lock', () => {
    const { clock, policy } = world()
    for (let i = 0; i < 10; i++) {
      policy.wrong('a@x.io', 'c')
      clock.t += 4 * MINUTE
    }
    expect(policy.checkWait('a@x.io', 'c')).toBe(0)
    for (let i = 0; i < 5; i++) policy.wrong('a@x.io', 'c')
    expect(policy.checkWait('a@x.io', 'c')).toBe(15 * 60)
    clock.t += 15 * MINUTE + CODE_LIMITS.lockMemoryMs
    for (let i = 0; i < 5; i++) policy.wrong('a@x.io', 'c')
    expect(policy.checkWait('a@x.io', 'c')).toBe(15 * 60)
  })

  it('refuses a client its 21st wrong code in an hour, whatever the emails, until its oldest is an hour old', () => {
    const { clock, policy } = world()
    for (let i = 0; i < 20; i++) {
      expect(policy.checkWait(`user${i}@x.io`, '10.0.0.1')).toBe(0)
      policy.wrong(`user${i}@x.io`, '10.0.0.1')
      clock.t += MINUTE
    }
    expect(policy.checkWait('other@x.io', '10.0.0.1')).toBe(40 * 60)
    expect(policy.checkWait('other@x.io', '10.0.0.2')).toBe(0)
    clock.t += 40 * MINUTE
    expect(policy.checkWait('other@x.io', '10.0.0.1')).toBe(0)
  })

  it('mails an email at most 10 codes a day, whichever keys they were under', () => {
    const { clock, policy } = world()
    for (let i = 0; i < 10; i++) {
      expect(policy.sendWait(`key${i % 3}`, 'a@x.io')).toBe(0)
      policy.sent(`key${i % 3}`, 'a@x.io')
      clock.t += HOUR
    }
    expect(policy.sendWait('new-key', 'a@x.io')).toBe(14 * 60 * 60)
    expect(policy.sendWait('new-key', 'b@x.io')).toBe(0)
    clock.t += 14 * HOUR
    expect(policy.sendWait('new-key', 'a@x.io')).toBe(0)
  })
})

describe('the other guards', () => {
  it('compares codes exactly, whatever their lengths, a typed one trimmed', () => {
    expect(codesEqual(' 123456 ', '123456')).toBe(true)
    expect(codesEqual('123457', '123456')).toBe(false)
    expect(codesEqual('1234567', '123456')).toBe(false)
    expect(codesEqual('', '123456')).toBe(false)
  })

  it('counts a client by its IPv4 address, or by the /64 of its IPv6 one', () => {
    expect(clientAddress('::ffff:127.0.0.2')).toBe('127.0.0.2')
    expect(clientAddress('10.1.2.3')).toBe('10.1.2.3')
    expect(clientAddress('2001:db8:1:2:aaaa::1')).toBe(clientAddress('2001:db8:1:2:bbbb:cccc:dddd:eeee'))
    expect(clientAddress('2001:db8:1:2::1')).not.toBe(clientAddress('2001:db8:1:3::1'))
    expect(clientAddress(undefined)).toBe('unknown')
  })

  it('accepts the approval form only with the nonce it was issued with and for its own link', () => {
    const form = new DeviceApprovalForm()
    const { nonce, formToken } = form.issue('link-1')
    expect(form.verify('link-1', nonce, formToken)).toBe(true)
    expect(form.verify('link-2', nonce, formToken)).toBe(false)
    expect(form.verify('link-1', undefined, formToken)).toBe(false)
    expect(form.verify('link-1', form.issue('link-1').nonce, formToken)).toBe(false)
    expect(new DeviceApprovalForm().verify('link-1', nonce, formToken)).toBe(false)
    expect(cookieValue(`a=1; ${form.cookie(nonce, '/p', false).split(';')[0]!}`, 'wg_device_approval')).toBe(nonce)
  })

  it('lets through no Origin and its own, and a host origin only exactly and for its project', async () => {
    const deps = {
      authOrigin: 'http://127.0.0.1:8790',
      hostOrigin: async (projectId: string, origin: string) => (projectId === 'p' && origin === 'http://127.0.0.1:5173' ? origin : undefined),
    }
    expect(await decideOrigin(undefined, null, deps)).toEqual({ allowed: true })
    expect(await decideOrigin('http://127.0.0.1:8790', null, deps)).toEqual({ allowed: true })
    expect(await decideOrigin('http://127.0.0.1:5173', 'p', deps)).toEqual({ allowed: true, cors: 'http://127.0.0.1:5173' })
    for (const origin of ['http://127.0.0.1:5173.evil.test', 'http://evil.127.0.0.1:5173', 'null', 'http://127.0.0.1:51730'])
      expect(await decideOrigin(origin, 'p', deps)).toEqual({ allowed: false })
    expect(await decideOrigin('http://127.0.0.1:5173', null, deps)).toEqual({ allowed: false })
    expect(await decideOrigin('http://127.0.0.1:5173', 'q', deps)).toEqual({ allowed: false })
  })

  it('ends every session of one user and no other', () => {
    const sessions = new InMemorySessionStore<{ token: string; userId: string }>()
    sessions.set('t1', { token: 't1', userId: 'u1' })
    sessions.set('t2', { token: 't2', userId: 'u1' })
    sessions.set('t3', { token: 't3', userId: 'u2' })
    sessions.deleteForUser('u1')
    expect([sessions.get('t1'), sessions.get('t2'), sessions.get('t3')?.token]).toEqual([undefined, undefined, 't3'])
  })
})
