import type { Failure } from '../../domain/failure'
import type { MessageKey, PluralKey } from './catalogue'
import type { I18n, Params } from './i18n'
import { englishText } from './english'

/**
 * The catalogue's rules that only some views need (plural forms, errors by code), as functions that
 * come with those views' chunks: the shell's `useI18n()` carries none of it before the modal opens.
 */

/** The plural form of `key` for `count` (`{count}` filled in, as the locale writes it), by the language's plural rules. */
export function pluralText(i18n: I18n, key: PluralKey, count: number, params?: Params): string {
  // `language` is always one the modal has texts in, which Intl knows.
  const form = `${key}#${new Intl.PluralRules(i18n.language).select(count)}`
  return i18n.t((i18n.text(form) === undefined ? `${key}#other` : form) as MessageKey, { count: countText(count, i18n.locale), ...params })
}

/** A count as the locale writes it (`1.200` in German), in Latin digits. */
function countText(count: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { numberingSystem: 'latn' }).format(count)
  } catch {
    return String(count)
  }
}

/** A failure the state holds, in the visitor's language: its code's words, its params filled in. */
export function failureText(i18n: I18n, failure: Failure): string {
  return i18n.t(failure.code as MessageKey, failure.params)
}

/**
 * An error as a view shows it: an error of the catalogue whose message is its code's English (the
 * spec's words) by its code (`error.<CODE>`); any other (a message with details of its own, a
 * wallet's words, no code) by the words `failure` names, what the state or the view made of it.
 */
export function errorText(i18n: I18n, error: unknown, failure: Failure): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined
  const key = typeof code === 'string' ? `error.${code}` : undefined
  const message = messageOf(error)
  if (key !== undefined && message !== '' && englishText(key) === message) return i18n.text(key) ?? message
  return failureText(i18n, failure)
}

function messageOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : ''
}
