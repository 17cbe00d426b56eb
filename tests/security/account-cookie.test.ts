/**
 * The `walletgate_account` cookie (config `ssr`) is the visitor's to change, and a server-rendered
 * page draws what it holds before the wallet reconnects. An attacker who can set a cookie on the
 * site (a sibling subdomain, a script on another path) tries to make the page draw markup, another
 * account's name dressed as text, a huge value or a crafted prefix. The reader takes only an
 * address of letters and digits and a name-service name, and React draws them as text.
 */
import { describe, expect, it } from 'vitest'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { initialAccountFrom } from '../../src/domain/connection/initial-account'
import { accountCookieValue } from '../../src/infrastructure/storage/account-cookie'
import { createWalletModal } from '../../src/index'
import { ConnectButton, WalletModalProvider } from '../../src/react'
import { aModalConfig } from '../builders/config'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('the account cookie', () => {
  it('reads back what the modal writes: an address, and its name', () => {
    expect(initialAccountFrom(`a=1; walletgate_account=${accountCookieValue({ address: ADDRESS })}; b=2`)).toEqual({ address: ADDRESS })
    const named = accountCookieValue({ address: ADDRESS, profileName: 'alice.wg.id' })
    expect(initialAccountFrom(`walletgate_account=${named}`)).toEqual({ address: ADDRESS, profileName: 'alice.wg.id' })
  })

  it.each([
    ['markup as the address', `walletgate_account=${encodeURIComponent('<img src=x onerror=alert(1)>')}`, undefined],
    ['markup as the name (the address kept)', `walletgate_account=${encodeURIComponent(`${ADDRESS} <b>evil</b>`)}`, { address: ADDRESS }],
    ['a third part', `walletgate_account=${encodeURIComponent(`${ADDRESS} alice.wg.id extra`)}`, undefined],
    ['a broken escape', 'walletgate_account=%E0%A4%A', undefined],
    ['a prefix that looks right', `walletgate_account_x=${ADDRESS}`, undefined],
    ['too short an address', 'walletgate_account=0x1234', undefined],
    ['a huge header', `walletgate_account=${'a'.repeat(9000)}`, undefined],
  ])('refuses %s', (_what, header, expected) => {
    expect(initialAccountFrom(header)).toEqual(expected)
  })

  it('the server draws the cookie account as text in the button, never as markup', () => {
    const modal = createWalletModal(aModalConfig())
    const account = initialAccountFrom(`walletgate_account=${encodeURIComponent(`${ADDRESS} alice.wg.id`)}`)
    const html = renderToString(createElement(WalletModalProvider, { modal, initialAccount: account }, createElement(ConnectButton)))
    expect(html).toContain('alice.wg.id')
    expect(html).not.toContain('Connect Wallet')
    // Even a value that slipped past the reader would be text: React escapes it.
    const hostile = renderToString(
      createElement(WalletModalProvider, { modal, initialAccount: { address: '<img src=x onerror=alert(1)>' } }, createElement(ConnectButton)),
    )
    expect(hostile).not.toContain('<img')
  })
})
