import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, DEFAULT_CONFIG, parseServerConfig, readServerConfig, secret } from '../src/config.js'

describe('the configuration file', () => {
  it('fills every default for an empty file', () => {
    expect(parseServerConfig({})).toEqual(DEFAULT_CONFIG)
    expect(DEFAULT_CONFIG.limits).toEqual({ requestsPerMinute: 600, bodyLimitBytes: 65_536 })
    expect(DEFAULT_CONFIG.analytics.retentionDays).toBe(90)
  })

  it('names each wrong key and what it expects, and takes no key it does not know', () => {
    const attempt = () => parseServerConfig({ chains: [{ id: 'ethereum', rpcUrls: ['ftp://node'] }], limits: { requestsPerMinute: 0 }, databaseUrl: 'postgres://x' })
    expect(attempt).toThrow(ConfigError)
    const message = (() => {
      try {
        attempt()
      } catch (error) {
        return (error as Error).message
      }
    })()
    expect(message).toContain('chains.0.id: a CAIP-2 chain id such as eip155:1')
    expect(message).toContain('chains.0.rpcUrls.0')
    expect(message).toContain('limits.requestsPerMinute')
    // The database URL is a secret: never in the file.
    expect(message).toMatch(/databaseUrl/)
  })

  it('takes the name zone, lower-case labels only', () => {
    expect(DEFAULT_CONFIG.names).toEqual({ zone: 'wg.id' })
    expect(parseServerConfig({ names: { zone: 'names.example' } }).names.zone).toBe('names.example')
    for (const zone of ['WG.ID', '.wg.id', 'wg..id', 'wg.id.', '-wg.id', 'w g.id', '']) {
      expect(() => parseServerConfig({ names: { zone } }), zone).toThrow(/names\.zone: a lower-case DNS zone such as wg\.id/)
    }
    expect(() => parseServerConfig({ names: { zone: 'wg.id', extra: 1 } })).toThrow(/names/)
  })

  it('reads a file, and says which file is not JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wg-config-'))
    writeFileSync(join(dir, 'good.json'), JSON.stringify({ chains: [{ id: 'eip155:1', rpcUrls: ['https://rpc.example'] }] }))
    writeFileSync(join(dir, 'bad.json'), '{ chains: ')
    expect(readServerConfig(join(dir, 'good.json')).chains).toEqual([{ id: 'eip155:1', rpcUrls: ['https://rpc.example'] }])
    expect(() => readServerConfig(join(dir, 'bad.json'))).toThrow(/bad\.json is not JSON/)
    expect(() => readServerConfig(join(dir, 'missing.json'))).toThrow(/cannot read the configuration file/)
  })

  it('takes a secret from its variable, or from the file its _FILE variable names', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wg-secret-'))
    writeFileSync(join(dir, 'url'), 'postgres://from-file\n')
    expect(secret({ DATABASE_URL: 'postgres://direct' }, 'DATABASE_URL')).toBe('postgres://direct')
    expect(secret({ DATABASE_URL_FILE: join(dir, 'url') }, 'DATABASE_URL')).toBe('postgres://from-file')
    expect(secret({}, 'DATABASE_URL')).toBeUndefined()
    expect(() => secret({ DATABASE_URL_FILE: join(dir, 'nope') }, 'DATABASE_URL')).toThrow(/DATABASE_URL_FILE/)
  })
})

describe("the documentation's configuration examples", () => {
  it('docs/sponsorship.md quotes a configuration the server accepts', () => {
    const config = readServerConfig(join(import.meta.dirname, '../../docs/examples/sponsorship.config.json'))
    expect(config.sponsorship?.projects['my-project']?.chains).toEqual(['eip155:8453'])
  })
})
