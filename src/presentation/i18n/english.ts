import type { Dictionary } from './catalogue'
import type { NumberFormat } from './format'
import { shell } from './messages/shell'
import { connect } from './messages/connect'

/**
 * English at run time, in parts that come with the views that show them. The shell's part (the
 * header, the failure notices, Connect and its title) is here, in the shell's chunk,
 * because the first open draws it. Every other area's English is added by the lazily loaded module
 * that shows it (`addEnglish(account)` at the top of the view's module), so it arrives in that
 * view's chunk and is there before the view first draws; the page loads none of it before the modal
 * opens. The key set stays one (./catalogue.ts): a key no area's English holds fails the typecheck.
 */
const english: Record<string, string | undefined> = { ...shell, ...connect }
let format: NumberFormat | undefined
let version = 0
const listeners = new Set<() => void>()

/**
 * Adds an area's English (called once per module, at its top, by the views that show it), and tells
 * the modals on the page: the header's title of a view that just arrived is among its texts.
 */
export function addEnglish(...parts: readonly Dictionary[]): void {
  Object.assign(english, ...parts)
  version += 1
  for (const listener of listeners) listener()
}

/** Calls `listener` whenever English grows; returns the unsubscribe. */
export function subscribeEnglish(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Counts the parts added so far (changes whenever English grows). */
export function englishVersion(): number {
  return version
}

/** Gives the views the writing of numbers, money and dates (called by the modules that write amounts). */
export function addNumberFormat(numberFormat: NumberFormat): void {
  format = numberFormat
}

/** English for `key`, if its area's part is here. */
export function englishText(key: string): string | undefined {
  return english[key]
}

/** Whether English has `key`. */
export function hasEnglish(key: string): boolean {
  return Object.hasOwn(english, key)
}

/** The key whose English is `text` (the first key of a text said twice), among the parts here. */
export function keyOfEnglish(text: string): string | undefined {
  return Object.keys(english).find((key) => english[key] === text)
}

/** The number, money and date writing, once a module that writes amounts has brought it. */
export function numberFormat(): NumberFormat | undefined {
  return format
}
