/**
 * Compares a typed code with the pending one in constant time: both are hashed first, so neither
 * their contents nor their lengths change how long the comparison takes.
 */
import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest()

export function codesEqual(typed: string, expected: string): boolean {
  return timingSafeEqual(digest(typed.trim()), digest(expected))
}
