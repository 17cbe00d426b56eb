import { describe, expect, it } from 'vitest'
import { LocaleStore, type LocaleState } from '../../../src/application/locale-store'

describe('LocaleStore', () => {
  it("takes the host's locale, else the browser's, else English", () => {
    expect(new LocaleStore('ar', undefined, () => 'de-DE').locale).toBe('ar')
    expect(new LocaleStore(undefined, undefined, () => 'de-DE').locale).toBe('de-DE')
    expect(new LocaleStore(undefined, undefined, () => undefined).locale).toBe('en')
  })

  it('learns the browser language at first use when made before there was a browser', () => {
    const browser: { language?: string } = {}
    const store = new LocaleStore(undefined, undefined, () => browser.language)
    browser.language = 'ja'
    expect(store.locale).toBe('ja')
  })

  it('switches at run time, keeps the overrides unless new ones are given, and says nothing for the same locale', () => {
    const store = new LocaleStore('en', { 'title.Connect': 'Log in' }, () => undefined)
    const seen: LocaleState[] = []
    const subscription = store.state$.subscribe((state) => seen.push(state))
    store.set('en')
    store.set('fr')
    store.set('fr', { 'title.Connect': 'Entrer' })
    subscription.unsubscribe()
    expect(seen).toEqual([
      { locale: 'en', messages: { 'title.Connect': 'Log in' } },
      { locale: 'fr', messages: { 'title.Connect': 'Log in' } },
      { locale: 'fr', messages: { 'title.Connect': 'Entrer' } },
    ])
  })
})
