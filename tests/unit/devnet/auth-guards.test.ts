/**
 * The auth service's HTTP guards: the client address, the device-approval form's binding and the
 * origin gate (the code policy and its stores: server/test/wallet/login-stores.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { clientAddress } from '../../../server/src/wallet/http/client-address'
import { DeviceApprovalForm, cookieValue } from '../../../server/src/wallet/http/device-approval-form'
import { InMemoryOneTimeValues } from '../../../server/src/wallet/login/one-time-values'
import { decideOrigin } from '../../../server/src/wallet/http/origin-gate'

describe('the HTTP guards', () => {
  it('counts a client by its IPv4 address, or by the /64 of its IPv6 one', () => {
    expect(clientAddress('::ffff:127.0.0.2')).toBe('127.0.0.2')
    expect(clientAddress('10.1.2.3')).toBe('10.1.2.3')
    expect(clientAddress('2001:db8:1:2:aaaa::1')).toBe(clientAddress('2001:db8:1:2:bbbb:cccc:dddd:eeee'))
    expect(clientAddress('2001:db8:1:2::1')).not.toBe(clientAddress('2001:db8:1:3::1'))
    expect(clientAddress(undefined)).toBe('unknown')
  })

  it('accepts the approval form once, only with the nonce it was issued with, for its own link, on any replica of one store', async () => {
    const store = new InMemoryOneTimeValues(() => Date.parse('2026-12-07T12:00:00Z'))
    const form = new DeviceApprovalForm(store)
    const issued = async () => form.issue('link-1')
    let { nonce, formToken } = await issued()
    // Another replica over the same store takes the POST.
    expect(await new DeviceApprovalForm(store).verify('link-1', nonce, formToken)).toBe(true)
    expect(await form.verify('link-1', nonce, formToken)).toBe(false)
    ;({ nonce, formToken } = await issued())
    expect(await form.verify('link-2', nonce, formToken)).toBe(false)
    ;({ nonce, formToken } = await issued())
    expect(await form.verify('link-1', undefined, formToken)).toBe(false)
    expect(await form.verify('link-1', (await issued()).nonce, formToken)).toBe(false)
    // A form token from a store the service does not share.
    ;({ nonce, formToken } = await issued())
    expect(await new DeviceApprovalForm(new InMemoryOneTimeValues(() => 0)).verify('link-1', nonce, formToken)).toBe(false)
    expect(cookieValue(`a=1; ${form.cookie(nonce, '/p', false).split(';')[0]!}`, 'wg_device_approval')).toBe(nonce)
  })

  it('lets through no Origin and its own, and a host origin only exactly and for its project', async () => {
    const deps = {
      authOrigin: 'http://localhost:8790',
      hostOrigin: async (projectId: string, origin: string) => (projectId === 'p' && origin === 'http://127.0.0.1:5173' ? origin : undefined),
    }
    expect(await decideOrigin(undefined, null, deps)).toEqual({ allowed: true })
    expect(await decideOrigin('http://localhost:8790', null, deps)).toEqual({ allowed: true })
    expect(await decideOrigin('http://127.0.0.1:5173', 'p', deps)).toEqual({ allowed: true, cors: 'http://127.0.0.1:5173' })
    for (const origin of ['http://127.0.0.1:5173.evil.test', 'http://evil.127.0.0.1:5173', 'null', 'http://127.0.0.1:51730'])
      expect(await decideOrigin(origin, 'p', deps)).toEqual({ allowed: false })
    expect(await decideOrigin('http://127.0.0.1:5173', null, deps)).toEqual({ allowed: false })
    expect(await decideOrigin('http://127.0.0.1:5173', 'q', deps)).toEqual({ allowed: false })
  })
})
