import { shell } from './messages/shell'
import { connect } from './messages/connect'
import type { Dictionary } from './catalogue'
import type { NumberFormat } from './format'

/**
 * English at run time, in two parts. The shell's and Connect's texts come with the shell (they are
 * what the first open shows); every other area's, and the errors', come in one chunk of their own
 * (`loadEnglishRest`), fetched while the page is idle with the visitor's language and awaited by
 * every lazily loaded view, so no view ever draws before its English is there.
 */
const CORE: Dictionary = { ...shell, ...connect }
let rest: Dictionary | undefined
let format: NumberFormat | undefined
let loading: Promise<Dictionary> | undefined

/** English for `key`, if its part is here. */
export function englishText(key: string): string | undefined {
  return CORE[key] ?? rest?.[key]
}

/** Whether English has `key` (the rest counts once loaded). */
export function hasEnglish(key: string): boolean {
  return Object.hasOwn(CORE, key) || (rest !== undefined && Object.hasOwn(rest, key))
}

/** Every English text by key that is here now: the shell's and Connect's, plus the rest once loaded. */
export function englishEntries(): readonly (readonly [string, string | undefined])[] {
  return [...Object.entries(CORE), ...Object.entries(rest ?? {})]
}

/** The number, money and date writing, which comes with the rest of English (views that write amounts wait for it). */
export function restNumberFormat(): NumberFormat | undefined {
  return format
}

export function englishRestLoaded(): boolean {
  return rest !== undefined
}

/** Fetches the rest of English once; a failed fetch is tried again at the next call. */
export function loadEnglishRest(): Promise<Dictionary> {
  loading ??= import('./english-rest').then(
    (m) => {
      format = m.numberFormat
      return (rest = m.rest)
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}
