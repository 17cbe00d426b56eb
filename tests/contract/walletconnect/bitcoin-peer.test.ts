/**
 * The devnet wallet peer's Bitcoin side, through the devnet relay, as a dapp-side UniversalProvider
 * asks for it: a session with the bip122 namespace, `getAccountAddresses`, a BIP-322 `signMessage`
 * verified here with bip322-js, and a `signPsbt` whose signed input the devnet chain accepts.
 */
import { createRequire } from 'node:module'
import { Transaction } from '@scure/btc-signer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRelay, type RelayHandle } from '../../../devnet/src/relay'
import { startWalletPeer, type WalletPeer } from '../../../devnet/src/wc-wallet'
import { startBitcoinDevnet, type BitcoinDevnet } from '../../../devnet/src/chains/bip122/server'
import { BITCOIN_DEVNET_CAIP_NETWORK_ID } from '../../../devnet/src/chains/bip122/network'
import { REGTEST, bitcoinDevnetAccount } from '../../../devnet/src/chains/bip122/keys'
import { installNetworkGuard, type NetworkGuard } from './network-guard'
import { freePort, startDapp, type DappProvider } from './harness'

const require = createRequire(import.meta.url)
const { Verifier } = require('bip322-js') as { Verifier: { verifySignature(address: string, message: string, signature: string): boolean } }
const CHAIN = BITCOIN_DEVNET_CAIP_NETWORK_ID
const key = bitcoinDevnetAccount(4).payment
const other = bitcoinDevnetAccount(0).payment

let guard: NetworkGuard
let relay: RelayHandle
let wallet: WalletPeer
let dapp: DappProvider
let chain: BitcoinDevnet

function bitcoinRequest<T>(method: string, params: Record<string, unknown>): Promise<T> {
  return dapp.request<T>({ method, params }, CHAIN)
}

beforeAll(async () => {
  guard = installNetworkGuard()
  // Its own Bitcoin chain: blocks only when the test mines them.
  chain = await startBitcoinDevnet({ port: 0, blockIntervalMs: 0 })
  relay = await startRelay({ port: await freePort() })
  wallet = await startWalletPeer({
    relayUrl: relay.url,
    rpcUrls: {},
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    projectId: 'walletgate-test',
    mode: 'approve',
    bitcoin: { privateKey: key.privateKey, chains: [CHAIN] },
  })
  dapp = await startDapp(relay.url)
  dapp.once('display_uri', (uri: string) => {
    wallet.pair(uri).catch(() => undefined)
  })
  await dapp.connect({
    optionalNamespaces: {
      bip122: { chains: [CHAIN], methods: ['getAccountAddresses', 'signMessage', 'signPsbt'], events: [] },
    },
  })
})

afterAll(async () => {
  await dapp?.client.core.relayer.transportClose().catch(() => undefined)
  dapp?.client.core.heartbeat.stop()
  await wallet?.stop()
  await relay?.stop()
  await chain?.stop()
  guard?.uninstall()
})

describe('the wallet peer over WalletConnect, bip122 namespace', () => {
  it('approves a session with its payment address on the asked chain, and getAccountAddresses names it', async () => {
    expect(dapp.session?.namespaces.bip122?.accounts).toEqual([`${CHAIN}:${key.address}`])
    expect(dapp.session?.namespaces.eip155).toBeUndefined()
    const addresses = await bitcoinRequest<{ address: string; intention: string }[]>('getAccountAddresses', { account: key.address })
    expect(addresses).toEqual([{ address: key.address, publicKey: key.publicKey, intention: 'payment' }])
  })

  it('signMessage: a BIP-322 signature bip322-js verifies for the exact message only', async () => {
    const message = 'Sign in to Walletgate\nNonce: 42'
    const { address, signature } = await bitcoinRequest<{ address: string; signature: string }>('signMessage', { account: key.address, message })
    expect(address).toBe(key.address)
    expect(Verifier.verifySignature(key.address, message, signature)).toBe(true)
    expect(Verifier.verifySignature(key.address, 'something else', signature)).toBe(false)
    await expect(bitcoinRequest('signMessage', { account: key.address, message, protocol: 'ecdsa' })).rejects.toMatchObject({ code: -32602 })
  })

  it("signPsbt: the wallet's input comes back signed and the devnet chain accepts the spend; a foreign input is refused", async () => {
    const utxos = (await (await fetch(`${chain.esploraUrl}/address/${key.address}/utxo`)).json()) as { txid: string; vout: number; value: number }[]
    const utxo = utxos[0]!
    const script = Uint8Array.from(Buffer.from((await (await fetch(`${chain.esploraUrl}/tx/${utxo.txid}`)).json() as { vout: { scriptpubkey: string }[] }).vout[utxo.vout]!.scriptpubkey, 'hex'))
    const tx = new Transaction()
    tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script, amount: BigInt(utxo.value) } })
    tx.addOutputAddress(other.address, 1_000_000n, REGTEST)
    tx.addOutputAddress(key.address, BigInt(utxo.value) - 1_000_000n - 1_000n, REGTEST)
    const { psbt } = await bitcoinRequest<{ psbt: string }>('signPsbt', {
      account: key.address,
      psbt: Buffer.from(tx.toPSBT()).toString('base64'),
      signInputs: [{ address: key.address, index: 0 }],
      broadcast: false,
    })
    const signed = Transaction.fromPSBT(Buffer.from(psbt, 'base64'))
    signed.finalize()
    const sent = await fetch(`${chain.esploraUrl}/tx`, { method: 'POST', body: signed.hex })
    expect(await sent.text()).toBe(signed.id)

    const foreign = new Transaction()
    foreign.addInput({ txid: 'ab'.repeat(32), index: 0, witnessUtxo: { script: Uint8Array.from([0x00, 0x14, ...new Uint8Array(20)]), amount: 5_000n } })
    foreign.addOutputAddress(other.address, 1_000n, REGTEST)
    await expect(
      bitcoinRequest('signPsbt', { account: key.address, psbt: Buffer.from(foreign.toPSBT()).toString('base64'), signInputs: [{ address: key.address, index: 0 }] }),
    ).rejects.toMatchObject({ code: -32602 })
  })
})
