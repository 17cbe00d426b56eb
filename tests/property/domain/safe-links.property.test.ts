/** The link allow-list against schemes, casing and whitespace tricks. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isAllowedAppScheme, safeAppLink, safeWebLink } from '../../../src/domain/validation/safe-links'

/** Schemes that run code, read local data or reach the operating system or the browser's insides. */
const DANGEROUS_SCHEMES = [
  'javascript', 'livescript', 'vbscript', 'data', 'blob', 'file', 'filesystem', 'about', 'intent', 'android-app',
  'chrome', 'chrome-extension', 'chrome-untrusted', 'edge', 'microsoft-edge', 'opera', 'brave', 'moz-extension',
  'resource', 'safari-extension', 'jar', 'view-source', 'res', 'mhtml', 'wyciwyg', 'search', 'search-ms', 'shell',
  'itms-services', 'smb', 'ftp', 'ws', 'wss',
]

const RUNS = { numRuns: 500 }
const dangerous = fc.oneof(
  fc.constantFrom(...DANGEROUS_SCHEMES),
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz-'), minLength: 1, maxLength: 10 }).map((s) => `ms-${s}`),
)
/** The same scheme in any mix of cases. */
const anyCase = (s: string) =>
  fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }).map((upper) =>
    [...s].map((c, i) => (upper[i] === true ? c.toUpperCase() : c)).join(''),
  )
/** What a browser may drop or ignore around or inside a URL. */
const invisible = fc.constantFrom('\u0000', '\t', '\n', '\r', '\u000b', '\u001f', '\u007f', '\u00a0', '\u200b', '\u200e', '\u2028', '\ufeff', '\u00ad')
const rest = fc.constantFrom('alert(1)', '//x', '///etc/passwd', '/id PCWDiagnostic', '//scan/#Intent;end', 'text/html,<b>x</b>', '')

describe('safe links (property)', () => {
  it('a dangerous scheme is refused in any casing, with any surrounding spaces, for app and web links', () => {
    fc.assert(
      fc.property(dangerous.chain(anyCase), rest, fc.string({ unit: fc.constantFrom(' ', '\t', '\n'), maxLength: 3 }), (scheme, r, pad) => {
        const link = `${pad}${scheme}:${r}${pad}`
        expect(safeAppLink(link)).toBeUndefined()
        expect(safeWebLink(link)).toBeUndefined()
      }),
      RUNS,
    )
  })

  it('an invisible character anywhere in the scheme or the link refuses it', () => {
    fc.assert(
      fc.property(fc.constantFrom('javascript', 'ms-msdt', 'intent', 'rainbow', 'https'), invisible, fc.nat(), (scheme, char, at) => {
        const link = `${scheme}://wallet.example/wc`
        const i = 1 + (at % (link.length - 1))
        const tampered = link.slice(0, i) + char + link.slice(i)
        expect(safeAppLink(tampered)).toBeUndefined()
        expect(safeWebLink(tampered)).toBeUndefined()
      }),
      RUNS,
    )
  })

  it('whatever the input, an accepted app link is https, local http, or an allowed custom scheme', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), fc.webUrl(), dangerous.map((s) => `${s}:x`)), (raw) => {
        const link = safeAppLink(raw)
        if (link === undefined) return
        const scheme = /^([^:/]+)/.exec(link)?.[1] ?? ''
        if (/^https$/i.test(scheme)) return
        if (/^http$/i.test(scheme)) {
          expect(['localhost', '127.0.0.1', '[::1]']).toContain(new URL(link).hostname)
          return
        }
        expect(isAllowedAppScheme(scheme)).toBe(true)
        expect(link).toBe(link.trim())
      }),
      RUNS,
    )
  })

  it('an accepted web link is always https, or http on this machine, with no user info', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true, authoritySettings: { withUserInfo: true } }), fc.string({ maxLength: 40 })), (raw) => {
        const href = safeWebLink(raw)
        if (href === undefined) return
        const url = new URL(href)
        expect(url.username).toBe('')
        expect(url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)).toBe(true)
      }),
      RUNS,
    )
  })

  it('any https URL without user info, control characters or spaces is accepted', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['https'], withQueryParameters: true, withFragments: true }), (url) => {
        fc.pre(url.length <= 2048 && !/[\s\u0000-\u001f\u007f-\u00a0]/.test(url))
        expect(safeWebLink(url)).toBe(new URL(url).href)
      }),
      RUNS,
    )
  })
})
