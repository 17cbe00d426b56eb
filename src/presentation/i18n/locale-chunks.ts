import type { Translation } from './catalogue'

/**
 * Each language's texts, a chunk of its own. This table comes with ./languages.ts, itself fetched
 * on demand (with the first language other than English), so the shell carries none of these
 * loaders.
 */
export const LOCALE_CHUNKS: Readonly<Record<string, () => Promise<{ default: Translation }>>> = {
  es: () => import('./locales/es'),
  'pt-BR': () => import('./locales/pt-BR'),
  fr: () => import('./locales/fr'),
  de: () => import('./locales/de'),
  ja: () => import('./locales/ja'),
  ko: () => import('./locales/ko'),
  'zh-CN': () => import('./locales/zh-CN'),
  tr: () => import('./locales/tr'),
  ru: () => import('./locales/ru'),
  ar: () => import('./locales/ar'),
  he: () => import('./locales/he'),
}
