import { Keypair } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import type { WalletStandardWallet } from '../../../../../src/domain/chains/wallet-providers'
import type { CaipNetwork } from '../../../../../src/domain/entities'
import { SolanaChainFamily, type WalletRegistry } from '../../../../../src/infrastructure/chains/solana/solana-chain-family'
import { WalletRequestError, type WalletEvent } from '../../../../../src/ports/chain-family'
import { RecordingLogger } from '../../../../fakes/recording-logger'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import { base58Encode } from '../../../../../src/domain/format/base58'
import { siwxMessageData } from '../../../../../src/domain/siwx/siwx-message-data'
import { SolanaSignInMessenger } from '../../../../../src/infrastructure/chains/solana/siwx/sign-in-with-solana-messenger'

const DEVNET: CaipNetwork = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: ['http://127.0.0.1:8899'],
}
const LOCAL: CaipNetwork = { ...DEVNET, id: 'xgHUoHTrtsZTcFDW4LTtHEcvmnDLiWgP', caipNetworkId: 'solana:xgHUoHTrtsZTcFDW4LTtHEcvmnDLiWgP', name: 'Local' }

type Change = (properties: { accounts?: readonly { address: string }[] }) => void

/** A Wallet Standard wallet as a person would drive it. */
class StubWallet {
  readonly version = '1.0.0'
  readonly icon = 'data:image/svg+xml;base64,PHN2Zy8+'
  authorized = false
  decline = false
  readonly calls: string[] = []
  readonly listeners = new Set<Change>()
  private readonly keys = [Keypair.generate(), Keypair.generate()]
  private index = 0
  constructor(
    readonly name: string,
    readonly chains: readonly string[],
    private readonly extra: Record<string, unknown> = {},
    private readonly signing = true,
  ) {}
  get address(): string {
    return this.keys[this.index]!.publicKey.toBase58()
  }
  get accounts() {
    return this.authorized ? [{ address: this.address, publicKey: new Uint8Array(32), chains: this.chains }] : []
  }
  get features(): Record<string, unknown> {
    return {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          this.calls.push(input?.silent === true ? 'connect(silent)' : 'connect')
          if (!this.authorized && input?.silent !== true) {
            if (this.decline) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
            this.authorized = true
          }
          return { accounts: this.accounts }
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => void this.calls.push('disconnect') },
      'standard:events': {
        version: '1.0.0',
        on: (_event: string, listener: Change) => {
          this.listeners.add(listener)
          return () => this.listeners.delete(listener)
        },
      },
      ...(this.signing ? { 'solana:signTransaction': { version: '1.0.0' } } : {}),
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async ({ message }: { message: Uint8Array }) => {
          if (this.decline) throw new Error('User declined to sign')
          return [{ signedMessage: message, signature: new Uint8Array(64).fill(1) }]
        },
      },
      ...this.extra,
    }
  }
  switchAccount(): void {
    this.index = 1
    for (const l of this.listeners) l({ accounts: this.accounts })
  }
}

class StubRegistry implements WalletRegistry {
  wallets: WalletStandardWallet[] = []
  private readonly listeners: (() => void)[] = []
  get(): readonly WalletStandardWallet[] {
    return this.wallets
  }
  on(_event: 'register' | 'unregister', listener: () => void): () => void {
    this.listeners.push(listener)
    return () => undefined
  }
  register(wallet: StubWallet): void {
    this.wallets = [...this.wallets, wallet as unknown as WalletStandardWallet]
    for (const l of this.listeners) l()
  }
  unregister(wallet: StubWallet): void {
    this.wallets = this.wallets.filter((w) => w !== (wallet as unknown))
    for (const l of this.listeners) l()
  }
}

function setup(networks: readonly CaipNetwork[] = [DEVNET]) {
  const registry = new StubRegistry()
  const family = new SolanaChainFamily(networks, new RecordingLogger(), () => registry)
  const events: WalletEvent[] = []
  family.events$.subscribe((e) => events.push(e))
  return { registry, family, events }
}

describe('SolanaChainFamily (Wallet Standard)', () => {
  it('lists only Solana-capable wallets, once each, following registrations and removals', () => {
    const { registry, family } = setup()
    const phantomLike = new StubWallet('Phantom-ish', ['solana:devnet'])
    registry.register(phantomLike)
    registry.register(new StubWallet('EVM only', ['eip155:1'], {}, false))
    expect(family.connectors).toEqual([])
    family.startDiscovery()
    family.startDiscovery()
    expect(family.connectors.map((c) => [c.id, c.chain, c.type])).toEqual([['Phantom-ish', 'solana', 'ANNOUNCED']])
    const late = new StubWallet('Late', ['solana:devnet'])
    registry.register(late)
    registry.register(new StubWallet('Late', ['solana:devnet']))
    expect(family.connectors.map((c) => c.id)).toEqual(['Phantom-ish', 'Late'])
    registry.unregister(late)
    expect(family.connectors.map((c) => c.id)).toEqual(['Phantom-ish', 'Late'])
    registry.unregister(phantomLike)
    expect(family.connectors.map((c) => c.id)).toEqual(['Late'])
  })

  it('a wallet naming its EIP-6963 rdns is listed under it (one row with its EVM side); a malformed one is ignored', () => {
    const { registry, family } = setup()
    registry.register(new StubWallet('Devnet Wallet', ['solana:devnet'], { 'walletgate:rdns': { version: '1.0.0', rdns: 'dev.walletgate.devnet' } }))
    registry.register(new StubWallet('Odd', ['solana:devnet'], { 'walletgate:rdns': { version: '1.0.0', rdns: '<script>' } }))
    family.startDiscovery()
    expect(family.connectors.map((c) => [c.id, c.info?.rdns])).toEqual([
      ['dev.walletgate.devnet', 'dev.walletgate.devnet'],
      ['Odd', undefined],
    ])
  })

  it('a wallet whose getters throw is left out', () => {
    const { registry, family } = setup()
    const hostile = new StubWallet('Hostile', ['solana:devnet'])
    Object.defineProperty(hostile, 'features', { get: () => { throw new Error('boom') } })
    registry.register(hostile)
    registry.register(new StubWallet('Fine', ['solana:devnet']))
    family.startDiscovery()
    expect(family.connectors.map((c) => c.id)).toEqual(['Fine'])
  })

  it('connect resolves the account on the first configured network the wallet supports, and follows its account changes', async () => {
    const { registry, family, events } = setup([LOCAL, DEVNET])
    const wallet = new StubWallet('W', ['solana:devnet'])
    registry.register(wallet)
    family.startDiscovery()
    const account = await family.connect('W')
    expect(account).toEqual({ connectorId: 'W', namespace: 'solana', addresses: [wallet.address], caipNetworkId: DEVNET.caipNetworkId })
    wallet.switchAccount()
    expect(events).toEqual([{ type: 'accountsChanged', connectorId: 'W', addresses: [wallet.address] }])
  })

  it('a declined connect is WalletRequestError rejected; an unknown connector is UnknownConnectorError', async () => {
    const { registry, family } = setup()
    const wallet = new StubWallet('W', ['solana:devnet'])
    wallet.decline = true
    registry.register(wallet)
    family.startDiscovery()
    const error = await family.connect('W').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletRequestError)
    expect((error as WalletRequestError).kind).toBe('rejected')
    await expect(family.connect('nobody')).rejects.toMatchObject({ name: 'UnknownConnectorError' })
  })

  it('reconnect is silent: null for a site the wallet does not know, the account for one it does', async () => {
    const { registry, family } = setup()
    const wallet = new StubWallet('W', ['solana:devnet'])
    registry.register(wallet)
    family.startDiscovery()
    expect(await family.reconnect('W')).toBeNull()
    wallet.authorized = true
    expect((await family.reconnect('W'))?.addresses).toEqual([wallet.address])
    expect(wallet.calls).toEqual(['connect(silent)', 'connect(silent)'])
  })

  it('disconnect asks the wallet to forget the site and stops following it', async () => {
    const { registry, family, events } = setup()
    const wallet = new StubWallet('W', ['solana:devnet'])
    registry.register(wallet)
    family.startDiscovery()
    await family.connect('W')
    await family.disconnect('W')
    expect(wallet.calls).toEqual(['connect', 'disconnect'])
    expect(wallet.listeners.size).toBe(0)
    wallet.switchAccount()
    expect(events).toEqual([])
  })

  it('switchNetwork moves to a network the wallet supports and refuses one it does not (unknownNetwork)', async () => {
    const { registry, family, events } = setup([DEVNET, LOCAL])
    const wallet = new StubWallet('W', ['solana:devnet', LOCAL.caipNetworkId])
    const narrow = new StubWallet('N', ['solana:devnet'])
    registry.register(wallet)
    registry.register(narrow)
    family.startDiscovery()
    await family.connect('W')
    await family.switchNetwork('W', LOCAL)
    expect(events).toEqual([{ type: 'chainChanged', connectorId: 'W', caipNetworkId: LOCAL.caipNetworkId }])
    // A later silent reconnect keeps the network chosen.
    expect((await family.reconnect('W'))?.caipNetworkId).toBe(LOCAL.caipNetworkId)
    await family.connect('N')
    await expect(family.switchNetwork('N', LOCAL)).rejects.toMatchObject({ kind: 'unknownNetwork' })
  })

  it('signMessage returns the base58 signature; a refusal in words is rejected', async () => {
    const { registry, family } = setup()
    const wallet = new StubWallet('W', ['solana:devnet'])
    registry.register(wallet)
    family.startDiscovery()
    await family.connect('W')
    expect(await family.signMessage('W', wallet.address, 'hello')).toBe(
      // 64 bytes of 0x01 in base58 (as the bs58 package encodes them)
      '2AXDGYSE4f2sz7tvMMzyHvUfcoJmxudvdhBcmiUSo6ijwfYmfZYsKRxboQMPh3R4kUhXRVdtSXFXMheka4Rc4P2',
    )
    wallet.decline = true
    await expect(family.signMessage('W', wallet.address, 'hello')).rejects.toMatchObject({ kind: 'rejected' })
  })

  describe('a sign-in message', () => {
    const signInWallet = (write: (input: Record<string, unknown>) => string) => {
      const inputs: Record<string, unknown>[] = []
      const wallet: StubWallet = new StubWallet('W', ['solana:devnet'], {
        'solana:signIn': {
          version: '1.0.0',
          signIn: async (input: Record<string, unknown>) => {
            inputs.push(input)
            if (wallet.decline) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
            return [{ account: wallet.accounts[0], signedMessage: new TextEncoder().encode(write(input)), signature: new Uint8Array(64).fill(2) }]
          },
        },
      })
      return { wallet, inputs }
    }
    const messageFor = (address: string) =>
      new SolanaSignInMessenger().createMessage(
        siwxMessageData({ accountAddress: address, chainId: DEVNET.caipNetworkId, domain: 'app.test', uri: 'https://app.test', nonce: 'abcdefgh12', statement: 'Sign in.', nowMs: Date.UTC(2026, 0, 1), expiresInMs: 60_000 }),
      )

    it('goes through solana:signIn with its fields when the wallet offers it', async () => {
      const { registry, family } = setup()
      const { wallet, inputs } = signInWallet((input) => createSignInMessageText(input as never))
      registry.register(wallet)
      family.startDiscovery()
      await family.connect('W')
      const message = messageFor(wallet.address)
      expect(await family.signMessage('W', wallet.address, message)).toBe(base58Encode(new Uint8Array(64).fill(2)))
      expect(inputs).toEqual([expect.objectContaining({ domain: 'app.test', address: wallet.address, nonce: 'abcdefgh12', chainId: DEVNET.caipNetworkId, statement: 'Sign in.' })])
      // Any other text still goes through solana:signMessage.
      expect(await family.signMessage('W', wallet.address, 'hello')).toBe(base58Encode(new Uint8Array(64).fill(1)))
      expect(inputs).toHaveLength(1)
      wallet.decline = true
      await expect(family.signMessage('W', wallet.address, message)).rejects.toMatchObject({ kind: 'rejected' })
    })

    it('refuses a signature over another text than the one asked for', async () => {
      const { registry, family } = setup()
      const { wallet } = signInWallet((input) => createSignInMessageText({ ...(input as object), statement: 'Something else.' } as never))
      registry.register(wallet)
      family.startDiscovery()
      await family.connect('W')
      await expect(family.signMessage('W', wallet.address, messageFor(wallet.address))).rejects.toMatchObject({ kind: 'failed' })
    })

    it('uses solana:signMessage for a wallet without solana:signIn', async () => {
      const { registry, family } = setup()
      const wallet = new StubWallet('W', ['solana:devnet'])
      registry.register(wallet)
      family.startDiscovery()
      await family.connect('W')
      expect(await family.signMessage('W', wallet.address, messageFor(wallet.address))).toBe(base58Encode(new Uint8Array(64).fill(1)))
    })
  })
})
