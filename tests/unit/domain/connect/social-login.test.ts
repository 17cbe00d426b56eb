/** Social login rules: default order, Telegram filtering by client platform, popup or redirect per platform. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { PlatformKind } from '../../../../src/domain/connection/platform'
import {
  DEFAULT_SOCIALS,
  resolveSocialOptions,
  socialWindowMode,
  telegramPlatformOf,
} from '../../../../src/domain/connect/social-login'
import type { SocialOption } from '../../../../src/domain/entities'
import { isSocialProvider } from '../../../../src/domain/validation/embedded-wallet-inputs'

const ALL: SocialOption[] = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']

describe('the socials shown', () => {
  it('default to the spec order: google, x, discord, farcaster, github, apple, facebook', () => {
    expect(DEFAULT_SOCIALS).toEqual(ALL)
    expect(resolveSocialOptions({})).toEqual(ALL)
  })

  it('keep a configured order, drop repeats and unknown names, and show none when switched off', () => {
    expect(resolveSocialOptions({ configured: ['github', 'google', 'github', 'myspace' as SocialOption] })).toEqual(['github', 'google'])
    expect(resolveSocialOptions({ configured: false })).toEqual([])
    expect(resolveSocialOptions({ configured: [] })).toEqual([])
  })

  it.each([
    ['ios', ['x', 'discord', 'farcaster', 'github', 'apple', 'facebook']],
    ['macos', ['google', 'discord', 'farcaster', 'github', 'apple', 'facebook']],
    ['android', ['google', 'discord', 'farcaster', 'github', 'apple']],
    ['android_x', ['google', 'discord', 'farcaster', 'github', 'apple']],
    ['tdesktop', ALL],
    ['weba', ALL],
    [undefined, ALL],
  ] as const)('inside Telegram on %s', (webAppPlatform, expected) => {
    expect(resolveSocialOptions({ telegram: telegramPlatformOf(webAppPlatform) })).toEqual(expected)
  })

  it('outside Telegram nothing is removed', () => {
    expect(resolveSocialOptions({ configured: ALL })).toEqual(ALL)
  })

  it('any configured list gives a sub-sequence of it, without repeats, never with a provider its Telegram platform removes', () => {
    const removed = { ios: ['google'], mac: ['x'], android: ['facebook', 'x'], other: [] } as const
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...ALL), { maxLength: 12 }),
        fc.constantFrom(undefined, 'ios' as const, 'mac' as const, 'android' as const, 'other' as const),
        (configured, telegram) => {
          const shown = resolveSocialOptions({ configured, telegram })
          expect(new Set(shown).size).toBe(shown.length)
          let from = 0
          for (const s of shown) {
            from = configured.indexOf(s, from)
            expect(from).toBeGreaterThanOrEqual(0)
          }
          if (telegram !== undefined) for (const r of removed[telegram]) expect(shown).not.toContain(r)
          const kept = configured.filter((s) => telegram === undefined || !(removed[telegram] as readonly string[]).includes(s))
          expect(new Set(shown)).toEqual(new Set(kept))
        },
      ),
    )
  })

  it('every shown social except farcaster is a valid embedded-wallet social provider', () => {
    for (const s of resolveSocialOptions({})) expect(isSocialProvider(s)).toBe(s !== 'farcaster')
  })
})

describe('popup or redirect', () => {
  it.each([
    ['desktop', 'popup'],
    ['mobile', 'popup'],
    ['ios-safari', 'redirect'],
    ['telegram', 'redirect'],
  ] as const)('%s opens the provider by %s', (kind: PlatformKind, mode) => {
    expect(socialWindowMode(kind)).toBe(mode)
  })
})
