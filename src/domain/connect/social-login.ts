/**
 * Social login rules (spec sections 1, 5 and 9): which social buttons show and in which order,
 * how Telegram's own platform names map to the spec's Telegram filtering, and whether the
 * provider opens in a popup or through a full-page redirect. Pure; the platform reading is an
 * adapter's job.
 */
import type { PlatformKind } from '../connection/platform'
import { DEFAULT_REMOTE_FEATURES } from '../constants'
import type { SocialOption } from '../entities'
import { filterSocialsForTelegram, type TelegramPlatform } from '../validation/telegram-socials'

/** The spec's default socials, in its order: google, x, discord, farcaster, github, apple, facebook. */
export const DEFAULT_SOCIALS: readonly SocialOption[] = DEFAULT_REMOTE_FEATURES.socials === false ? [] : DEFAULT_REMOTE_FEATURES.socials

const KNOWN_SOCIALS: ReadonlySet<string> = new Set(DEFAULT_SOCIALS)

/**
 * Telegram's `WebApp.platform` names the client it runs in (`ios`, `macos`, `android`,
 * `android_x`, `tdesktop`, `weba`, ...); the spec's filtering knows iOS, Mac and Android.
 */
export function telegramPlatformOf(webAppPlatform: string | undefined): TelegramPlatform {
  switch ((webAppPlatform ?? '').toLowerCase()) {
    case 'ios':
      return 'ios'
    case 'macos':
      return 'mac'
    case 'android':
    case 'android_x':
      return 'android'
    default:
      return 'other'
  }
}

export interface SocialOptionsInput {
  /** The host's or the project's socials: a list in the order to show, `false` for none, absent for the default. */
  readonly configured?: readonly SocialOption[] | false | undefined
  /** Set when the modal runs inside Telegram: the client platform that removes some providers. */
  readonly telegram?: TelegramPlatform | undefined
}

/**
 * The social buttons to show, in order: the configured list as given (unknown names and repeats
 * dropped) or the spec's default, then the Telegram filtering when inside Telegram.
 */
export function resolveSocialOptions(input: SocialOptionsInput): SocialOption[] {
  if (input.configured === false) return []
  const seen = new Set<string>()
  const listed = (input.configured ?? DEFAULT_SOCIALS).filter((s) => KNOWN_SOCIALS.has(s) && !seen.has(s) && seen.add(s))
  return filterSocialsForTelegram(listed, { isTelegram: input.telegram !== undefined, platform: input.telegram ?? 'other' })
}

export type SocialWindowMode = 'popup' | 'redirect'

/**
 * Popups fail inside Telegram's web view and are unreliable in Safari on iOS, so those two take
 * the full-page redirect and finish when the page comes back; everyone else gets a popup opened
 * inside the click.
 */
export function socialWindowMode(kind: PlatformKind): SocialWindowMode {
  return kind === 'telegram' || kind === 'ios-safari' ? 'redirect' : 'popup'
}
