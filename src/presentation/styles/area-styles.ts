import { useInsertionEffect } from 'react'

/**
 * Stylesheets of one area of views (Account, Send), adopted by every mounted modal when a view of
 * that area first renders. They arrive with the area's chunk, so the page pays for them only when
 * a visitor gets there; the shell's sheets (modal, components, connect) load before open.
 */
const roots = new Set<ShadowRoot>()
const areaSheets = new Map<string, CSSStyleSheet>()

/** A mounted modal's shadow root takes every area sheet adopted so far and any later one. Returns the release. */
export function registerStyleRoot(root: ShadowRoot): () => void {
  roots.add(root)
  const missing = [...areaSheets.values()].filter((sheet) => !root.adoptedStyleSheets.includes(sheet))
  if (missing.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing]
  return () => roots.delete(root)
}

/** Adopts `css` once per page (by its text) into every registered root. */
export function adoptAreaStyles(css: string): void {
  if (areaSheets.has(css) || typeof CSSStyleSheet !== 'function') return
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  areaSheets.set(css, sheet)
  for (const root of roots) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
}

/** In a view of an area: its sheet is in place before the view's first paint. */
export function useAreaStyles(css: string): void {
  useInsertionEffect(() => adoptAreaStyles(css), [css])
}
