/**
 * The devnet wallet peer's polkadot and cosmos sides, through the devnet relay, as a dapp-side
 * UniversalProvider asks for them: one session with both namespaces, then each method over the
 * relay, every signature verified here with the family's own library (@polkadot/util-crypto's
 * signatureVerify; @cosmjs/crypto's secp256k1 over the document the wallet signed).
 */
import { makeSignDoc, pubkeyToAddress, serializeSignDoc, type StdSignature } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import { stringToU8a, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COSMOS_DEVNET_CAIP_NETWORK_ID, DEVNET_COSMOS_ADDRESS, DEVNET_COSMOS_MNEMONIC } from '../../../devnet/src/chains/cosmos/network'
import { DEVNET_POLKADOT_ACCOUNTS, POLKADOT_DEVNET_CAIP_NETWORK_ID } from '../../../devnet/src/chains/polkadot/network'
import { startRelay, type RelayHandle } from '../../../devnet/src/relay'
import { startWalletPeer, type WalletPeer } from '../../../devnet/src/wc-wallet'
import { signDocBytes } from '../../../devnet/src/wc-wallet/cosmos'
import { extrinsicPayloadBytes } from '../../../devnet/src/wc-wallet/polkadot'
import { installNetworkGuard, type NetworkGuard } from './network-guard'
import { freePort, startDapp, type DappProvider } from './harness'

const ALICE = DEVNET_POLKADOT_ACCOUNTS[0]!
const DOT = POLKADOT_DEVNET_CAIP_NETWORK_ID
const ATOM = COSMOS_DEVNET_CAIP_NETWORK_ID

let guard: NetworkGuard
let relay: RelayHandle
let wallet: WalletPeer
let dapp: DappProvider

beforeAll(async () => {
  await cryptoWaitReady()
  guard = installNetworkGuard()
  relay = await startRelay({ port: await freePort() })
  wallet = await startWalletPeer({
    relayUrl: relay.url,
    rpcUrls: {},
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    projectId: 'walletgate-test',
    mode: 'approve',
    polkadot: { seed: ALICE.seed, chains: [DOT] },
    cosmos: { mnemonic: DEVNET_COSMOS_MNEMONIC, chains: { [ATOM]: 'cosmos' } },
  })
  dapp = await startDapp(relay.url)
  dapp.once('display_uri', (uri: string) => {
    wallet.pair(uri).catch(() => undefined)
  })
  await dapp.connect({
    optionalNamespaces: {
      polkadot: { chains: [DOT], methods: ['polkadot_signMessage', 'polkadot_signTransaction'], events: [] },
      cosmos: { chains: [ATOM], methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'], events: [] },
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

describe('the wallet peer over WalletConnect, polkadot namespace', () => {
  it('approves a session with its account on the asked chain', () => {
    expect(dapp.session?.namespaces.polkadot?.accounts).toEqual([`${DOT}:${ALICE.address}`])
  })

  it('polkadot_signMessage: an sr25519 signature of the <Bytes>-wrapped message, valid for it only', async () => {
    const message = 'Sign in to Walletgate\nNonce: 42'
    const { signature } = await dapp.request<{ signature: string }>({ method: 'polkadot_signMessage', params: { address: ALICE.address, message } }, DOT)
    expect(signatureVerify(u8aWrapBytes(stringToU8a(message)), signature, ALICE.address)).toMatchObject({ isValid: true, crypto: 'sr25519' })
    expect(signatureVerify(u8aWrapBytes(stringToU8a(`${message}.`)), signature, ALICE.address).isValid).toBe(false)
  })

  it('polkadot_signTransaction: a MultiSignature over the SCALE payload; another account is refused', async () => {
    const payload = {
      address: ALICE.address,
      method: '0x0503',
      era: '0x00',
      nonce: '0x05',
      tip: '0x00',
      specVersion: '0x00002329',
      transactionVersion: '0x00000018',
      genesisHash: `0x${'11'.repeat(32)}`,
      blockHash: `0x${'22'.repeat(32)}`,
      signedExtensions: ['CheckSpecVersion', 'CheckTxVersion', 'CheckGenesis', 'CheckMortality', 'CheckNonce', 'CheckWeight', 'ChargeTransactionPayment'],
    }
    const { signature } = await dapp.request<{ signature: string }>(
      { method: 'polkadot_signTransaction', params: { address: ALICE.address, transactionPayload: payload } },
      DOT,
    )
    // 0x01: the sr25519 variant of MultiSignature, then the 64-byte signature.
    expect(signature.slice(0, 4)).toBe('0x01')
    expect(signatureVerify(extrinsicPayloadBytes(payload), `0x${signature.slice(4)}`, ALICE.address).isValid).toBe(true)
    await expect(
      dapp.request({ method: 'polkadot_signTransaction', params: { address: DEVNET_POLKADOT_ACCOUNTS[1]!.address, transactionPayload: payload } }, DOT),
    ).rejects.toMatchObject({ code: 4100 })
  })
})

describe('the wallet peer over WalletConnect, cosmos namespace', () => {
  it('approves a session with its account, and cosmos_getAccounts gives the key that address is made from', async () => {
    expect(dapp.session?.namespaces.cosmos?.accounts).toEqual([`${ATOM}:${DEVNET_COSMOS_ADDRESS}`])
    const [account] = await dapp.request<{ address: string; algo: string; pubkey: string }[]>({ method: 'cosmos_getAccounts', params: {} }, ATOM)
    expect(account).toMatchObject({ address: DEVNET_COSMOS_ADDRESS, algo: 'secp256k1' })
    expect(pubkeyToAddress({ type: 'tendermint/PubKeySecp256k1', value: account!.pubkey }, 'cosmos')).toBe(DEVNET_COSMOS_ADDRESS)
  })

  it("cosmos_signDirect: a secp256k1 signature of the SignDoc's sha256", async () => {
    const signDoc = { chainId: 'walletgate-devnet-1', accountNumber: '7', bodyBytes: toBase64(Uint8Array.of(1, 2, 3)), authInfoBytes: toBase64(Uint8Array.of(4, 5)) }
    const { signature, signed } = await dapp.request<{ signature: StdSignature; signed: unknown }>(
      { method: 'cosmos_signDirect', params: { signerAddress: DEVNET_COSMOS_ADDRESS, signDoc } },
      ATOM,
    )
    expect(signed).toEqual(signDoc)
    const bytes = signDocBytes({ bodyBytes: Uint8Array.of(1, 2, 3), authInfoBytes: Uint8Array.of(4, 5), chainId: 'walletgate-devnet-1', accountNumber: 7n })
    const sig = Secp256k1Signature.fromFixedLength(fromBase64(signature.signature))
    expect(await Secp256k1.verifySignature(sig, sha256(bytes), fromBase64(signature.pub_key.value))).toBe(true)
    expect(await Secp256k1.verifySignature(sig, sha256(Uint8Array.of(...bytes, 0)), fromBase64(signature.pub_key.value))).toBe(false)
  })

  it('cosmos_signAmino: a secp256k1 signature of the amino document; another signer is refused', async () => {
    const signDoc = makeSignDoc([{ type: 'cosmos-sdk/MsgSend', value: { amount: [] } }], { gas: '200000', amount: [] }, 'walletgate-devnet-1', 'memo', 7, 1)
    const { signature } = await dapp.request<{ signature: StdSignature }>({ method: 'cosmos_signAmino', params: { signerAddress: DEVNET_COSMOS_ADDRESS, signDoc } }, ATOM)
    const sig = Secp256k1Signature.fromFixedLength(fromBase64(signature.signature))
    expect(await Secp256k1.verifySignature(sig, sha256(serializeSignDoc(signDoc)), fromBase64(signature.pub_key.value))).toBe(true)
    await expect(dapp.request({ method: 'cosmos_signAmino', params: { signerAddress: 'cosmos1other', signDoc } }, ATOM)).rejects.toMatchObject({
      code: 4100,
    })
  })
})
