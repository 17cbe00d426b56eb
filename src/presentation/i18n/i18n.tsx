import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { ModalLocale } from '../../application/modal-services'
import { useService } from '../di-context'
import type { Dictionary, MessageKey, PluralKey, Translation } from './catalogue'
import type { NumberFormat } from './format'
import { englishText, englishVersion, hasEnglish, keyOfEnglish, numberFormat, subscribeEnglish } from './english'

export type Params = Readonly<Record<string, string | number>>

/** What views read the modal's language through. */
export interface I18n {
  /** The visitor's locale for numbers and dates (`de-DE`). */
  readonly locale: string
  /** The language of the texts shown (`de`), English until its texts have arrived. */
  readonly language: string
  readonly dir: 'ltr' | 'rtl'
  /** The text of `key`, `{placeholder}`s filled in (numbers written the locale's way). */
  t(key: MessageKey, params?: Params): string
  /** Whether the catalogue has `key` (for texts named by data: an entry's label, a tag). */
  has(key: string): key is MessageKey
  /** The plural form of `key` for `count` (`{count}` filled in), by the language's plural rules. */
  plural(key: PluralKey, count: number, params?: Params): string
  /**
   * A text that came from below the views in English (a rule's message, a failure's words): the
   * language's text when the catalogue has it, else as it is.
   */
  known(text: string): string
  /** Whether `known(text)` finds `text` in the catalogue. */
  isKnown(text: string): boolean
  /** An error by its `code` (the catalogue's `error.<CODE>`, whose English is the spec's message). */
  error(error: { readonly code?: unknown; readonly message: string }): string
  /** A plain decimal string ("1234.5") in the locale's writing ("1.234,5"). */
  number(plain: string): string
  /** A balance (wire decimal string) with 3 decimals, truncated, in the locale's writing. */
  balance(numeric: string): string
  /** A dollar value with 2 decimals, half-up, as the locale writes money ("3.750,50 $"). */
  fiat(value: number | string): string
  /** A fiat amount already in the locale's writing ("3.750,50") with the dollar sign where the locale puts it. */
  money(amount: string): string
  /** A date (ISO text) as the locale writes it. */
  date(iso: string, options: Intl.DateTimeFormatOptions): string
}

function fill(template: string, params: Params | undefined, locale: string): string {
  if (params === undefined) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name]
    if (value === undefined) return whole
    return typeof value === 'number' ? integerText(value, locale) : value
  })
}

function integerText(value: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { numberingSystem: 'latn' }).format(value)
  } catch {
    return String(value)
  }
}


/** The modal's language over `translation`, with the host's `overrides` on top, English under both. */
export function makeI18n(locale: string, language: string, translation: Translation, overrides: Dictionary, dir: 'ltr' | 'rtl' = 'ltr'): I18n {
  const dictionary: Dictionary = translation
  const lookup = (key: string): string | undefined => overrides[key] ?? dictionary[key] ?? englishText(key)
  const t = (key: MessageKey, params?: Params) => fill(lookup(key) ?? key, params, locale)
  const write = <K extends keyof NumberFormat>(kind: K) =>
    ((value: string | number, options?: Intl.DateTimeFormatOptions) =>
      numberFormat()?.[kind](locale, value as never, options as never) ?? String(value)) as unknown as I18n[K]
  const i18n: I18n = {
    locale,
    language,
    dir,
    t,
    has: (key): key is MessageKey => hasEnglish(key),
    plural: (key, count, params) => {
      // `language` is always one the modal has texts in, which Intl knows.
      const form = lookup(`${key}#${new Intl.PluralRules(language).select(count)}`) ?? lookup(`${key}#other`) ?? key
      return fill(form, { count, ...params }, locale)
    },
    known: (text) => {
      const key = keyOfEnglish(text)
      return key === undefined ? text : (lookup(key) ?? text)
    },
    isKnown: (text) => keyOfEnglish(text) !== undefined,
    error: (error) => {
      const key = typeof error.code === 'string' ? `error.${error.code}` : undefined
      // A message that differs from the code's English text carries details of its own: kept.
      if (key !== undefined && englishText(key) === error.message) return lookup(key) ?? error.message
      return i18n.known(error.message)
    },
    // The writing of numbers comes with the modules that write amounts (./english.ts); until one
    // has loaded, a value shows as it is.
    number: write('number'),
    balance: write('balance'),
    fiat: write('fiat'),
    money: write('money'),
    date: write('date'),
  }
  return i18n
}

const ENGLISH = makeI18n('en', 'en', {}, {})
const I18nContext = createContext<I18n>(ENGLISH)

/** The modal's language: English outside an {@link I18nProvider}. */
export function useI18n(): I18n {
  return useContext(I18nContext)
}

/** The texts of a locale: their language, its direction and its translation (English: none). */
interface Texts {
  readonly language: string
  readonly dir: 'ltr' | 'rtl'
  readonly translation: Translation
}

const ENGLISH_TEXTS: Texts = { language: 'en', dir: 'ltr', translation: {} }
const fetched = new Map<string, Texts>()

/**
 * The texts of `locale` if they are here: English always is (a tag whose language is `en` needs
 * no fetch and not even the table of languages); another language once fetched.
 */
function readyTexts(locale: string): Texts | undefined {
  return /^en(-|$)/i.test(locale) ? ENGLISH_TEXTS : fetched.get(locale)
}

/** Fetches the texts of `locale` once, through the table of languages (./languages.ts, a chunk of its own). */
async function loadTexts(locale: string): Promise<Texts> {
  const ready = readyTexts(locale)
  if (ready !== undefined) return ready
  const { textsFor } = await import('./languages')
  const texts = await textsFor(locale)
  fetched.set(locale, texts)
  return texts
}

/**
 * Gives the views the language of the modal's LocaleStore. A language whose texts are not fetched
 * yet keeps the texts shown until they arrive (no blank, no flash of keys); what the visitor typed
 * stays, because only texts change.
 */
export function I18nProvider({ children }: { readonly children: ReactNode }) {
  const store = useService(ModalLocale)
  // Not observable-hooks: this module comes with the first script, which a server imports too, and
  // that package looks for `window` when it loads.
  const [state, setState] = useState(() => store.snapshot)
  useEffect(() => {
    const subscription = store.state$.subscribe(setState)
    return () => subscription.unsubscribe()
  }, [store])
  const ready = readyTexts(state.locale)
  // The texts last shown, kept while another language's are on their way.
  const [shown, setShown] = useState(ENGLISH_TEXTS)
  const [, setArrived] = useState(0)
  // A new object when an area's English arrives, so what shows it (the header's title) redraws.
  const english = useSyncExternalStore(subscribeEnglish, englishVersion, englishVersion)
  if (ready !== undefined && ready !== shown) setShown(ready)

  useEffect(() => {
    if (ready !== undefined) return
    let live = true
    loadTexts(state.locale).then(
      () => live && setArrived((n) => n + 1),
      // Offline or a replaced deploy: the texts shown stay; the next change of language tries again.
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [state.locale, ready])

  const texts = ready ?? shown
  const i18n = useMemo(
    () => makeI18n(state.locale, texts.language, texts.translation, state.messages, texts.dir),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state.locale, state.messages, texts, english],
  )
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
}

/**
 * Fetches the texts of the language that serves `locale` (nothing for English, whose shell part
 * comes with the first script), so the first open needs no fetch. Never rejects.
 */
export function prepareLocale(locale: string): Promise<void> {
  return loadTexts(locale).then(
    () => undefined,
    () => undefined,
  )
}

// The views add their area's English through here, so the shell's part shares the shell's chunk.
export { addEnglish, addNumberFormat } from './english'
