import { describe, expect, it } from 'vitest'
import { activeSessions, parseSmartSessions, SmartSessionsListError } from '../../../../src/domain/sessions/smart-sessions'

const KEY = '0x1111111111111111111111111111111111111111'
const wire = (over: Record<string, unknown> = {}) => ({
  pci: '0xabc',
  chainId: 31337,
  key: KEY,
  expiry: 1_900_000_000,
  valueLimit: '0x2386f26fc10000',
  spent: '0x0',
  targets: [],
  active: true,
  permissions: [{ type: 'native-token-transfer' }],
  ...over,
})

describe('the sessions list (GET /v1/sessions/{address})', () => {
  it('reads each session with its limit and spend as amounts, soonest expiry first', () => {
    const sessions = parseSmartSessions({ sessions: [wire({ pci: 'b', expiry: 2_000_000_000, spent: '1000' }), wire({ pci: 'a' })] })
    expect(sessions.map((s) => s.pci)).toEqual(['a', 'b'])
    expect(sessions[0]).toEqual({ pci: 'a', chainId: 31337, key: KEY, expiry: 1_900_000_000, valueLimit: 10_000_000_000_000_000n, spent: 0n, targets: [], active: true })
    expect(sessions[1]!.spent).toBe(1000n)
  })

  it('an answer without spent or targets reads them as none', () => {
    const { spent, targets, ...rest } = wire()
    void spent
    void targets
    expect(parseSmartSessions({ sessions: [rest] })[0]).toMatchObject({ spent: 0n, targets: [] })
  })

  it.each([
    ['not an object', 'oops'],
    ['no sessions field', { items: [] }],
    ['sessions not a list', { sessions: {} }],
    ['a limit that is not an amount', { sessions: [wire({ valueLimit: 'lots' })] }],
    ['a key that is not an address', { sessions: [wire({ key: 'me' })] }],
    ['an expiry that is not a time', { sessions: [wire({ expiry: 'soon' })] }],
    ['no pci', { sessions: [wire({ pci: '' })] }],
  ])('%s is a clear error, not an empty list', (_, raw) => {
    const error = (() => {
      try {
        parseSmartSessions(raw)
      } catch (e) {
        return e
      }
      return undefined
    })()
    expect(error).toBeInstanceOf(SmartSessionsListError)
    expect((error as SmartSessionsListError).message).toBe('The sessions list could not be read')
  })

  it('only active sessions are offered for revocation', () => {
    const sessions = parseSmartSessions({ sessions: [wire({ pci: 'live' }), wire({ pci: 'gone', active: false })] })
    expect(activeSessions(sessions).map((s) => s.pci)).toEqual(['live'])
  })
})
