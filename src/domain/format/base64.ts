/** Bytes as standard base64 and back (how wallet protocols carry transactions and messages). */

export function base64Encode(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** @throws DOMException (InvalidCharacterError) when `base64` is not base64. */
export function base64Decode(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
}
