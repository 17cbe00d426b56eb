/**
 * The devnet WalletConnect peer's polkadot and cosmos sides answer each of their methods as
 * wallets do; each signature is checked here with the family's own library.
 */
import { Secp256k1HdWallet, makeSignDoc, pubkeyToAddress, serializeSignDoc, type StdSignature } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import { u8aToHex, u8aWrapBytes, stringToU8a, hexToU8a } from '@polkadot/util'
import { signatureVerify } from '@polkadot/util-crypto'
import { describe, expect, it } from 'vitest'
import { DEVNET_COSMOS_ADDRESS, DEVNET_COSMOS_MNEMONIC } from '../../../devnet/src/chains/cosmos/network'
import { DEVNET_POLKADOT_ACCOUNTS, POLKADOT_DEVNET_CAIP_NETWORK_ID } from '../../../devnet/src/chains/polkadot/network'
import { cosmosSigner, signDocBytes } from '../../../devnet/src/wc-wallet/cosmos'
import { extrinsicPayloadBytes, polkadotSigner } from '../../../devnet/src/wc-wallet/polkadot'

const ALICE = DEVNET_POLKADOT_ACCOUNTS[0]!
const polkadot = polkadotSigner({ seed: ALICE.seed, chains: [POLKADOT_DEVNET_CAIP_NETWORK_ID] })
const COSMOS_CHAIN = 'cosmos:walletgate-devnet-1'

/** A transfer-shaped payload; the expected bytes below are spelled out by hand (SCALE). */
const PAYLOAD = {
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

describe('wallet peer: polkadot', () => {
  it('polkadot_signMessage signs the <Bytes>-wrapped message with the account key', async () => {
    expect(polkadot.address).toBe(ALICE.address)
    const { signature } = (await polkadot.answer('polkadot_signMessage', { address: ALICE.address, message: 'Hello peer' })) as { signature: string }
    expect(signatureVerify(u8aWrapBytes(stringToU8a('Hello peer')), signature, ALICE.address).isValid).toBe(true)
    await expect(polkadot.answer('polkadot_signMessage', { address: DEVNET_POLKADOT_ACCOUNTS[1]!.address, message: 'x' })).rejects.toMatchObject({ code: 4100 })
  })

  it('polkadot_signTransaction signs the SCALE payload and answers a MultiSignature (sr25519)', async () => {
    const expected = hexToU8a(`0x0503001400292300001800000011${'11'.repeat(31)}${'22'.repeat(32)}`)
    expect(u8aToHex(extrinsicPayloadBytes(PAYLOAD))).toBe(u8aToHex(expected))
    const { signature } = (await polkadot.answer('polkadot_signTransaction', { address: ALICE.address, transactionPayload: PAYLOAD })) as { signature: string }
    expect(signature.slice(0, 4)).toBe('0x01')
    expect(signatureVerify(expected, `0x${signature.slice(4)}`, ALICE.address)).toMatchObject({ isValid: true, crypto: 'sr25519' })
    await expect(
      polkadot.answer('polkadot_signTransaction', { address: ALICE.address, transactionPayload: { ...PAYLOAD, signedExtensions: ['CheckMetadataHash'] } }),
    ).rejects.toMatchObject({ code: 5002 })
    await expect(polkadot.answer('polkadot_signTransaction', { address: ALICE.address, transactionPayload: { ...PAYLOAD, genesisHash: '0x11' } })).rejects.toMatchObject({
      code: -32602,
    })
  })
})

describe('wallet peer: cosmos', () => {
  it('cosmos_getAccounts answers the account with its public key', async () => {
    const cosmos = await cosmosSigner({ mnemonic: DEVNET_COSMOS_MNEMONIC, chains: { [COSMOS_CHAIN]: 'cosmos' } })
    const [account] = (await cosmos.answer('cosmos_getAccounts', {}, COSMOS_CHAIN)) as { address: string; algo: string; pubkey: string }[]
    expect(account).toMatchObject({ address: DEVNET_COSMOS_ADDRESS, algo: 'secp256k1' })
    expect(pubkeyToAddress({ type: 'tendermint/PubKeySecp256k1', value: account!.pubkey }, 'cosmos')).toBe(DEVNET_COSMOS_ADDRESS)
  })

  it("cosmos_signDirect signs the protobuf SignDoc's sha256", async () => {
    const cosmos = await cosmosSigner({ mnemonic: DEVNET_COSMOS_MNEMONIC, chains: { [COSMOS_CHAIN]: 'cosmos' } })
    const signDoc = { chainId: 'walletgate-devnet-1', accountNumber: '7', bodyBytes: toBase64(Uint8Array.of(1, 2, 3)), authInfoBytes: toBase64(Uint8Array.of(4, 5)) }
    const { signature, signed } = (await cosmos.answer('cosmos_signDirect', { signerAddress: DEVNET_COSMOS_ADDRESS, signDoc }, COSMOS_CHAIN)) as {
      signature: StdSignature
      signed: unknown
    }
    expect(signed).toEqual(signDoc)
    // Protobuf by hand: field 1 (bytes), 2 (bytes), 3 (string), 4 (varint).
    const bytes = Uint8Array.from([0x0a, 3, 1, 2, 3, 0x12, 2, 4, 5, 0x1a, 19, ...new TextEncoder().encode('walletgate-devnet-1'), 0x20, 7])
    expect(signDocBytes({ bodyBytes: Uint8Array.of(1, 2, 3), authInfoBytes: Uint8Array.of(4, 5), chainId: 'walletgate-devnet-1', accountNumber: 7n })).toEqual(bytes)
    const valid = await Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(fromBase64(signature.signature)), sha256(bytes), fromBase64(signature.pub_key.value))
    expect(valid).toBe(true)
    await expect(cosmos.answer('cosmos_signDirect', { signerAddress: 'cosmos1other', signDoc }, COSMOS_CHAIN)).rejects.toMatchObject({ code: 4100 })
  })

  it('cosmos_signAmino signs the amino document as the same key would', async () => {
    const cosmos = await cosmosSigner({ mnemonic: DEVNET_COSMOS_MNEMONIC, chains: { [COSMOS_CHAIN]: 'cosmos' } })
    const signDoc = makeSignDoc([{ type: 'cosmos-sdk/MsgSend', value: { amount: [] } }], { gas: '200000', amount: [] }, 'walletgate-devnet-1', 'memo', 7, 1)
    const { signature } = (await cosmos.answer('cosmos_signAmino', { signerAddress: DEVNET_COSMOS_ADDRESS, signDoc }, COSMOS_CHAIN)) as { signature: StdSignature }
    const reference = await (await Secp256k1HdWallet.fromMnemonic(DEVNET_COSMOS_MNEMONIC)).signAmino(DEVNET_COSMOS_ADDRESS, signDoc)
    expect(signature).toEqual(reference.signature)
    const valid = await Secp256k1.verifySignature(
      Secp256k1Signature.fromFixedLength(fromBase64(signature.signature)),
      sha256(serializeSignDoc(signDoc)),
      fromBase64(signature.pub_key.value),
    )
    expect(valid).toBe(true)
    await expect(cosmos.answer('cosmos_signAmino', {}, 'cosmos:unknown-1')).rejects.toMatchObject({ code: 5100 })
  })
})
