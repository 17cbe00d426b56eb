/**
 * The sign-in providers as a host configures them (`wallet.social`): client ids in the file, secrets
 * from the environment, the real providers' endpoints by default, and no provider reached over plain
 * http except on this machine.
 */
import { exportPKCS8, generateKeyPair } from 'jose'
import { describe, expect, it } from 'vitest'
import { ConfigError, parseServerConfig } from '../../src/config.js'
import { socialSettings } from '../../src/wallet/configured-wallet.js'
import { fromUserEndpoint } from '../../src/wallet/login/social/social-clients.js'

const wallet = (social: unknown) => ({ wallet: { url: 'https://wallet.example', mail: { host: 'smtp.example', from: 'wallet@example.com' }, social } })
const parsedSocial = (social: unknown) => parseServerConfig(wallet(social)).wallet!.social!

describe('wallet.social', () => {
  it('names each provider by its client id; endpoints default to the real provider and secrets come from the environment', async () => {
    const pem = await exportPKCS8((await generateKeyPair('ES256', { extractable: true })).privateKey)
    const config = parsedSocial({
      providers: { google: { clientId: 'g-id' }, github: { clientId: 'gh-id' }, x: { clientId: 'x-id' }, apple: { clientId: 'com.example.web', teamId: 'ABCDE12345', keyId: 'KEY1234567' } },
    })
    const settings = socialSettings(config, { GOOGLE_CLIENT_SECRET: 'g-secret', GITHUB_CLIENT_SECRET: 'gh-secret', X_CLIENT_SECRET: 'x-secret', APPLE_PRIVATE_KEY: pem })
    expect(settings.google).toMatchObject({ kind: 'oidc', issuer: 'https://accounts.google.com', clientId: 'g-id', clientSecret: 'g-secret' })
    // GitHub names itself in its answers (iss): that name is checked.
    expect(settings.github).toMatchObject({ kind: 'oauth2', issuer: 'https://github.com/login/oauth', tokenEndpoint: 'https://github.com/login/oauth/access_token', userEndpoint: 'https://api.github.com/user', clientSecret: 'gh-secret' })
    // X takes its client's credentials by HTTP Basic only.
    expect(settings.x).toMatchObject({ kind: 'oauth2', clientAuth: 'basic' })
    expect(settings.apple).toMatchObject({ kind: 'apple', issuer: 'https://appleid.apple.com', teamId: 'ABCDE12345', keyId: 'KEY1234567', privateKeyPem: pem })
    expect(settings.discord).toBeUndefined()
  })

  it('a provider without its secret in the environment stops the server, naming the variable', () => {
    const config = parsedSocial({ providers: { discord: { clientId: 'd-id' } } })
    expect(() => socialSettings(config, {})).toThrow(new ConfigError('wallet.social.providers.discord: set DISCORD_CLIENT_SECRET (or DISCORD_CLIENT_SECRET_FILE)'))
    const apple = parsedSocial({ providers: { apple: { clientId: 'com.example.web', teamId: 'ABCDE12345', keyId: 'KEY1234567' } } })
    expect(() => socialSettings(apple, { APPLE_PRIVATE_KEY: 'not a key' })).toThrow(/PKCS#8 PEM/)
  })

  it('a secret never sits in the file, and no provider is reached over plain http off this machine', () => {
    expect(() => parseServerConfig(wallet({ providers: { google: { clientId: 'g', clientSecret: 'in-the-file' } } }))).toThrow(/clientSecret/)
    expect(() => parseServerConfig(wallet({ providers: { github: { clientId: 'g', tokenEndpoint: 'http://github.example/token' } } }))).toThrow(/https address/)
    expect(() => parseServerConfig(wallet({ providers: { google: { clientId: 'g', issuer: 'http://127.0.0.1.evil.example/' } } }))).toThrow(/https address/)
    expect(parsedSocial({ providers: { google: { clientId: 'g', issuer: 'http://127.0.0.1:4000/social/google' } } }).providers.google?.issuer).toBe('http://127.0.0.1:4000/social/google')
    expect(() => parseServerConfig(wallet({ providers: { apple: { clientId: 'a', teamId: 'short', keyId: 'KEY1234567' } } }))).toThrow(/team id/)
  })
})

describe('the person a user endpoint names', () => {
  it('reads each provider in its own shape, and only an email the provider vouches for', () => {
    expect(fromUserEndpoint('github', { id: 583231, login: 'octocat', email: 'octo@example.com' })).toEqual({ sub: '583231', userName: 'octocat', email: 'octo@example.com' })
    expect(fromUserEndpoint('discord', { id: '80351110224678912', username: 'nelly', email: 'nelly@example.com', verified: false })).toEqual({ sub: '80351110224678912', userName: 'nelly' })
    expect(fromUserEndpoint('x', { data: { id: '2244994945', username: 'XDevelopers', name: 'Developers' } })).toEqual({ sub: '2244994945', userName: 'XDevelopers' })
    expect(fromUserEndpoint('facebook', { id: '10158', name: 'Ann Example', email: 'ann@example.com' })).toEqual({ sub: '10158', userName: 'Ann Example', email: 'ann@example.com' })
  })

  it('names no one from an answer without an id (an error body, a list, a number too large to be exact)', () => {
    expect(fromUserEndpoint('github', { message: 'Bad credentials' })).toBeUndefined()
    expect(fromUserEndpoint('x', { errors: [{ message: 'Unauthorized' }] })).toBeUndefined()
    expect(fromUserEndpoint('discord', [])).toBeUndefined()
    expect(fromUserEndpoint('github', { id: 2 ** 60, login: 'big' })).toBeUndefined()
    expect(fromUserEndpoint('facebook', null)).toBeUndefined()
  })
})
