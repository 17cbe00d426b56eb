/** Name registration rule (spec section 5): letters, digits or hyphens only, at least 4 characters. */
import { NAME_MIN_LENGTH } from '../constants'
import { VALID } from './validation-result'
import { refused, type Check } from '../failure'

export const ACCOUNT_NAME_PATTERN = /^[a-zA-Z0-9-]+$/

/** Validates the name label (without the zone); a refusal names the spec's message (section 5). */
export function validateAccountName(name: string): Check {
  if (name.length > 0 && !ACCOUNT_NAME_PATTERN.test(name)) return refused('failure.nameInvalidCharacters')
  if (name.length < NAME_MIN_LENGTH) return refused('failure.nameTooShort')
  return VALID
}

export function isValidAccountName(name: string): boolean {
  return validateAccountName(name).valid
}
