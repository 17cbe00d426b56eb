import { describe, expect, it } from 'vitest'
import * as errors from '../../../../src/domain/errors'
import { RelayUnreachableError } from '../../../../src/domain/connection/relay'
import { SwapInsufficientLiquidityError } from '../../../../src/domain/swap/swap-errors'
import { ALERT_ERRORS, EMBEDDED_WALLET_MESSAGES, SNACK_MESSAGES } from '../../../../src/domain/messages'
import { SERVICE_FAILURE, UNKNOWN_FAILURE, WALLET_BUSY, WALLET_FAILURE, walletFailure } from '../../../../src/application/failure-text'
import { failure } from '../../../../src/domain/failure'
import { VALIDATION_MESSAGES } from '../../../../src/domain/messages'
import { sendErrorText } from '../../../../src/presentation/views/send/send-texts'
import { en, type Translation } from '../../../../src/presentation/i18n/catalogue'
import { LANGUAGES, loadTranslation, textDirection, textLanguage } from '../../../../src/presentation/i18n/languages'
import { makeI18n } from '../../../../src/presentation/i18n/i18n'
import { balanceText, dateText } from '../../../../src/presentation/i18n/format'
import { formatMoney, USD_DISPLAY } from '../../../../src/domain/format/fiat'
import { errorText, pluralText } from '../../../../src/presentation/i18n/rules'
import { LOCALE_CHUNKS } from '../../../../src/presentation/i18n/locale-chunks'

const EXTRA_PLURAL_FORM = /#(zero|two|few|many)$/
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('the message catalogue', () => {
  it('says the errors of the catalogue by code in exactly their English message', () => {
    const made: { code: string; message: string }[] = [new RelayUnreachableError(), new SwapInsufficientLiquidityError()]
    for (const value of Object.values(errors)) {
      if (typeof value !== 'function' || !(value.prototype instanceof errors.DomainError) || value.length > 1) continue
      try {
        made.push(new (value as unknown as new () => errors.DomainError)())
      } catch {
        // A class that needs arguments says its message with them: not a fixed text.
      }
    }
    const byCode = made.filter((e) => `error.${e.code}` in en)
    expect(byCode.length).toBeGreaterThan(20)
    for (const error of byCode) expect([error.code, (en as Record<string, string>)[`error.${error.code}`]]).toEqual([error.code, error.message])
  })

  it('says the snacks, alerts and email failures by their keys in exactly the spec words', () => {
    const said = en as Record<string, string>
    for (const [key, text] of Object.entries(SNACK_MESSAGES)) expect([key, said[`snack.${key}`]]).toEqual([key, text])
    for (const alert of Object.values(ALERT_ERRORS)) {
      expect([said[`alert.${alert.code}`], said[`alert.${alert.code}.long`]]).toEqual([alert.shortMessage, alert.longMessage])
    }
    expect(said['email.invalid']).toBe(VALIDATION_MESSAGES.invalidEmail)
    expect(said['email.unavailable']).toBe(EMBEDDED_WALLET_MESSAGES.dependencyUnavailable)
    expect(makeI18n('en', 'en', {}, {}).t('email.cooldown', { seconds: 12 })).toBe(EMBEDDED_WALLET_MESSAGES.cooldown(12))
  })

  it('says the failures state holds by code in their plain words, and the rules’ refusals in the spec’s words', () => {
    const said = (f: { code: string }) => (en as Record<string, string>)[f.code]
    expect(said(SERVICE_FAILURE)).toBe('The service is not responding right now. Please try again in a moment.')
    expect(said(UNKNOWN_FAILURE)).toBe('Something went wrong. Please try again.')
    expect(said(WALLET_BUSY)).toBe('Your wallet already has a request waiting. Open your wallet and finish that request, then try again.')
    expect(said(WALLET_FAILURE)).toBe('Your wallet could not complete the request. Please try again.')
    expect(said({ code: 'failure.nameTooShort' })).toBe('Name must be at least 4 characters')
    expect(said({ code: 'failure.nameInvalidCharacters' })).toBe('Name can only contain letters, numbers and hyphens')
  })

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every English key, no other, and the same placeholders', async (language) => {
    const translation: Translation = await loadTranslation(language)
    const keys = Object.keys(translation)
    const missing = Object.keys(en).filter((key) => !(key in translation) && !(key.endsWith('#one') && `${key.slice(0, -4)}#other` in translation))
    expect(missing).toEqual([])
    expect(keys.filter((key) => !(key in en) && !EXTRA_PLURAL_FORM.test(key))).toEqual([])
    // A plural form may leave out the count ("محفظتان", two wallets); other texts keep every placeholder.
    const english = (key: string) => placeholders((en as Record<string, string>)[key.includes('#') ? `${key.split('#')[0]}#other` : key] ?? '')
    const wrong = keys.filter((key) => {
      const own = placeholders((translation as Record<string, string>)[key] ?? '')
      return key.includes('#') ? own.some((name) => !english(key).includes(name)) : own.join() !== english(key).join()
    })
    expect(wrong).toEqual([])
  })
})

describe('the modal language', () => {
  it('lists every language that has a chunk, and only those', () => {
    expect([...LANGUAGES].sort()).toEqual(['en', ...Object.keys(LOCALE_CHUNKS)].sort())
  })

  it('falls back to English for a key a language lacks, and a host override wins over both', () => {
    const i18n = makeI18n('de-DE', 'de', { 'shell.close': 'Schließen' }, { 'shell.back': 'Zurück!' })
    expect(i18n.t('shell.close')).toBe('Schließen')
    expect(i18n.t('shell.back')).toBe('Zurück!')
    expect(i18n.t('shell.cancel')).toBe('Cancel')
  })

  it('fills placeholders and picks the plural form by the language rules', () => {
    const i18n = makeI18n('en-US', 'en', {}, {})
    expect(i18n.t('connect.continueIn', { wallet: 'Rabby' })).toBe('Continue in Rabby')
    expect(pluralText(i18n, 'connect.walletCount', 1)).toBe('1 wallet')
    expect(pluralText(i18n, 'connect.walletCount', 1200)).toBe('1,200 wallets')
    const ar = makeI18n('ar', 'ar', { 'connect.walletCount#two': 'محفظتان', 'connect.walletCount#other': '{count} محفظة' }, {})
    expect(pluralText(ar, 'connect.walletCount', 2)).toBe('محفظتان')
    expect(pluralText(ar, 'connect.walletCount', 100)).toBe('100 محفظة')
  })

  it('reads a text named by data with the host words over it, and none for a name the catalogue lacks', () => {
    const de = makeI18n('de', 'de', { 'activity.label.Sent': 'Gesendet' }, { 'title.Account': 'Mein Konto' })
    expect(de.text('activity.label.Sent')).toBe('Gesendet')
    expect(de.text('title.Account')).toBe('Mein Konto')
    expect(de.text('activity.label.Teleported')).toBeUndefined()
  })

  it('says an error by its code in the host words when they reword its key, in English too', () => {
    const en = makeI18n('en', 'en', {}, { 'error.INSUFFICIENT_FUNDS': 'Not enough money' })
    expect(errorText(en, new errors.InsufficientFundsError(), UNKNOWN_FAILURE)).toBe('Not enough money')
  })

  it('renders an error by its code, and keeps a message that carries its own details', () => {
    const de = makeI18n('de', 'de', { 'error.INSUFFICIENT_FUNDS': 'Guthaben reicht nicht' }, {})
    expect(errorText(de, new errors.InsufficientFundsError(), UNKNOWN_FAILURE)).toBe('Guthaben reicht nicht')
    const detailed = { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds on 0xabc' }
    expect(errorText(de, detailed, walletFailure(detailed))).toBe(en['failure.wallet'])
    expect(errorText(de, detailed, failure('failure.walletReason', { reason: detailed.message }))).toBe('Insufficient funds on 0xabc')
  })

  it('renders the errors the views meet by their code: a send stopped, a wallet failure, a relay out of reach', () => {
    const de = makeI18n('de', 'de', { 'error.INSUFFICIENT_FUNDS': 'Guthaben reicht nicht', 'error.RELAY_UNREACHABLE': 'Verbindungsdienst nicht erreichbar' }, { 'error.SEND_TOKEN_REQUIRED': 'Pick a token first' })
    expect(sendErrorText(de, { kind: 'insufficientFunds' })).toBe('Guthaben reicht nicht')
    expect(sendErrorText(de, { kind: 'tokenRequired' })).toBe('Pick a token first')
    const relay = new RelayUnreachableError()
    expect(errorText(de, relay, walletFailure(relay))).toBe('Verbindungsdienst nicht erreichbar')
    // No code: the words the failure names.
    expect(errorText(de, new Error('Insufficient funds'), failure('error.INSUFFICIENT_FUNDS'))).toBe('Guthaben reicht nicht')
    expect(errorText(de, new Error('A wallet said something'), failure('failure.walletReason', { reason: 'A wallet said something' }))).toBe('A wallet said something')
    expect(sendErrorText(makeI18n('en', 'en', {}, {}), { kind: 'notConnected' })).toBe(new errors.NoActiveCaipAddressError().message)
  })

  it('writes balances (3 decimals, truncated), fiat (2 decimals) and dates in the visitor locale', () => {
    const de = makeI18n('de-DE', 'de', {}, {})
    expect(balanceText(de, '1234.56789')).toBe('1.234,567')
    expect(formatMoney(3750.505, USD_DISPLAY, de.locale)).toBe('3.750,51\u00a0$')
    const en = makeI18n('en-US', 'en', {}, {})
    expect(balanceText(en, '1234.56789')).toBe('1,234.567')
    expect(formatMoney(3750.505, USD_DISPLAY, en.locale)).toBe('$3,750.51')
    expect(dateText(de, '2026-03-05T12:00:00Z', { day: 'numeric', month: 'long', timeZone: 'UTC' })).toBe('5. März')
  })

  it('chooses the texts of the closest language and its direction', () => {
    expect(textLanguage('de-AT')).toBe('de')
    expect(textLanguage('pt-PT')).toBe('pt-BR')
    expect(textLanguage('zh-TW')).toBe('zh-CN')
    expect(textLanguage('sw')).toBe('en')
    expect(textDirection('ar')).toBe('rtl')
    expect(textDirection('he-IL')).toBe('rtl')
    expect(textDirection('ja')).toBe('ltr')
  })
})
