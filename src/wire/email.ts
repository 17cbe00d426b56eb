/** The form an email address takes between the wallet frame and the wallet service. */
import { z } from 'zod/mini'

const emailSchema = z.email()

/**
 * The one form an email address is kept, compared and mailed in: trimmed, lower-cased, well
 * formed (a bare address: no display name, list, quotes or line break) and at most 254
 * characters; undefined for anything else.
 */
export function normalisedEmail(value: string): string | undefined {
  const email = value.trim().toLowerCase()
  return email.length <= 254 && emailSchema.safeParse(email).success ? email : undefined
}
