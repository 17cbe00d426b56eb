/** Name registration rule (spec section 5): letters, digits or hyphens only, at least 4 characters. */
import { NAME_MIN_LENGTH } from '../constants'
import { VALIDATION_MESSAGES } from '../errors'
import { VALID, invalid, type Validation } from './validation-result'

export const ACCOUNT_NAME_PATTERN = /^[a-zA-Z0-9-]+$/

/** Validates the name label (without the zone). */
export function validateAccountName(name: string): Validation {
  if (name.length > 0 && !ACCOUNT_NAME_PATTERN.test(name)) return invalid(VALIDATION_MESSAGES.nameInvalidCharacters)
  if (name.length < NAME_MIN_LENGTH) return invalid(VALIDATION_MESSAGES.nameTooShort)
  return VALID
}

export function isValidAccountName(name: string): boolean {
  return validateAccountName(name).valid
}
