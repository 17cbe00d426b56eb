/** The wallet deep-link builder: the pairing URI survives whole, the link keeps its base, no unsafe scheme. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { walletConnectDeepLink } from '../../../src/domain/connection/wallet-deep-link'
import { detectPlatform } from '../../../src/domain/connection/platform'
import { isAllowedAppScheme } from '../../../src/domain/validation/safe-links'

const RUNS = { numRuns: 500 }
const LOWER = 'abcdefghijklmnopqrstuvwxyz'
const scheme = fc
  .tuple(fc.constantFrom(...LOWER), fc.string({ unit: fc.constantFrom(...`${LOWER}0123456789+.-`), maxLength: 12 }))
  .map(([first, rest]) => first + rest)
  .filter(isAllowedAppScheme)
const host = fc.domain()
const path = fc.array(fc.string({ unit: fc.constantFrom(...`${LOWER}0123456789-_`), minLength: 1, maxLength: 8 }), { maxLength: 3 })
/** Pairing URIs as WalletConnect makes them, plus arbitrary text (the builder must not care). */
const hex64 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 })
const uri = fc.oneof(
  fc
    .tuple(hex64, hex64, fc.nat())
    .map(([topic, key, exp]) => `wc:${topic}@2?relay-protocol=irn&symKey=${key}&expiryTimestamp=${exp}`),
  fc.string({ maxLength: 200 }),
)

describe('walletConnectDeepLink (property)', () => {
  it('universal links: https://host/path + /wc?uri=, and the uri parameter decodes to the pairing URI', () => {
    fc.assert(
      fc.property(host, path, fc.boolean(), uri, (h, p, slash, u) => {
        const base = `https://${h}${p.map((s) => `/${s}`).join('')}`
        const link = walletConnectDeepLink(base + (slash ? '/' : ''), u) as string
        expect(link).toBe(`${base}/wc?uri=${encodeURIComponent(u)}`)
        const url = new URL(link)
        expect(url.searchParams.get('uri')).toBe(u)
        expect([...url.searchParams.keys()]).toEqual(['uri'])
      }),
      RUNS,
    )
  })

  it('custom schemes: foo:// + wc?uri=, the encoded URI is the whole query, exactly once', () => {
    fc.assert(
      fc.property(scheme, path, uri, (s, p, u) => {
        const base = `${s}://${p.join('/')}`
        const link = walletConnectDeepLink(base, u) as string
        expect(link.startsWith(`${s}://`)).toBe(true)
        // encodeURIComponent escapes '?': the link has exactly one.
        const [before, query, ...more] = link.split('?')
        expect(more).toEqual([])
        expect(before).toBe(p.length === 0 ? `${s}://wc` : `${s}://${p.join('/')}/wc`)
        expect(query).toBe(`uri=${encodeURIComponent(u)}`)
        expect(decodeURIComponent((query as string).slice(4))).toBe(u)
      }),
      RUNS,
    )
  })

  it('never yields a link that runs code or reads local data, whatever the catalogue says', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), uri, (raw, u) => {
        const link = walletConnectDeepLink(raw, u)
        if (link === undefined) return
        expect(link).not.toMatch(/^\s*(javascript|data|vbscript|file|blob|about|filesystem):/i)
        expect(link.endsWith(`wc?uri=${encodeURIComponent(u)}`)).toBe(true)
      }),
      RUNS,
    )
    for (const s of ['javascript', 'JAVASCRIPT', 'data', 'vbscript', 'file']) {
      expect(walletConnectDeepLink(`${s}:alert(1)`, 'wc:x')).toBeUndefined()
      expect(walletConnectDeepLink(`${s}://x`, 'wc:x')).toBeUndefined()
    }
  })
})

describe('detectPlatform (property)', () => {
  it('a Telegram WebApp object always means telegram; no iPhone/Android/Mobile marker and no touch means desktop', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.nat({ max: 10 }), (ua, touch) => {
        expect(detectPlatform({ userAgent: ua, telegramWebApp: true, maxTouchPoints: touch })).toBe('telegram')
        const plain = ua.replace(/iPhone|iPad|iPod|Android|Mobile|IEMobile|Opera Mini|BlackBerry|webOS|Macintosh/g, '')
        expect(detectPlatform({ userAgent: plain, telegramWebApp: false, maxTouchPoints: touch })).toBe('desktop')
      }),
      RUNS,
    )
  })
})
