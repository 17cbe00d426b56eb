/**
 * Social login options inside Telegram (spec section 5): iOS removes google; Mac removes x;
 * Android removes facebook and x. Outside Telegram nothing is removed.
 */
import type { SocialOption } from '../entities'

export type TelegramPlatform = 'ios' | 'mac' | 'android' | 'other'

export const TELEGRAM_REMOVED_SOCIALS: Readonly<Record<TelegramPlatform, readonly SocialOption[]>> = {
  ios: ['google'],
  mac: ['x'],
  android: ['facebook', 'x'],
  other: [],
}

export function filterSocialsForTelegram<T extends string>(
  socials: readonly T[],
  context: { isTelegram: boolean; platform: TelegramPlatform },
): T[] {
  if (!context.isTelegram) return [...socials]
  const removed: readonly string[] = TELEGRAM_REMOVED_SOCIALS[context.platform]
  return socials.filter((s) => !removed.includes(s))
}
