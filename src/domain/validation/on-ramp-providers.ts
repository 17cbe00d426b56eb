/** The on-ramp providers setting accepts only an array of strings (spec section 5). */
import { z } from 'zod/mini'

export const onRampProvidersSettingSchema = z.array(z.string())

export function isOnRampProvidersSetting(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string')
}
