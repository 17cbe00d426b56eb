import type { Translation } from './catalogue'

/** Every language with texts, English first (their chunks: ./locale-chunks.ts). */
export const LANGUAGES: readonly string[] = ['en', 'es', 'pt-BR', 'fr', 'de', 'ja', 'ko', 'zh-CN', 'tr', 'ru', 'ar', 'he']

/**
 * The language whose texts serve `locale`: the exact tag, else its language (`de-AT` → `de`,
 * `pt-PT` → `pt-BR`, `zh-TW` → `zh-CN`), else English.
 */
export function textLanguage(locale: string): string {
  const lower = locale.toLowerCase()
  const exact = LANGUAGES.find((l) => l.toLowerCase() === lower)
  if (exact !== undefined) return exact
  const base = lower.split('-')[0] ?? ''
  return LANGUAGES.find((l) => l.toLowerCase().split('-')[0] === base) ?? 'en'
}

const loaded = new Map<string, Translation>()
/** English needs no texts of its own: the catalogue is English. The same object each time. */
const ENGLISH: Translation = {}

/** The texts of `language` if already fetched (English always is). */
export function loadedTranslation(language: string): Translation | undefined {
  return language === 'en' ? ENGLISH : loaded.get(language)
}

/** Fetches the texts of `language` once; a failed fetch rejects and is tried again next time. */
export async function loadTranslation(language: string): Promise<Translation> {
  const ready = loadedTranslation(language)
  if (ready !== undefined) return ready
  if (!LANGUAGES.includes(language)) return ENGLISH
  const { LOCALE_CHUNKS, addAllEnglish } = await import('./locale-chunks')
  const load = LOCALE_CHUNKS[language]
  if (load === undefined) return ENGLISH
  const { default: translation } = await load()
  addAllEnglish()
  loaded.set(language, translation)
  return translation
}

const RTL_LANGUAGES = ['ar', 'fa', 'he', 'ur', 'ps', 'yi', 'dv', 'ckb', 'syr', 'sd', 'ug']

/** `rtl` for a language written right to left (by its language subtag). */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.includes(locale.toLowerCase().split('-')[0] ?? '') ? 'rtl' : 'ltr'
}
