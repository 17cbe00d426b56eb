/** Sign-in for cosmos: a CAIP-122 message signed with ADR-036 verifies; anything altered does not. */
import { Secp256k1HdWallet, makeSignDoc } from '@cosmjs/amino'
import { toBase64, toBech32 } from '@cosmjs/encoding'
import { describe, expect, it } from 'vitest'
import { DEVNET_COSMOS_MNEMONIC } from '../../../../../devnet/src/chains/cosmos/network'
import type { CaipNetwork, SiwxMessageData } from '../../../../../src/domain/entities'
import { cosmosSiwxMessenger } from '../../../../../src/infrastructure/chains/cosmos/siwx/cosmos-siwx-messenger'

const HUB: CaipNetwork = {
  id: 'cosmoshub-4',
  caipNetworkId: 'cosmos:cosmoshub-4',
  chainNamespace: 'cosmos',
  name: 'Cosmos Hub',
  nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
  rpcUrls: [],
}
const NOW = Date.parse('2026-11-24T10:00:00.000Z')
const messenger = cosmosSiwxMessenger([HUB])

async function signed(mnemonic = DEVNET_COSMOS_MNEMONIC) {
  const wallet = await Secp256k1HdWallet.fromMnemonic(mnemonic, { prefix: 'cosmos' })
  const { address } = (await wallet.getAccounts())[0]!
  const data: SiwxMessageData = {
    accountAddress: address,
    chainId: HUB.caipNetworkId,
    domain: 'app.example',
    uri: 'https://app.example',
    version: '1',
    nonce: 'abcdef123456',
    issuedAt: '2026-11-24T09:59:00.000Z',
  }
  const message = messenger.createMessage(data)
  const doc = makeSignDoc([{ type: 'sign/MsgSignData', value: { signer: address, data: toBase64(new TextEncoder().encode(message)) } }], { gas: '0', amount: [] }, '', '', 0, 0)
  return { data, message, signature: JSON.stringify((await wallet.signAmino(address, doc)).signature) }
}

describe('CosmosSiwxMessenger', () => {
  it('writes a CAIP-122 message for a Cosmos account and verifies its ADR-036 signature', async () => {
    const session = await signed()
    expect(session.message.split('\n').slice(0, 2)).toEqual(['app.example wants you to sign in with your Cosmos account:', session.data.accountAddress])
    expect(session.message).toContain('\nChain ID: cosmos:cosmoshub-4\n')
    expect(await messenger.verify(session, NOW)).toBe(true)
  })

  it("refuses an altered message, another key's signature, a session not yet issued and another chain's address", async () => {
    const session = await signed()
    expect(await messenger.verify({ ...session, message: `${session.message} ` }, NOW)).toBe(false)
    const other = await signed('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')
    expect(await messenger.verify({ ...session, signature: other.signature }, NOW)).toBe(false)
    expect(await messenger.verify(session, Date.parse('2026-11-24T09:00:00.000Z'))).toBe(false)
    expect(await messenger.verify({ ...session, signature: 'not json' }, NOW)).toBe(false)
    expect(() => messenger.createMessage({ ...session.data, accountAddress: toBech32('osmo', new Uint8Array(20)) })).toThrow(
      'This address belongs to Osmosis, not Cosmos Hub',
    )
  })
})
