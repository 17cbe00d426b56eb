/**
 * Typographic characters outside Latin-1, made at run time instead of written into the source.
 * One such character anywhere in a script makes the browser keep that whole script's source as
 * two-byte text: for the page's main chunk (about 450 KB) that is about 0.45 MB more heap.
 * Minifiers turn `'\u2026'` and even `String.fromCharCode(0x2026)` back into the raw character,
 * but leave JSON.parse alone, so code that ships before the modal opens uses these (the size
 * budget checks that the initial JS stays Latin-1).
 */
export const ELLIPSIS = glyph('2026')
/** Single left-pointing angle quotation mark, the back arrow. */
export const BACK_ARROW = glyph('2039')
export const CHECK_MARK = glyph('2713')
/** Midline horizontal ellipsis, an image placeholder. */
export const MIDLINE_ELLIPSIS = glyph('22ef')
/** Curly double quotes around a quoted word. */
export const LEFT_QUOTE = glyph('201c')
export const RIGHT_QUOTE = glyph('201d')

/** The character with this UTF-16 code unit (hex), decoded at run time. */
function glyph(hex: string): string {
  return JSON.parse(`"\\u${hex}"`) as string
}
