import { describe, expect, it } from 'vitest'
import { MAX_LINK_LENGTH, isAllowedAppScheme, safeAppLink, safeWebLink } from '../../../../src/domain/validation/safe-links'

describe('safeWebLink', () => {
  it.each([
    ['https://wallet.example', 'https://wallet.example/'],
    ['  HTTPS://Wallet.Example/get?x=1  ', 'https://wallet.example/get?x=1'],
    ['http://localhost:5173/wallet', 'http://localhost:5173/wallet'],
    ['http://127.0.0.1:18999', 'http://127.0.0.1:18999/'],
    ['http://[::1]:8080/', 'http://[::1]:8080/'],
  ])('accepts %j as %j', (link, href) => {
    expect(safeWebLink(link)).toBe(href)
  })

  it.each([
    'http://wallet.example',
    'http://localhost.evil.example',
    'http://127.0.0.2',
    'https://wallet.example@evil.example',
    'https://user:pass@wallet.example',
    'https://',
    'https:wallet.example',
    '//wallet.example',
    '/relative',
    'javascript:alert(1)',
    'ms-msdt:/id PCWDiagnostic',
    'intent://scan/#Intent;scheme=zxing;end',
    'https://wallet.example/a b',
    'https://wallet.\u200bexample',
    `https://wallet.example/${'a'.repeat(MAX_LINK_LENGTH)}`,
    '',
    null,
    undefined,
    42,
  ])('refuses %j', (link) => {
    expect(safeWebLink(link)).toBeUndefined()
  })
})

describe('safeAppLink', () => {
  it.each(['foo://', 'walletgate-devnet://wc', 'metamask:', 'trust', 'x.y+z-1://app', 'https://link.wallet.example/wc'])('accepts %j', (link) => {
    expect(safeAppLink(link)).toBeDefined()
  })

  it.each([
    'ms-msdt:/id PCWDiagnostic',
    'ms-msdt://x',
    'MS-OfficeCmd:open',
    'ms-settings:',
    'search-ms:query=x',
    'intent://scan/#Intent;scheme=zxing;end',
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html,<script>x</script>',
    'vbscript:x',
    'file:///etc/passwd',
    'blob:https://x/1',
    'about:blank',
    'chrome://settings',
    'jar:file:///x!/',
    'view-source:https://x',
    'itms-services://?action=download-manifest',
    'http://wallet.example',
    '1wallet://',
    'wal let://',
    'wallet_app://',
  ])('refuses %j', (link) => {
    expect(safeAppLink(link)).toBeUndefined()
  })

  it('custom schemes follow RFC 3986 and are not dangerous', () => {
    expect(isAllowedAppScheme('rainbow')).toBe(true)
    expect(isAllowedAppScheme('https')).toBe(false)
    expect(isAllowedAppScheme('ms-anything')).toBe(false)
  })
})
