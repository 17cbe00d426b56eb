import { describe, expect, it } from 'vitest'
import { DEFAULT_SERVICE_URLS, InvalidConfigError, parseConfig, type WalletModalConfig } from '../../../src/domain/config'
import { aModalConfig } from '../../builders/config'

/** Every key that has a default, with a value other than that default. */
const SET_KEYS: Partial<WalletModalConfig> = {
  themeMode: 'light',
  themeVariables: { accent: '#f00' },
  features: { send: false },
  featuredWalletIds: ['a'],
  includeWalletIds: ['b'],
  excludeWalletIds: ['c'],
  customWallets: [{ id: 'x', name: 'X' }],
  allowUnsupportedChain: true,
  enableWalletConnect: false,
  browserWallets: false,
  swapChainIds: [31337],
  services: { relay: 'wss://relay.example' },
}

function errorOf(config: unknown): InvalidConfigError {
  try {
    parseConfig(config)
  } catch (error) {
    if (error instanceof InvalidConfigError) return error
    throw error
  }
  throw new Error('parseConfig accepted the config')
}

describe('parseConfig (schemas built only for the keys a config has)', () => {
  it('gives a left-out key the same value as the key set to undefined', () => {
    const minimal = parseConfig(aModalConfig())
    for (const key of Object.keys(SET_KEYS) as (keyof WalletModalConfig)[]) {
      expect(parseConfig(aModalConfig({ [key]: undefined })), key).toEqual(minimal)
    }
    expect(minimal).toMatchObject({
      themeMode: 'dark',
      themeVariables: {},
      features: {},
      featuredWalletIds: [],
      customWallets: [],
      allowUnsupportedChain: false,
      enableWalletConnect: true,
      browserWallets: true,
      services: DEFAULT_SERVICE_URLS,
    })
  })

  it('refuses swap chain ids that are not positive integers', () => {
    expect(errorOf(aModalConfig({ swapChainIds: [1, 0] })).fields).toEqual(['swapChainIds.1'])
    expect(errorOf(aModalConfig({ swapChainIds: '1' as unknown as number[] })).fields).toEqual(['swapChainIds'])
  })

  it('takes a list of restricted time zones, and refuses anything else', () => {
    expect(parseConfig(aModalConfig({ restrictedTimezones: [] })).restrictedTimezones).toEqual([])
    expect(errorOf(aModalConfig({ restrictedTimezones: 'Asia/Shanghai' as unknown as string[] })).fields).toEqual(['restrictedTimezones'])
  })

  it('takes an ENS chain and Universal Resolver, and refuses what is neither', () => {
    expect(errorOf(aModalConfig({ ens: { chainId: 0 } })).fields).toEqual(['ens.chainId'])
    const notAnAddress = errorOf(aModalConfig({ ens: { chainId: 1, universalResolver: '0xeeee' as `0x${string}` } }))
    expect(notAnAddress.fields).toEqual(['ens.universalResolver'])
    expect(notAnAddress.message).toContain('Expected an 0x address')
  })

  it('refuses a network configured twice, also as 31337 and "31337", naming the second', () => {
    const a = aModalConfig().networks[0]!
    const twice = errorOf(aModalConfig({ networks: [a, { ...a, name: 'Devnet A again' }] }))
    expect(twice.fields).toEqual(['networks.1'])
    expect(twice.message).toContain('eip155:31337 is configured twice')
    expect(errorOf(aModalConfig({ networks: [a, { ...a, id: '31337' as unknown as number }] })).fields).toEqual(['networks.1'])
    // The same id in two families is two networks.
    expect(() => parseConfig(aModalConfig({ networks: [a, { ...a, chainNamespace: 'solana', id: '31337' as unknown as number, rpcUrls: ['http://127.0.0.1:8899'] }] }))).not.toThrow()
  })

  it('keeps every key a host sets', () => {
    const parsed = parseConfig(aModalConfig(SET_KEYS))
    expect(parsed).toMatchObject({ ...SET_KEYS, services: { ...DEFAULT_SERVICE_URLS, relay: 'wss://relay.example' } })
  })

  it('gives every modal its own default arrays and objects', () => {
    const a = parseConfig(aModalConfig())
    const b = parseConfig(aModalConfig())
    expect(a.featuredWalletIds).not.toBe(b.featuredWalletIds)
    expect(a.services).not.toBe(b.services)
    expect(a.features).not.toBe(b.features)
  })

  it('still names an unknown key and a missing networks list', () => {
    expect(errorOf({ ...aModalConfig(), colour: 'red' }).message).toMatch(/colour/)
    expect(errorOf({ projectId: 'p' }).fields).toEqual(['networks'])
    expect(errorOf('not an object').fields).toEqual(['(root)'])
  })

  it('accepts only an array of strings as the on-ramp providers setting', () => {
    expect(parseConfig({ ...aModalConfig(), onrampProviders: ['meld'] }).onrampProviders).toEqual(['meld'])
    expect(parseConfig(aModalConfig()).onrampProviders).toBeUndefined()
    expect(errorOf({ ...aModalConfig(), onrampProviders: 'meld' }).fields).toEqual(['onrampProviders'])
    expect(errorOf({ ...aModalConfig(), onrampProviders: ['meld', 3] }).fields).toEqual(['onrampProviders.1'])
  })

  it('checks a shared leaf schema at every place it is used', () => {
    const broken = aModalConfig({
      metadata: { name: '', url: 'https://app.example' },
      customWallets: [{ id: 'ok', name: '' }],
    })
    expect(errorOf(broken).fields).toEqual(['metadata.name', 'customWallets.0.name'])
  })

  it('refuses a services URL of the wrong protocol', () => {
    expect(errorOf(aModalConfig({ services: { relay: 'https://relay.example' } })).fields).toEqual(['services.relay'])
    expect(errorOf(aModalConfig({ services: { blockchainApi: 'http:api.example' } })).fields).toEqual([
      'services.blockchainApi',
    ])
  })

  it('gives each service request a 10 s time limit unless the host sets another', () => {
    expect(parseConfig(aModalConfig()).services.timeoutMs).toBe(10_000)
    expect(parseConfig(aModalConfig({ services: { relay: 'wss://relay.example' } })).services.timeoutMs).toBe(10_000)
    const set = parseConfig(aModalConfig({ services: { timeoutMs: 2_500 } })).services
    expect(set).toEqual({ ...DEFAULT_SERVICE_URLS, timeoutMs: 2_500 })
  })

  it.each([0, -1, 1.5, 300_001, '10000', Number.POSITIVE_INFINITY])('refuses services.timeoutMs %s', (timeoutMs) => {
    expect(errorOf(aModalConfig({ services: { timeoutMs } as never })).fields).toEqual(['services.timeoutMs'])
  })
})

describe('rpcUrls by chain family', () => {
  const base = { name: 'N', nativeCurrency: { name: 'T', symbol: 'T', decimals: 10 } }
  const eip155 = { ...base, id: 1, chainNamespace: 'eip155', rpcUrls: ['http://127.0.0.1:8545'] }

  it('may be left out or empty for polkadot and cosmos networks (no node to point at)', () => {
    const parsed = parseConfig({
      networks: [
        eip155,
        { ...base, id: '91b171bb158e2d3848fa23a9f1c25182', chainNamespace: 'polkadot' },
        { ...base, id: 'cosmoshub-4', chainNamespace: 'cosmos', rpcUrls: [] },
      ],
    })
    expect(parsed.networks.map((n) => n.rpcUrls)).toEqual([['http://127.0.0.1:8545'], [], []])
  })

  it('still checks the URLs a polkadot or cosmos network gives', () => {
    expect(errorOf({ networks: [{ ...base, id: 'x', chainNamespace: 'cosmos', rpcUrls: ['ftp://x'] }] }).fields).toEqual([
      'networks.0.rpcUrls.0',
    ])
  })

  it.each(['eip155', 'solana', 'bip122'])('still needs at least one for %s networks', (chainNamespace) => {
    const left = errorOf({ networks: [{ ...base, id: 'x', chainNamespace }] })
    expect(left.fields).toEqual(['networks.0.rpcUrls'])
    const empty = errorOf({ networks: [{ ...base, id: 'x', chainNamespace, rpcUrls: [] }] })
    expect(empty.message).toContain('networks.0.rpcUrls: Expected at least one RPC URL')
  })
})

describe('locale and messages', () => {
  it('keeps a language tag and the host wording, and names a malformed one', () => {
    const config = parseConfig(aModalConfig({ locale: 'pt-BR', messages: { 'title.Connect': 'Entrar' } }))
    expect(config.locale).toBe('pt-BR')
    expect(config.messages).toEqual({ 'title.Connect': 'Entrar' })
    expect(errorOf(aModalConfig({ locale: 'not a tag' })).fields).toEqual(['locale'])
    expect(errorOf({ ...aModalConfig(), messages: { 'title.Connect': 42 } }).fields).toEqual(['messages'])
  })
})
