import { describe, expect, it } from 'vitest'
import { missingPeerError, packageNotFound, peersOf, requirePeers } from '../../../src/testing/peers'

describe("the test kit's optional peer dependencies", () => {
  it('asks for Anvil and walletgate-server always, and for the Solana and relay packages only with their parts', () => {
    expect(peersOf({ solana: false, relay: false }).map((p) => p.name)).toEqual(['@foundry-rs/anvil', 'walletgate-server'])
    expect(peersOf({ solana: true, relay: true }).map((p) => p.name)).toEqual([
      '@foundry-rs/anvil',
      'walletgate-server',
      'litesvm',
      '@solana/kit',
      '@solana-program/system',
      '@solana-program/token',
      'ws',
      '@walletconnect/relay-auth',
    ])
  })

  it('names the missing package and the command that installs it', () => {
    expect(missingPeerError({ name: '@foundry-rs/anvil', purpose: "run the devnet's EVM chains", range: '^1.7' }).message).toBe(
      "walletgate/testing needs the package @foundry-rs/anvil to run the devnet's EVM chains, and it is not installed. Install it: npm i -D @foundry-rs/anvil@^1.7",
    )
  })

  it('refuses to start when a part needs a package that is not installed, naming it', () => {
    const installed = (names: string[]) => (name: string) => names.includes(name)
    expect(() => requirePeers({ solana: false, relay: false }, installed([]))).toThrow('needs the package @foundry-rs/anvil')
    expect(() => requirePeers({ solana: false, relay: false }, installed(['@foundry-rs/anvil']))).toThrow('npm i -D walletgate-server@^0.1')
    expect(() => requirePeers({ solana: false, relay: false }, installed(['@foundry-rs/anvil', 'walletgate-server']))).not.toThrow()
    expect(() => requirePeers({ solana: true, relay: false }, installed(['@foundry-rs/anvil', 'walletgate-server', 'litesvm']))).toThrow('npm i -D @solana/kit@^8.4')
    expect(() => requirePeers({ solana: false, relay: true }, installed(['@foundry-rs/anvil', 'walletgate-server', 'ws']))).toThrow('needs the package @walletconnect/relay-auth')
  })

  it('reads the package out of a failed import, scoped or not, and nothing out of other failures', () => {
    const notFound = (message: string, code = 'ERR_MODULE_NOT_FOUND') => Object.assign(new Error(message), { code })
    expect(packageNotFound(notFound("Cannot find package 'litesvm' imported from /x/devnet.js"))).toBe('litesvm')
    expect(packageNotFound(notFound("Cannot find package '@solana/kit/sub' imported from /x.js"))).toBe('@solana/kit')
    expect(packageNotFound(notFound("Cannot find module 'ws'", 'MODULE_NOT_FOUND'))).toBe('ws')
    expect(packageNotFound(notFound("Cannot find module './chunk.js' imported from /x.js"))).toBeUndefined()
    expect(packageNotFound(new Error("Cannot find package 'litesvm'"))).toBeUndefined()
    expect(packageNotFound('litesvm')).toBeUndefined()
  })
})
