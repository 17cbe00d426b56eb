import { describe, expect, it } from 'vitest'
import { isUniversalLink, walletConnectDeepLink } from '../../../../src/domain/connection/wallet-deep-link'

const URI = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000000'
const ENCODED = encodeURIComponent(URI)

describe('walletConnectDeepLink', () => {
  it.each([
    ['foo://', `foo://wc?uri=${ENCODED}`],
    ['walletgate-devnet://', `walletgate-devnet://wc?uri=${ENCODED}`],
    ['foo://app', `foo://app/wc?uri=${ENCODED}`],
    ['foo://app/', `foo://app/wc?uri=${ENCODED}`],
    ['foo:', `foo://wc?uri=${ENCODED}`],
    ['foo', `foo://wc?uri=${ENCODED}`],
    ['https://wallet.example', `https://wallet.example/wc?uri=${ENCODED}`],
    ['https://wallet.example/', `https://wallet.example/wc?uri=${ENCODED}`],
    ['https://wallet.example/connect//', `https://wallet.example/connect/wc?uri=${ENCODED}`],
    ['  https://wallet.example  ', `https://wallet.example/wc?uri=${ENCODED}`],
  ])('%s -> %s', (link, expected) => {
    expect(walletConnectDeepLink(link, URI)).toBe(expected)
  })

  it('the pairing URI comes back whole from the link', () => {
    const url = new URL(walletConnectDeepLink('https://wallet.example', URI) as string)
    expect(url.searchParams.get('uri')).toBe(URI)
    expect(url.pathname).toBe('/wc')
  })

  it.each(['', '   ', 'javascript:alert(1)//', 'JavaScript://', 'data:text/html,x', 'file:///etc/passwd', 'vbscript:x', 'https://', 'http:///'])(
    'refuses %j',
    (link) => {
      expect(walletConnectDeepLink(link, URI)).toBeUndefined()
    },
  )

  it('tells universal links from custom schemes', () => {
    expect(isUniversalLink('https://wallet.example')).toBe(true)
    expect(isUniversalLink('foo://')).toBe(false)
  })
})
