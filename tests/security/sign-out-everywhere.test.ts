/**
 * Attack: a host page ends the visitor's sessions everywhere. "Sign out everywhere" ends every
 * session of the wallet's user, on every device and in every app; a hostile (or compromised) host
 * page posting SIGN_OUT { everywhere } to the wallet frame must not get that without the visitor
 * confirming it inside the frame. Declined or unanswered, the service is never asked.
 */
import { describe, expect, it } from 'vitest'
import { aHostileHost, flush } from './support/frame-fakes'

function aHostSigningOutEverywhere() {
  const calls: string[] = []
  const host = aHostileHost({
    '/v1/sign-out-everywhere': () => {
      calls.push('/v1/sign-out-everywhere')
      return { json: { signedOut: 3 } }
    },
    '/v1/sign-out': () => {
      calls.push('/v1/sign-out')
      return { json: { signedOut: true } }
    },
  })
  void host.send('SIGN_OUT', { everywhere: true })
  return { ...host, calls }
}

const settle = async () => {
  for (let i = 0; i < 50; i++) await flush()
}

describe('sign out everywhere asked by the host page', () => {
  it('is shown to the visitor in the frame, and never reaches the service while unanswered', async () => {
    const host = aHostSigningOutEverywhere()
    await settle()
    expect(host.shown.map((d) => d.title)).toEqual(['Sign out everywhere'])
    expect(host.calls).toEqual([])
  })

  it('declined, ends nothing: neither everywhere nor here', async () => {
    const host = aHostSigningOutEverywhere()
    await settle()
    host.answers[0]!(false)
    await settle()
    expect(host.calls).toEqual([])
    expect(JSON.stringify(host.responses())).toContain('"code":4001')
  })

  it('confirmed by the visitor, ends every session', async () => {
    const host = aHostSigningOutEverywhere()
    await settle()
    host.answers[0]!(true)
    await settle()
    expect(host.calls).toEqual(['/v1/sign-out-everywhere', '/v1/sign-out'])
  })
})
