/** The outcome of a domain validator: valid, or the spec's exact message. */
export type Validation = { readonly valid: true } | { readonly valid: false; readonly message: string }

export const VALID: { readonly valid: true } = { valid: true }

export function invalid(message: string): Validation {
  return { valid: false, message }
}
