/**
 * Text PostgreSQL can hold: it stores no NUL character (in `text` or in `jsonb`), and `jsonb`
 * refuses an unpaired surrogate (JSON.stringify writes it as a `\ud800` escape). A request whose
 * values are not storable is refused as malformed instead of failing in the database.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * Characters text from anyone (a chain, a message to sign) must not carry into what is shown or
 * stored: control, zero-width and direction-changing characters (which can make a symbol read as
 * another), the byte-order mark, and halves of surrogate pairs standing alone.
 */
export const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value)
}

/** Every string of a JSON value, its keys too, is storable. */
export function isStorableJson(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value)
  if (Array.isArray(value)) return value.every(isStorableJson)
  if (value !== null && typeof value === 'object') return Object.entries(value).every(([key, item]) => isStorableText(key) && isStorableJson(item))
  return true
}
