import type { Dictionary } from './catalogue'
import type { NumberFormat } from './format'

/**
 * English at run time: one chunk of its own (`loadEnglishRest`, ./english-rest.ts), fetched while
 * the page is idle with the visitor's language, and awaited before the modal first renders
 * (`prepareLocale`) and by every lazily loaded view, so nothing draws before its English is there
 * and the page carries no text of the modal before it opens.
 */
let rest: Dictionary | undefined
let format: NumberFormat | undefined
let reverse: ((text: string) => string | undefined) | undefined
let loading: Promise<Dictionary> | undefined

/** English for `key`, if its part is here. */
export function englishText(key: string): string | undefined {
  return rest?.[key]
}

/** Whether English has `key` (the rest counts once loaded). */
export function hasEnglish(key: string): boolean {
  return rest !== undefined && Object.hasOwn(rest, key)
}

/** The key whose English is `text`, once English is here. */
export function keyOfEnglish(text: string): string | undefined {
  return reverse?.(text)
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
      reverse = m.keyOfEnglish
      return (rest = m.rest)
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}
