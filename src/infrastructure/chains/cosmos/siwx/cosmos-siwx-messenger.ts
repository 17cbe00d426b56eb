/**
 * Sign-in for cosmos: CAIP-122 messages, signed with ADR-036 (`signArbitrary`: an amino document
 * with one `sign/MsgSignData`), checked with @cosmjs/amino and @cosmjs/crypto: the public key must
 * be the address's own, and the secp256k1 signature must cover the document's sha256. The
 * signature is the StdSignature as JSON (what the wing's signMessage resolves). Loaded only when a
 * cosmos account signs in.
 */
import { makeSignDoc, pubkeyToAddress, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import type { CaipNetwork, SiwxMessageData, SiwxSession } from '../../../../domain/entities'
import { caip122Message } from '../../../../domain/siwx/caip122-message'
import { isSessionCurrent } from '../../../../domain/siwx/siwx-rules'
import type { SiwxFamilyMessenger } from '../../../../ports/siwx'
import { bech32PrefixOfAddress, validateCosmosAddress } from '../cosmos-addresses'
import { InvalidSignInMessageError } from '../../../../domain/siwx/caip122-message'

const SECP256K1_PUBKEY = 'tendermint/PubKeySecp256k1'

export class CosmosSiwxMessenger implements SiwxFamilyMessenger {
  constructor(private readonly networks: readonly CaipNetwork[]) {}

  /** @throws when the address is no account of the message's (configured) chain. */
  createMessage(data: SiwxMessageData): string {
    const network = this.networks.find((n) => n.caipNetworkId === data.chainId)
    if (network === undefined) throw new InvalidSignInMessageError(`${data.chainId} is not a configured Cosmos network`)
    const address = validateCosmosAddress(data.accountAddress, network)
    if (!address.valid) throw new InvalidSignInMessageError(address.message)
    return caip122Message(data, 'Cosmos')
  }

  verify(session: SiwxSession, nowMs: number): Promise<boolean> {
    let expected: string
    try {
      expected = this.createMessage(session.data)
    } catch {
      return Promise.resolve(false)
    }
    if (expected !== session.message || !isSessionCurrent(session, nowMs)) return Promise.resolve(false)
    return verifyAdr36(session.data.accountAddress, session.message, session.signature)
  }
}

/** Whether `signature` (a StdSignature as JSON) is `signer`'s ADR-036 signature of `message`. */
export async function verifyAdr36(signer: string, message: string, signature: string): Promise<boolean> {
  try {
    const parsed = JSON.parse(signature) as { pub_key?: { type?: unknown; value?: unknown }; signature?: unknown }
    const { pub_key: pubKey } = parsed
    const prefix = bech32PrefixOfAddress(signer)
    if (prefix === undefined || pubKey?.type !== SECP256K1_PUBKEY || typeof pubKey.value !== 'string' || typeof parsed.signature !== 'string') {
      return false
    }
    if (pubkeyToAddress({ type: SECP256K1_PUBKEY, value: pubKey.value }, prefix) !== signer) return false
    const doc = makeSignDoc(
      [{ type: 'sign/MsgSignData', value: { signer, data: toBase64(new TextEncoder().encode(message)) } }],
      { gas: '0', amount: [] },
      '',
      '',
      0,
      0,
    )
    return await Secp256k1.verifySignature(
      Secp256k1Signature.fromFixedLength(fromBase64(parsed.signature)),
      sha256(serializeSignDoc(doc)),
      fromBase64(pubKey.value),
    )
  } catch {
    return false
  }
}

export function cosmosSiwxMessenger(networks: readonly CaipNetwork[]): CosmosSiwxMessenger {
  return new CosmosSiwxMessenger(networks.filter((n) => n.chainNamespace === 'cosmos'))
}
