/** Sign-in for polkadot: a CAIP-122 message signed as extensions sign (wrapped bytes) verifies; anything altered does not. */
import { Keyring } from '@polkadot/keyring'
import { u8aToHex, u8aWrapBytes, stringToU8a } from '@polkadot/util'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CaipNetwork, SiwxMessageData } from '../../../../../src/domain/entities'
import { polkadotSiwxMessenger } from '../../../../../src/infrastructure/chains/polkadot/siwx/polkadot-siwx-messenger'

const DEVNET: CaipNetwork = {
  id: '11d80c7033a79556158c7c2baf13702b',
  caipNetworkId: 'polkadot:11d80c7033a79556158c7c2baf13702b',
  chainNamespace: 'polkadot',
  name: 'Polkadot Devnet',
  nativeCurrency: { name: 'DOT', symbol: 'DOT', decimals: 10 },
  rpcUrls: [],
}
const NOW = Date.parse('2026-11-24T10:00:00.000Z')
const messenger = polkadotSiwxMessenger([DEVNET])

beforeAll(() => cryptoWaitReady())

function signed(type: 'sr25519' | 'ed25519') {
  const pair = new Keyring({ type, ss58Format: 42 }).addFromUri('//Alice')
  const data: SiwxMessageData = {
    accountAddress: pair.address,
    chainId: DEVNET.caipNetworkId,
    domain: 'app.example',
    uri: 'https://app.example',
    version: '1',
    nonce: 'abcdef123456',
    statement: 'Sign in to the demo.',
    issuedAt: '2026-11-24T09:59:00.000Z',
    expirationTime: '2026-11-25T09:59:00.000Z',
  }
  const message = messenger.createMessage(data)
  return { data, message, signature: u8aToHex(pair.sign(u8aWrapBytes(stringToU8a(message)))) }
}

describe('PolkadotSiwxMessenger', () => {
  it('writes a CAIP-122 message naming the Polkadot account and the full chain id', () => {
    const { message, data } = signed('sr25519')
    expect(message).toBe(
      [
        'app.example wants you to sign in with your Polkadot account:',
        data.accountAddress,
        '',
        'Sign in to the demo.',
        '',
        'URI: https://app.example',
        'Version: 1',
        `Chain ID: ${DEVNET.caipNetworkId}`,
        'Nonce: abcdef123456',
        'Issued At: 2026-11-24T09:59:00.000Z',
        'Expiration Time: 2026-11-25T09:59:00.000Z',
      ].join('\n'),
    )
  })

  it.each(['sr25519', 'ed25519'] as const)('verifies a %s signature of the message', async (type) => {
    expect(await messenger.verify(signed(type), NOW)).toBe(true)
  })

  it('refuses an altered message, another signature, an expired session and an address of another network', async () => {
    const session = signed('sr25519')
    expect(await messenger.verify({ ...session, message: session.message.replace('demo', 'dem0') }, NOW)).toBe(false)
    expect(await messenger.verify({ ...session, signature: signed('ed25519').signature }, NOW)).toBe(false)
    expect(await messenger.verify(session, Date.parse('2026-11-26T00:00:00.000Z'))).toBe(false)
    const kusama = new Keyring({ type: 'sr25519', ss58Format: 2 }).addFromUri('//Alice').address
    expect(() => messenger.createMessage({ ...session.data, accountAddress: kusama })).toThrow('This address belongs to Kusama, not Polkadot Devnet')
    expect(() => messenger.createMessage({ ...session.data, statement: 'two\nlines' })).toThrow()
  })
})
