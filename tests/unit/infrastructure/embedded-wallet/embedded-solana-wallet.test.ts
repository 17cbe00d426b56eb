/**
 * The embedded wallet's Solana account in the Solana wing: a Wallet Standard wallet over the
 * embedded wallet (a fake link here; the frame and the service are the e2e's), listed as the AUTH
 * row that joins the EVM side's (still AUTH: the email field, not a wallet row), connected,
 * signing through the link, and emptied when the user signs out.
 */
import { Keypair } from '@solana/web3.js'
import { BehaviorSubject, of } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { WalletDirectory } from '../../../../src/application/connection/wallet-directory'
import { AUTH_CONNECTOR, AUTH_CONNECTOR_ID } from '../../../../src/domain/connection/connectors'
import type { CaipNetwork, Connector } from '../../../../src/domain/entities'
import { SolanaChainFamily } from '../../../../src/infrastructure/chains/solana/solana-chain-family'
import { embeddedSolanaWallet, type EmbeddedSolanaLink } from '../../../../src/infrastructure/embedded-wallet/embedded-solana-wallet'
import type { ChainFamily, WalletEvent } from '../../../../src/ports/chain-family'
import { RecordingLogger } from '../../../fakes/recording-logger'

const DEVNET: CaipNetwork = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: ['http://127.0.0.1:8899'],
}

class FakeLink implements EmbeddedSolanaLink {
  readonly user$ = new BehaviorSubject<unknown>(null)
  readonly address = Keypair.generate().publicKey.toBase58()
  /** A session the frame holds (what a silent connect finds). */
  session = false
  readonly calls: string[] = []
  async solanaAccount({ silent }: { readonly silent: boolean }): Promise<string | null> {
    this.calls.push(silent ? 'account(silent)' : 'account')
    if (silent && !this.session) return null
    this.session = true
    this.user$.next({ signedIn: true })
    return this.address
  }
  async signSolanaMessage(message: Uint8Array): Promise<Uint8Array> {
    this.calls.push(`signMessage ${new TextDecoder().decode(message)}`)
    return new Uint8Array(64).fill(3)
  }
  async signSolanaTransaction(transaction: Uint8Array, chain: string): Promise<Uint8Array> {
    this.calls.push(`signTransaction ${transaction.length} bytes on ${chain}`)
    return Uint8Array.from([...transaction, 9])
  }
  async disconnect(): Promise<void> {
    this.calls.push('disconnect')
    this.session = false
    this.user$.next(null)
  }
}

function setup() {
  const link = new FakeLink()
  let loads = 0
  const family = new SolanaChainFamily([DEVNET], new RecordingLogger(), () => ({ get: () => [], on: () => () => undefined }), undefined, undefined, async () => {
    loads++
    return embeddedSolanaWallet(link, [DEVNET.caipNetworkId])
  })
  const events: WalletEvent[] = []
  family.events$.subscribe((e) => events.push(e))
  family.startDiscovery()
  return { link, family, events, loads: () => loads }
}

describe("the embedded wallet's Solana account", () => {
  it('is listed as the AUTH row of the Solana wing, loading nothing until it is used', () => {
    const { family, loads } = setup()
    expect(family.connectors).toEqual([{ ...AUTH_CONNECTOR, chain: 'solana' }])
    expect(loads()).toBe(0)
  })

  it("connects the signed-in user's account on the configured network, loaded once", async () => {
    const { family, link, loads } = setup()
    const account = await family.connect(AUTH_CONNECTOR_ID)
    expect(account).toEqual({ connectorId: AUTH_CONNECTOR_ID, namespace: 'solana', addresses: [link.address], caipNetworkId: DEVNET.caipNetworkId })
    await family.connect(AUTH_CONNECTOR_ID)
    expect(loads()).toBe(1)
  })

  it('reconnects silently only to a session the frame still holds', async () => {
    const { family, link } = setup()
    expect(await family.reconnect(AUTH_CONNECTOR_ID)).toBeNull()
    link.session = true
    expect((await family.reconnect(AUTH_CONNECTOR_ID))?.addresses).toEqual([link.address])
    expect(link.calls).toEqual(['account(silent)', 'account(silent)'])
  })

  it('signs messages and transactions through the embedded wallet, for its own account only', async () => {
    const { family, link } = setup()
    await family.connect(AUTH_CONNECTOR_ID)
    const wallet = family.getProvider(AUTH_CONNECTOR_ID) as ReturnType<typeof embeddedSolanaWallet>
    const [account] = wallet.accounts
    const features = wallet.features as Record<string, { signTransaction?: (input: unknown) => Promise<unknown>; signMessage?: (input: unknown) => Promise<unknown> }>
    const [signed] = (await features['solana:signTransaction']!.signTransaction!({ account, transaction: new Uint8Array(10), chain: DEVNET.caipNetworkId })) as { signedTransaction: Uint8Array }[]
    expect(signed!.signedTransaction).toHaveLength(11)
    await family.signMessage(AUTH_CONNECTOR_ID, link.address, 'hello')
    expect(link.calls.slice(-2)).toEqual([`signTransaction 10 bytes on ${DEVNET.caipNetworkId}`, 'signMessage hello'])
    const stranger = { ...account!, address: Keypair.generate().publicKey.toBase58() }
    await expect(features['solana:signMessage']!.signMessage!({ account: stranger, message: new Uint8Array(1) })).rejects.toThrow('not signed in')
  })

  it("signing out anywhere empties the account: the wing reports it, and disconnect signs out", async () => {
    const { family, link, events } = setup()
    await family.connect(AUTH_CONNECTOR_ID)
    link.user$.next(null)
    expect(events).toEqual([{ type: 'accountsChanged', connectorId: AUTH_CONNECTOR_ID, addresses: [] }])
    await family.connect(AUTH_CONNECTOR_ID)
    await family.disconnect(AUTH_CONNECTOR_ID)
    expect(link.calls.at(-1)).toBe('disconnect')
  })

  it('joins the EVM side in the directory as one AUTH connector with both chains', () => {
    const fam = (namespace: 'eip155' | 'solana', connectors: Connector[]) => ({ namespace, connectors, connectors$: of(connectors) }) as unknown as ChainFamily
    const all = [fam('eip155', [AUTH_CONNECTOR]), fam('solana', [{ ...AUTH_CONNECTOR, chain: 'solana' }])]
    const directory = new WalletDirectory({ all, get: (n) => all.find((f) => f.namespace === n) })
    expect(directory.connector(AUTH_CONNECTOR_ID)).toEqual({ ...AUTH_CONNECTOR, chains: ['eip155', 'solana'] })
  })
})
