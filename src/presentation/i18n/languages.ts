import type { Translation } from './catalogue'
import { LOCALE_CHUNKS } from './locale-chunks'

/**
 * The languages the modal has texts in and how to fetch them: a chunk of its own, fetched the
 * first time a visitor's language is not English (./i18n.tsx), so the shell carries none of it.
 */

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

/** Fetches the texts of `language` (English: none, the catalogue is English); a failed fetch rejects. */
export async function loadTranslation(language: string): Promise<Translation> {
  const load = LOCALE_CHUNKS[language]
  if (load === undefined) return {}
  // Every area's English comes along (a chunk of its own, fetched beside the language's): the
  // other languages need it to find the key of a text that reaches the views in English.
  const [{ default: translation }, { addAllEnglish }] = await Promise.all([load(), import('./english-rest')])
  addAllEnglish()
  return translation
}

const RTL_LANGUAGES = ['ar', 'fa', 'he', 'ur', 'ps', 'yi', 'dv', 'ckb', 'syr', 'sd', 'ug']

/** `rtl` for a language written right to left (by its language subtag). */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.includes(locale.toLowerCase().split('-')[0] ?? '') ? 'rtl' : 'ltr'
}

/** The texts that serve `locale`: their language, its direction and its translation. */
export async function textsFor(locale: string): Promise<{ language: string; dir: 'ltr' | 'rtl'; translation: Translation }> {
  const language = textLanguage(locale)
  return { language, dir: textDirection(language), translation: await loadTranslation(language) }
}
