/**
 * The bip122 wing over scripted wallets of both kinds: a Wallet Standard wallet (`bitcoin:connect`)
 * and a sats-connect provider in `window.btc_providers`. Connect carries the payment address first
 * and the ordinals one; the account type switch puts the ordinals address first; messages are
 * signed with BIP-322 asked explicitly; a mainnet wallet on a regtest-only site is told which
 * network its addresses belong to; silent reconnect never prompts.
 */
import { filter, firstValueFrom } from 'rxjs'
import { describe, expect, it } from 'vitest'
import type { CaipNetwork } from '../../../../../src/domain/entities'
import { OnDemandChainFamily } from '../../../../../src/infrastructure/chains/on-demand-chain-family'
import { bip122 } from '../../../../../src/infrastructure/chains/bip122/wing'
import type { WalletRegistry } from '../../../../../src/infrastructure/chains/solana/wallet-standard'
import type { WalletStandardWallet } from '../../../../../src/domain/chains/wallet-providers'
import { WalletRequestError, type WalletEvent } from '../../../../../src/ports/chain-family'
import { RecordingLogger } from '../../../../fakes/recording-logger'

const REGTEST: CaipNetwork = {
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  chainNamespace: 'bip122',
  name: 'Bitcoin Regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: ['http://127.0.0.1:18792'],
} as CaipNetwork
const PAYMENT = 'bcrt1qk0cv0hlnauv348hasryq5nn5x7xp62urx6pgzf'
const ORDINALS = 'bcrt1prhw44hwryauh8rvnwlfw5gaa4xcs9kxw9mmzs22lns75fpmvt2psy0prz6'
const MAINNET = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

function standardWallet(addresses: { address: string; purpose?: string }[] = [{ address: PAYMENT, purpose: 'payment' }, { address: ORDINALS, purpose: 'ordinals' }]) {
  const calls: { feature: string; input: unknown }[] = []
  let authorised = false
  const accounts = () => (authorised ? addresses.map((a) => ({ ...a, publicKey: new Uint8Array([2, 1]), chains: ['bitcoin:regtest'] })) : [])
  const wallet = {
    version: '1.0.0',
    name: 'Scripted Bitcoin',
    icon: 'data:image/svg+xml;base64,AA==',
    chains: ['bitcoin:regtest'],
    get accounts() {
      return accounts()
    },
    features: {
      'bitcoin:connect': {
        connect: async (input: unknown) => {
          calls.push({ feature: 'bitcoin:connect', input })
          authorised = true
          return { accounts: accounts() }
        },
      },
      'bitcoin:signMessage': {
        signMessage: async (input: unknown) => {
          calls.push({ feature: 'bitcoin:signMessage', input })
          return [{ signedMessage: new Uint8Array(), signature: new Uint8Array([1, 2, 3]) }]
        },
      },
      'standard:disconnect': { disconnect: async () => void (authorised = false) },
      'walletgate:rdns': { rdns: 'dev.scripted.bitcoin' },
    },
  }
  return { wallet: wallet as unknown as WalletStandardWallet, calls, authorise: () => (authorised = true) }
}

function registryOf(...wallets: WalletStandardWallet[]): WalletRegistry {
  return { get: () => wallets, on: () => () => undefined }
}

function family(registry: WalletRegistry, root: object = {}, networks: CaipNetwork[] = [REGTEST]) {
  const events: WalletEvent[] = []
  const wing = new OnDemandChainFamily(bip122, networks, new RecordingLogger(), { registry: () => registry, root: () => root })
  wing.events$.subscribe((e) => events.push(e))
  return { wing, events }
}

async function discovered(wing: OnDemandChainFamily, count = 1): Promise<void> {
  wing.startDiscovery()
  // Discovery is a chunk of its own: the list arrives once it has loaded.
  await firstValueFrom(wing.connectors$.pipe(filter((list) => list.length >= count)))
  expect(wing.connectors).toHaveLength(count)
}

describe('bip122 wing over a Wallet Standard wallet', () => {
  it('lists the wallet under its rdns and connects with the payment address first, then the ordinals one', async () => {
    const { wallet, calls } = standardWallet()
    const { wing } = family(registryOf(wallet))
    await discovered(wing)
    expect(wing.connectors[0]).toMatchObject({ id: 'dev.scripted.bitcoin', chain: 'bip122', name: 'Scripted Bitcoin' })
    const account = await wing.connect('dev.scripted.bitcoin')
    expect(account).toEqual({
      connectorId: 'dev.scripted.bitcoin',
      namespace: 'bip122',
      addresses: [PAYMENT, ORDINALS],
      caipNetworkId: REGTEST.caipNetworkId,
      accountType: 'payment',
      accountTypes: ['payment', 'ordinal'],
    })
    expect(calls[0]).toEqual({ feature: 'bitcoin:connect', input: { purposes: ['payment', 'ordinals'] } })
    expect(wing.getProvider('dev.scripted.bitcoin')).toBe(wallet)
  })

  it('switches the account type to the ordinals address and back', async () => {
    const { wallet } = standardWallet()
    const { wing, events } = family(registryOf(wallet))
    await discovered(wing)
    await wing.connect('dev.scripted.bitcoin')
    await expect(wing.switchAccountType('dev.scripted.bitcoin', 'ordinal')).resolves.toMatchObject({ addresses: [ORDINALS, PAYMENT], accountType: 'ordinal' })
    expect(events).toContainEqual({ type: 'accountsChanged', connectorId: 'dev.scripted.bitcoin', addresses: [ORDINALS, PAYMENT] })
    await expect(wing.switchAccountType('dev.scripted.bitcoin', 'payment')).resolves.toMatchObject({ addresses: [PAYMENT, ORDINALS], accountType: 'payment' })
  })

  it('refuses the ordinals account type when the wallet shared only a payment address', async () => {
    const { wallet } = standardWallet([{ address: PAYMENT }])
    const { wing } = family(registryOf(wallet))
    await discovered(wing)
    const account = await wing.connect('dev.scripted.bitcoin')
    expect(account).toMatchObject({ addresses: [PAYMENT], accountType: 'payment' })
    // One address: no switch offered.
    expect(account.accountTypes).toBeUndefined()
    await expect(wing.switchAccountType('dev.scripted.bitcoin', 'ordinal')).rejects.toMatchObject({ kind: 'unsupportedMethod' })
  })

  it('signs a message with BIP-322 asked explicitly and returns the signature in base64', async () => {
    const { wallet, calls } = standardWallet()
    const { wing } = family(registryOf(wallet))
    await discovered(wing)
    await wing.connect('dev.scripted.bitcoin')
    await expect(wing.signMessage('dev.scripted.bitcoin', PAYMENT, 'hello')).resolves.toBe('AQID')
    const input = calls.find((c) => c.feature === 'bitcoin:signMessage')?.input as { protocol: string; message: Uint8Array; account: { address: string } }
    expect(input.protocol).toBe('BIP322')
    expect(input.account.address).toBe(PAYMENT)
    expect(new TextDecoder().decode(input.message)).toBe('hello')
  })

  it('tells a wallet on mainnet which network its addresses belong to when the site uses regtest', async () => {
    const { wallet } = standardWallet([{ address: MAINNET }])
    const { wing } = family(registryOf(wallet))
    await discovered(wing)
    const error = await wing.connect('dev.scripted.bitcoin').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletRequestError)
    expect(error).toMatchObject({ kind: 'unknownNetwork', message: 'This is a Bitcoin Mainnet address. Switch the wallet to Bitcoin Regtest.' })
  })

  it('reconnects silently without calling connect: null for a site the wallet does not know, the account for one it does', async () => {
    const { wallet, calls, authorise } = standardWallet()
    const { wing } = family(registryOf(wallet))
    await discovered(wing)
    await expect(wing.reconnect('dev.scripted.bitcoin')).resolves.toBeNull()
    authorise()
    await expect(wing.reconnect('dev.scripted.bitcoin')).resolves.toMatchObject({ addresses: [PAYMENT, ORDINALS] })
    expect(calls.filter((c) => c.feature === 'bitcoin:connect')).toEqual([])
  })

  it('tells a request already waiting in the wallet (its words say so) from other failures: kind pending', async () => {
    const { wallet } = standardWallet()
    const connect = wallet.features['bitcoin:connect'] as { connect: () => Promise<unknown> }
    connect.connect = () => Promise.reject(Object.assign(new Error("Request of type 'bitcoin:connect' already pending. Please wait."), { code: -32002 }))
    const { wing } = family(registryOf(wallet))
    await discovered(wing)
    await expect(wing.connect('dev.scripted.bitcoin')).rejects.toMatchObject({ kind: 'pending', isAlreadyPending: true })
    // sats-connect's -32002 is no request already waiting: only the words tell one.
    connect.connect = () => Promise.reject(Object.assign(new Error('The wallet is locked'), { code: -32002 }))
    await expect(wing.connect('dev.scripted.bitcoin')).rejects.toMatchObject({ kind: 'failed' })
  })

  it('offers no transfers', async () => {
    const { wing } = family(registryOf())
    await expect(wing.sendTransfer('x', { chainId: REGTEST.caipNetworkId } as never)).rejects.toMatchObject({ name: 'UnsupportedTransferChainError' })
  })
})

describe('bip122 wing over a sats-connect provider', () => {
  function satsWorld(answers: Record<string, (params: unknown) => unknown>) {
    const requests: { method: string; params: unknown }[] = []
    const provider = {
      request: async (method: string, params: unknown) => {
        requests.push({ method, params })
        const answer = answers[method]
        if (answer === undefined) return { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }
        try {
          return { jsonrpc: '2.0', id: 1, result: answer(params) }
        } catch (error) {
          return { jsonrpc: '2.0', id: 1, error }
        }
      },
    }
    const root = {
      btc_providers: [{ id: 'SatsProviders.BitcoinProvider', name: 'Sats Wallet', icon: 'data:image/svg+xml;base64,AA==' }],
      SatsProviders: { BitcoinProvider: provider },
    }
    return { root, requests, provider }
  }

  it('connects through getAccounts and signs with protocol BIP322', async () => {
    const { root, requests, provider } = satsWorld({
      getAccounts: () => [
        { address: ORDINALS, purpose: 'ordinals', addressType: 'p2tr', publicKey: 'ab' },
        { address: PAYMENT, purpose: 'payment', addressType: 'p2wpkh', publicKey: 'cd' },
      ],
      signMessage: () => ({ signature: 'c2ln', address: PAYMENT, protocol: 'BIP322' }),
    })
    const { wing } = family(registryOf(), root)
    await discovered(wing)
    expect(wing.connectors[0]).toMatchObject({ id: 'SatsProviders.BitcoinProvider', name: 'Sats Wallet', type: 'INJECTED' })
    await expect(wing.connect('SatsProviders.BitcoinProvider')).resolves.toMatchObject({ addresses: [PAYMENT, ORDINALS], accountType: 'payment' })
    expect(requests[0]).toEqual({ method: 'getAccounts', params: { purposes: ['payment', 'ordinals'] } })
    await expect(wing.signMessage('SatsProviders.BitcoinProvider', PAYMENT, 'hi')).resolves.toBe('c2ln')
    expect(requests[1]).toEqual({ method: 'signMessage', params: { address: PAYMENT, message: 'hi', protocol: 'BIP322' } })
    expect(wing.getProvider('SatsProviders.BitcoinProvider')).toBe(provider)
  })

  it('maps the person declining (-32000) to a rejection and reconnects silently through wallet_getAccount', async () => {
    const { root, requests } = satsWorld({
      getAccounts: () => {
        throw { code: -32000, message: 'User rejected the request' }
      },
      wallet_getAccount: () => ({ id: 'x', addresses: [{ address: PAYMENT, purpose: 'payment' }], walletType: 'software' }),
    })
    const { wing } = family(registryOf(), root)
    await discovered(wing)
    await expect(wing.connect('SatsProviders.BitcoinProvider')).rejects.toMatchObject({ kind: 'rejected', isUserRejection: true })
    await expect(wing.reconnect('SatsProviders.BitcoinProvider')).resolves.toMatchObject({ addresses: [PAYMENT] })
    expect(requests.map((r) => r.method)).toEqual(['getAccounts', 'wallet_getAccount'])
  })

  it('lists a wallet offered both ways once, through the Wallet Standard', async () => {
    const { wallet } = standardWallet()
    const { root } = satsWorld({})
    root.btc_providers[0]!.name = 'Scripted Bitcoin'
    const { wing } = family(registryOf(wallet), root)
    await discovered(wing)
    expect(wing.connectors.map((c) => c.id)).toEqual(['dev.scripted.bitcoin'])
  })
})

describe('bip122 discovery on a hostile page', () => {
  it('a registry that throws lists no wallet and warns, without an unhandled rejection', async () => {
    const logger = new RecordingLogger()
    const registry: WalletRegistry = {
      get: () => {
        throw new Error('hostile')
      },
      on: () => () => undefined,
    }
    const warned = new Promise<string>((resolve) => {
      logger.warn = (message: string) => resolve(message)
    })
    const wing = new OnDemandChainFamily(bip122, [REGTEST], logger, { registry: () => registry, root: () => ({}) })
    wing.startDiscovery()
    await expect(warned).resolves.toBe('Walletgate: bip122 wallet discovery failed')
    expect(wing.connectors).toEqual([])
  })
})
