import { describe, expect, it } from 'vitest'
import {
  isSocialProvider,
  isThemeMode,
  validateEmail,
  validateOtp,
  validateSendCalls,
  validateSocialProvider,
  validateThemeMode,
} from '../../../../src/domain/validation/embedded-wallet-inputs'
import { filterSocialsForTelegram } from '../../../../src/domain/validation/telegram-socials'

describe('embedded wallet inputs', () => {
  it('the email must be well formed', () => {
    expect(validateEmail('alice@example.com')).toEqual({ valid: true })
    expect(validateEmail('alice@')).toEqual({ valid: false, message: 'Invalid email' })
    expect(validateEmail(undefined)).toEqual({ valid: false, message: 'Required' })
    expect(validateEmail(42)).toEqual({ valid: false, message: 'Expected string, received number' })
  })

  it('the otp must be a string', () => {
    expect(validateOtp('123456')).toEqual({ valid: true })
    expect(validateOtp(123456)).toEqual({ valid: false, message: 'Expected string, received number' })
    expect(validateOtp(undefined)).toEqual({ valid: false, message: 'Required' })
  })

  it('the social provider is one of google, github, apple, facebook, x, discord', () => {
    for (const p of ['google', 'github', 'apple', 'facebook', 'x', 'discord']) {
      expect(isSocialProvider(p)).toBe(true)
      expect(validateSocialProvider(p)).toEqual({ valid: true })
    }
    expect(isSocialProvider('farcaster')).toBe(false)
    expect(validateSocialProvider('myspace')).toEqual({ valid: false, message: 'Invalid social provider' })
  })

  it('the theme mode is light or dark', () => {
    expect(isThemeMode('light')).toBe(true)
    expect(isThemeMode('dark')).toBe(true)
    expect(validateThemeMode('blue')).toEqual({ valid: false, message: 'Invalid theme mode' })
  })

  it('each send-calls call has a to address starting with 0x', () => {
    expect(validateSendCalls({ calls: [{ to: '0xabc' }, { to: '0x1', data: '0x', value: '0x0' }] })).toEqual({
      valid: true,
    })
    expect(validateSendCalls({ calls: [{ to: '0xabc' }, { to: 'abc' }] })).toEqual({
      valid: false,
      message: 'Each call needs a to address starting with 0x',
    })
    expect(validateSendCalls({ calls: [{}] })).toEqual({ valid: false, message: 'Required' })
  })
})

describe('social options inside Telegram', () => {
  const all = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const

  it('iOS removes google', () => {
    expect(filterSocialsForTelegram(all, { isTelegram: true, platform: 'ios' })).toEqual([
      'x', 'discord', 'farcaster', 'github', 'apple', 'facebook',
    ])
  })

  it('Mac removes x', () => {
    expect(filterSocialsForTelegram(all, { isTelegram: true, platform: 'mac' })).toEqual([
      'google', 'discord', 'farcaster', 'github', 'apple', 'facebook',
    ])
  })

  it('Android removes facebook and x', () => {
    expect(filterSocialsForTelegram(all, { isTelegram: true, platform: 'android' })).toEqual([
      'google', 'discord', 'farcaster', 'github', 'apple',
    ])
  })

  it('outside Telegram nothing is removed', () => {
    expect(filterSocialsForTelegram(all, { isTelegram: false, platform: 'ios' })).toEqual([...all])
  })
})
