import type { Dictionary } from './catalogue'

/**
 * English at run time, in parts that come with the modules that show them. The modal's root
 * (../ModalRoot.tsx) adds the shell's part (the header, the failure notices, Connect and its title)
 * as it loads, so it shares the chunk of the code that shows it and each key is written once there.
 * Every other area's English is added by the lazily loaded module that shows it (`addEnglish(account)`
 * at the top of the view's module), so it arrives in that view's chunk and is there before the view
 * first draws; the page loads none of it before the modal opens. The key set stays one
 * (./catalogue.ts): a key no area's English holds fails the typecheck.
 */
const english: Record<string, string | undefined> = {}
let version = 0
const listeners = new Set<() => void>()
/** A text was asked for and not found since the modals last redrew (a view's title before its chunk). */
let missed = false

/**
 * Adds an area's English (called once per module, at its top, by the views that show it), and tells
 * the modals on the page if a text they drew was missing (the header's title of a view that just
 * arrived is among its texts). A module whose texts nobody asked for yet, as the social buttons'
 * on Connect, redraws nothing: the modal is not drawn again while it opens.
 */
export function addEnglish(...parts: readonly Dictionary[]): void {
  Object.assign(english, ...parts)
  if (missed) redraw()
}

/** Tells the modals on the page to draw their texts again (English grew, a language arrived). */
export function redraw(): void {
  missed = false
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

/** English for `key`, if its area's part is here. */
export function englishText(key: string): string | undefined {
  const text = english[key]
  missed ||= text === undefined
  return text
}

/** Whether English has `key`. */
export function hasEnglish(key: string): boolean {
  return Object.hasOwn(english, key)
}
