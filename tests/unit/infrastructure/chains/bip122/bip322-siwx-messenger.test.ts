/**
 * The bip122 sign-in messenger: CAIP-122 text, and BIP-322 verification checked against bip322-js
 * (its own signer for P2WPKH and P2TR) and the Devnet Bitcoin Wallet's signer.
 */
import { createRequire } from 'node:module'
import { p2tr, p2wpkh } from '@scure/btc-signer'
import { secp256k1 } from '@noble/curves/secp256k1'
import { describe, expect, it } from 'vitest'
import { Bip322SiwxMessenger, verifyBip322 } from '../../../../../src/infrastructure/chains/bip122/siwx/bip322-siwx-messenger'
import { signBip322 } from '../../../../../devnet/src/chains/bip122/bip322'
import { REGTEST, bitcoinDevnetAccount } from '../../../../../devnet/src/chains/bip122/keys'
import type { SiwxMessageData } from '../../../../../src/domain/entities'

const require = createRequire(import.meta.url)
const { Signer, Verifier } = require('bip322-js') as {
  Signer: { sign(wif: string, address: string, message: string): string }
  Verifier: { verifySignature(address: string, message: string, signature: string): boolean }
}
const fromHex = (h: string): Uint8Array => Uint8Array.from(h.match(/../g)!, (b) => parseInt(b, 16))
const account = bitcoinDevnetAccount(0)

const DATA: SiwxMessageData = {
  accountAddress: account.payment.address,
  chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173',
  version: '1',
  nonce: 'abcdef123456',
  statement: 'Sign in to the Walletgate demo.',
  issuedAt: '2026-11-24T02:00:00.000Z',
  expirationTime: '2026-11-25T02:00:00.000Z',
}
const NOW = Date.parse('2026-11-24T03:00:00.000Z')

function paymentSign(message: string): string {
  const key = fromHex(account.payment.privateKey)
  return signBip322(message, p2wpkh(secp256k1.getPublicKey(key, true), REGTEST).script, key)
}

describe('bip122 sign-in messenger', () => {
  it('writes the CAIP-122 message with the CAIP-2 chain id', () => {
    expect(new Bip322SiwxMessenger().createMessage(DATA)).toBe(
      [
        `127.0.0.1:5173 wants you to sign in with your Bitcoin account:`,
        account.payment.address,
        '',
        'Sign in to the Walletgate demo.',
        '',
        'URI: http://127.0.0.1:5173',
        'Version: 1',
        'Chain ID: bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
        'Nonce: abcdef123456',
        'Issued At: 2026-11-24T02:00:00.000Z',
        'Expiration Time: 2026-11-25T02:00:00.000Z',
      ].join('\n'),
    )
  })

  it('refuses a field with a line break, which would forge the lines after it', () => {
    const messenger = new Bip322SiwxMessenger()
    expect(() => messenger.createMessage({ ...DATA, statement: 'Sign in\nNonce: stolen0000' })).toThrow()
    expect(() => messenger.createMessage({ ...DATA, requestId: 'a\rb' })).toThrow()
  })

  it('verifies a P2WPKH BIP-322 signature, as bip322-js does, and refuses a changed message, another address or an expired session', async () => {
    const messenger = new Bip322SiwxMessenger()
    const message = messenger.createMessage(DATA)
    const signature = paymentSign(message)
    expect(Verifier.verifySignature(account.payment.address, message, signature)).toBe(true)
    await expect(messenger.verify({ data: DATA, message, signature }, NOW)).resolves.toBe(true)
    await expect(messenger.verify({ data: DATA, message: `${message} `, signature }, NOW)).resolves.toBe(false)
    await expect(messenger.verify({ data: { ...DATA, nonce: 'other12345' }, message, signature }, NOW)).resolves.toBe(false)
    const other = { ...DATA, accountAddress: bitcoinDevnetAccount(1).payment.address }
    await expect(messenger.verify({ data: other, message: messenger.createMessage(other), signature }, NOW)).resolves.toBe(false)
    await expect(messenger.verify({ data: DATA, message, signature }, Date.parse('2026-11-26T00:00:00.000Z'))).resolves.toBe(false)
  })

  it("accepts bip322-js's own signatures for P2WPKH and P2TR, and the wallet's P2TR one", () => {
    // bip322-js signs with a WIF; regtest shares testnet's WIF prefix.
    const wif = (hex: string) => require('wif').encode({ version: 0xef, privateKey: Buffer.from(hex, 'hex'), compressed: true }) as string
    const message = 'Hello World'
    expect(verifyBip322(account.payment.address, message, Signer.sign(wif(account.payment.privateKey), account.payment.address, message))).toBe(true)
    expect(verifyBip322(account.ordinals.address, message, Signer.sign(wif(account.ordinals.privateKey), account.ordinals.address, message))).toBe(true)
    const internal = fromHex(account.ordinals.publicKey)
    const walletSig = signBip322(message, p2tr(internal, undefined, REGTEST).script, fromHex(account.ordinals.privateKey), internal)
    expect(verifyBip322(account.ordinals.address, message, walletSig)).toBe(true)
    expect(verifyBip322(account.ordinals.address, 'Hello World!', walletSig)).toBe(false)
    expect(verifyBip322(account.payment.address, message, 'not base64!')).toBe(false)
  })
})
