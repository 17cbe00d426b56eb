import { describe, expect, it } from 'vitest'
import type { SiwxSession } from '../../../../src/domain/entities'
import { isSessionCurrent, needsSignIn, sessionMatches, sessionMismatch } from '../../../../src/domain/siwx/siwx-rules'
import { nonceFromBytes, siwxMessageData } from '../../../../src/domain/siwx/siwx-message-data'

const NOW = Date.UTC(2026, 0, 1)
const HOUR = 3_600_000

function aSession(overrides: Partial<SiwxSession['data']> = {}): SiwxSession {
  return {
    data: {
      ...siwxMessageData({
        accountAddress: '0xAbC0000000000000000000000000000000000001',
        chainId: 'eip155:31337',
        domain: 'app.test',
        uri: 'https://app.test',
        nonce: 'abcdefgh12',
        nowMs: NOW,
        expiresInMs: HOUR,
      }),
      ...overrides,
    },
    message: 'm',
    signature: '0x00',
  }
}

describe('SIWX sessions', () => {
  it('a session is in force from its issue time until (not at) its expiry', () => {
    const session = aSession()
    expect(isSessionCurrent(session, NOW - 1)).toBe(false)
    expect(isSessionCurrent(session, NOW)).toBe(true)
    expect(isSessionCurrent(session, NOW + HOUR - 1)).toBe(true)
    expect(isSessionCurrent(session, NOW + HOUR)).toBe(false)
  })

  it('Not Before and unreadable times keep a session out of force', () => {
    expect(isSessionCurrent(aSession({ notBefore: new Date(NOW + 10).toISOString() }), NOW)).toBe(false)
    expect(isSessionCurrent(aSession({ expirationTime: 'soon' }), NOW)).toBe(false)
    expect(isSessionCurrent(aSession({ issuedAt: 'today' }), NOW)).toBe(false)
    const { expirationTime: _e, ...open } = aSession().data
    expect(isSessionCurrent({ ...aSession(), data: open }, NOW + 1000 * HOUR)).toBe(true)
  })

  it('matches by network and address (case-insensitive), each only when given', () => {
    const session = aSession()
    expect(sessionMatches(session, {})).toBe(true)
    expect(sessionMatches(session, { address: '0xabc0000000000000000000000000000000000001' })).toBe(true)
    expect(sessionMatches(session, { caipNetworkId: 'eip155:31338' })).toBe(false)
    expect(sessionMatches(session, { address: '0xabc0000000000000000000000000000000000002', caipNetworkId: 'eip155:31337' })).toBe(false)
  })

  it('asks for sign-in on a supported network when no session is in force', () => {
    const base = { siwxEnabled: true, networkSupported: true, nowMs: NOW }
    expect(needsSignIn({ ...base, sessions: [] })).toBe(true)
    expect(needsSignIn({ ...base, sessions: [aSession()] })).toBe(false)
    expect(needsSignIn({ ...base, sessions: [aSession()], nowMs: NOW + HOUR })).toBe(true)
    expect(needsSignIn({ ...base, networkSupported: false, sessions: [] })).toBe(false)
    expect(needsSignIn({ ...base, siwxEnabled: false, sessions: [] })).toBe(false)
  })

  it('names what a signed session got wrong against what was asked', () => {
    const session = aSession()
    const expected = { accountAddress: session.data.accountAddress.toLowerCase(), chainId: 'eip155:31337', domain: 'app.test', uri: 'https://app.test', nonce: 'abcdefgh12' }
    expect(sessionMismatch(session, expected, NOW)).toBeUndefined()
    expect(sessionMismatch(session, { ...expected, domain: 'evil.test' }, NOW)).toBe('domain')
    expect(sessionMismatch(session, { ...expected, uri: 'https://evil.test' }, NOW)).toBe('uri')
    expect(sessionMismatch(session, { ...expected, nonce: 'other1234' }, NOW)).toBe('nonce')
    expect(sessionMismatch(session, { ...expected, chainId: 'eip155:1' }, NOW)).toBe('chain')
    expect(sessionMismatch(session, { ...expected, accountAddress: '0x1' }, NOW)).toBe('address')
    expect(sessionMismatch(session, expected, NOW + HOUR)).toBe('expired')
    expect(sessionMismatch(session, expected, NOW - 1)).toBe('not-yet-valid')
  })

  it('message data: version 1, issued now, expiring later, no empty statement', () => {
    const data = siwxMessageData({ accountAddress: '0x1', chainId: 'eip155:1', domain: 'd', uri: 'https://d', nonce: 'n', statement: '', nowMs: NOW, expiresInMs: 5 })
    expect(data).toEqual({
      accountAddress: '0x1', chainId: 'eip155:1', domain: 'd', uri: 'https://d', version: '1', nonce: 'n',
      issuedAt: '2026-01-01T00:00:00.000Z', expirationTime: '2026-01-01T00:00:00.005Z',
    })
  })

  it('nonces are alphanumeric, one character per byte', () => {
    expect(nonceFromBytes(new Uint8Array([0, 25, 26, 61, 62, 255]))).toBe('AZa9AH')
  })
})
