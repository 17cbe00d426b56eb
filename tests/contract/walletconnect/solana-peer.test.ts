/**
 * The devnet wallet peer's Solana side, through the devnet relay, as a dapp-side UniversalProvider
 * asks for it: a session with the solana namespace, messages and transactions (legacy and v0)
 * signed by the peer's key and checked here with ed25519, and refusals for what a wallet refuses.
 */
import { createPublicKey, verify } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { startRelay, type RelayHandle } from '../../../devnet/src/relay'
import { startWalletPeer, type WalletPeer } from '../../../devnet/src/wc-wallet'
import { installNetworkGuard, type NetworkGuard } from './network-guard'
import { freePort, startDapp, type DappProvider } from './harness'

const CHAIN = 'solana:WalletgatePeerTestChain1111111111'
const peerKey = Keypair.fromSeed(new Uint8Array(32).fill(7))
const stranger = Keypair.fromSeed(new Uint8Array(32).fill(9))
const receiver = Keypair.fromSeed(new Uint8Array(32).fill(11)).publicKey
// Any 32 bytes serve as the blockhash: the peer signs, it does not check the chain.
const blockhash = new PublicKey(new Uint8Array(32).fill(3)).toBase58()
const base58 = { encode: (b: Uint8Array) => getBase58Decoder().decode(b), decode: (t: string) => Uint8Array.from(getBase58Encoder().encode(t)) }

let guard: NetworkGuard
let relay: RelayHandle
let wallet: WalletPeer
let dapp: DappProvider

function signedBy(key: PublicKey, message: Uint8Array, signature: Uint8Array): boolean {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), key.toBuffer()])
  return verify(null, message, createPublicKey({ key: spki, format: 'der', type: 'spki' }), signature)
}

function solanaRequest<T>(method: string, params: Record<string, unknown>): Promise<T> {
  return dapp.request<T>({ method, params }, CHAIN)
}

beforeAll(async () => {
  guard = installNetworkGuard()
  relay = await startRelay({ port: await freePort() })
  wallet = await startWalletPeer({
    relayUrl: relay.url,
    rpcUrls: {},
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    projectId: 'walletgate-test',
    mode: 'approve',
    solana: { secretKey: base58.encode(peerKey.secretKey), rpcUrls: { [CHAIN]: 'http://127.0.0.1:1' } },
  })
  dapp = await startDapp(relay.url)
  dapp.once('display_uri', (uri: string) => {
    wallet.pair(uri).catch(() => undefined)
  })
  await dapp.connect({
    optionalNamespaces: {
      solana: { chains: [CHAIN], methods: ['solana_signMessage', 'solana_signTransaction'], events: [] },
    },
  })
})

afterAll(async () => {
  await dapp?.client.core.relayer.transportClose().catch(() => undefined)
  dapp?.client.core.heartbeat.stop()
  await wallet?.stop()
  await relay?.stop()
  guard?.uninstall()
})

describe('the wallet peer over WalletConnect, solana namespace', () => {
  it('approves a session with its Solana account on the asked chain, and no eip155 namespace', () => {
    const session = dapp.session
    expect(session?.namespaces.solana?.accounts).toEqual([`${CHAIN}:${peerKey.publicKey.toBase58()}`])
    expect(session?.namespaces.eip155).toBeUndefined()
    expect(wallet.solanaAddress).toBe(peerKey.publicKey.toBase58())
  })

  it('solana_signMessage: an ed25519 signature of the exact bytes by the peer key', async () => {
    const message = new TextEncoder().encode('Sign in to Walletgate\nNonce: 42')
    const { signature } = await solanaRequest<{ signature: string }>('solana_signMessage', {
      message: base58.encode(message),
      pubkey: peerKey.publicKey.toBase58(),
    })
    expect(signedBy(peerKey.publicKey, message, base58.decode(signature))).toBe(true)
    expect(signedBy(peerKey.publicKey, new TextEncoder().encode('something else'), base58.decode(signature))).toBe(false)
  })

  it('solana_signTransaction: a legacy transfer comes back signed, its signature valid for its message', async () => {
    const transaction = new Transaction({ feePayer: peerKey.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: peerKey.publicKey, toPubkey: receiver, lamports: 500_000_000 }),
    )
    const result = await solanaRequest<{ signature: string; transaction: string }>('solana_signTransaction', {
      transaction: transaction.serialize({ requireAllSignatures: false }).toString('base64'),
    })
    const signed = Transaction.from(Buffer.from(result.transaction, 'base64'))
    expect(signed.verifySignatures()).toBe(true)
    expect(base58.encode(signed.signature!)).toBe(result.signature)
    expect(signed.instructions[0]?.programId.equals(SystemProgram.programId)).toBe(true)
  })

  it('solana_signTransaction: a v0 transaction is signed in the fee payer slot', async () => {
    const message = new TransactionMessage({
      payerKey: peerKey.publicKey,
      recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: peerKey.publicKey, toPubkey: receiver, lamports: 1 })],
    }).compileToV0Message()
    const result = await solanaRequest<{ signature: string; transaction: string }>('solana_signTransaction', {
      transaction: Buffer.from(new VersionedTransaction(message).serialize()).toString('base64'),
    })
    const signed = VersionedTransaction.deserialize(Buffer.from(result.transaction, 'base64'))
    expect(signed.version).toBe(0)
    expect(signedBy(peerKey.publicKey, signed.message.serialize(), signed.signatures[0]!)).toBe(true)
    expect(base58.encode(signed.signatures[0]!)).toBe(result.signature)
  })

  it('refuses a transaction it is not a signer of, a malformed one, and another key in signMessage', async () => {
    const foreign = new Transaction({ feePayer: stranger.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: stranger.publicKey, toPubkey: receiver, lamports: 1 }),
    )
    await expect(
      solanaRequest('solana_signTransaction', { transaction: foreign.serialize({ requireAllSignatures: false }).toString('base64') }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(solanaRequest('solana_signTransaction', { transaction: 'bm90IGEgdHJhbnNhY3Rpb24=' })).rejects.toMatchObject({ code: -32602 })
    await expect(
      solanaRequest('solana_signMessage', { message: base58.encode(new Uint8Array([1])), pubkey: stranger.publicKey.toBase58() }),
    ).rejects.toMatchObject({ code: 4100 })
  })
})
