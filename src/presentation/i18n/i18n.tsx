import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { ModalLocale } from '../../application/modal-services'
import { useService } from '../di-context'
import type { Dictionary, MessageKey, Translation } from './catalogue'
import { englishText, englishVersion, redraw, subscribeEnglish } from './english'

export type Params = Readonly<Record<string, string | number>>

/**
 * What views read the modal's language through. The shell's few needs only: plurals, errors by
 * code and the writing of numbers, money and dates come as functions with the views that use them
 * (./rules.ts, ./format.ts), so the page carries none of them before the modal opens.
 */
export interface I18n {
  /** The visitor's locale for numbers and dates (`de-DE`). */
  readonly locale: string
  /** The language of the texts shown (`de`), English until its texts have arrived. */
  readonly language: string
  readonly dir: 'ltr' | 'rtl'
  /** The text of `key`, `{placeholder}`s filled in. */
  t(key: MessageKey, params?: Params): string
  /**
   * The text of `key` as it stands (the host's, the language's, else English), if there is one: for
   * texts named by data (an entry's label, a view's title), which may have none.
   */
  text(key: string): string | undefined
}

/** `template` with its `{placeholder}`s filled in (a number as it is: a count is written by ./rules.ts). */
function fill(template: string, params: Params | undefined): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(params?.[name] ?? whole))
}

/** The modal's language over `translation`, with the host's `overrides` on top, English under both. */
export function makeI18n(locale: string, language: string, translation: Translation, overrides: Dictionary, dir: 'ltr' | 'rtl' = 'ltr'): I18n {
  const dictionary: Dictionary = translation
  const text = (key: string): string | undefined => overrides[key] ?? dictionary[key] ?? englishText(key)
  return {
    locale,
    language,
    dir,
    t: (key, params) => fill(text(key) ?? key, params),
    text,
  }
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

/** The text of `key` in `locale` when its language's texts are here (the host page's buttons). */
export function readyText(locale: string, key: MessageKey): string | undefined {
  return readyTexts(locale)?.translation[key]
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
  // Changes when an area's English or a language's texts arrive, so what shows them (the header's
  // title, every text) redraws.
  const version = useSyncExternalStore(subscribeEnglish, englishVersion, englishVersion)
  const ready = readyTexts(state.locale)
  // The texts last shown, kept while another language's are on their way.
  const [shown, setShown] = useState(ENGLISH_TEXTS)
  if (ready !== undefined && ready !== shown) setShown(ready)
  // Offline or a replaced deploy: the texts shown stay; the next change of language tries again.
  useEffect(() => void (ready ?? prepareLocale(state.locale)), [state.locale, ready])

  const texts = ready ?? shown
  const i18n = useMemo(
    () => makeI18n(state.locale, texts.language, texts.translation, state.messages, texts.dir),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state, texts, version],
  )
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
}

/**
 * Fetches, once, the texts of the language that serves `locale` through the table of languages
 * (./languages.ts, a chunk of its own; nothing for English, whose shell part comes with the modal's
 * root), so the first open needs no fetch, and tells the modals on the page as English growing
 * does, so they redraw in them. Never rejects.
 */
export function prepareLocale(locale: string): Promise<void> {
  return readyTexts(locale) === undefined
    ? import('./languages').then(({ textsFor }) => textsFor(locale)).then(
        (texts) => {
          fetched.set(locale, texts)
          redraw()
        },
        () => undefined,
      )
    : Promise.resolve()
}

// The views add their area's English through here (the modal's root adds the shell's part).
export { addEnglish } from './english'
