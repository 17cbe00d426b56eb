import { describe, expect, it } from 'vitest'
import { isLocalPage, serviceDefaultsIssue, servicesLeftToDefaults } from '../../../../src/domain/validation/service-origins'

const ALL = { blockchainApi: 'https://api.example', walletCatalogue: 'https://api.example', analytics: 'https://api.example', relay: 'wss://relay.example' }

describe('the local devnet defaults of the services', () => {
  it('count as local only on the developer machine', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '[::1]']) expect(isLocalPage(host), host).toBe(true)
    for (const host of ['example.com', '127.0.0.1.nip.io', 'localhost.example.com', '192.168.1.5', '', '10.0.0.1']) expect(isLocalPage(host), host).toBe(false)
  })

  it('lists the services left unset, in a fixed order', () => {
    expect(servicesLeftToDefaults(undefined)).toEqual(['blockchainApi', 'walletCatalogue', 'analytics', 'relay'])
    expect(servicesLeftToDefaults({ relay: 'wss://relay.example', analytics: 'https://a.example' })).toEqual(['blockchainApi', 'walletCatalogue'])
    expect(servicesLeftToDefaults(ALL)).toEqual([])
  })

  it('is an issue naming services and the unset ones on any other page, and none on a local page or with every service set', () => {
    expect(serviceDefaultsIssue(undefined, 'localhost')).toBeUndefined()
    expect(serviceDefaultsIssue(ALL, 'shop.example')).toBeUndefined()
    const issue = serviceDefaultsIssue({ relay: 'wss://relay.example' }, 'shop.example')
    expect(issue?.path).toEqual(['services'])
    expect(issue?.message).toMatch(/^blockchainApi, walletCatalogue, analytics left to the local devnet defaults/)
    expect(issue?.message).toContain('shop.example')
  })
})
