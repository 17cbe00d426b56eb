/**
 * Sign-in for polkadot: CAIP-122 messages, signed with the extension's `signRaw` (which wraps the
 * bytes in `<Bytes>…</Bytes>`), checked with @polkadot/util-crypto's `signatureVerify` (sr25519,
 * ed25519 and ecdsa keys; wrapped or not). Loaded only when a polkadot account signs in.
 */
// The module itself, not the package entry (which starts the WebAssembly build a strict CSP
// refuses): sr25519 and ed25519 checks run in pure JS.
import { signatureVerify } from '@polkadot/util-crypto/signature/verify'
import type { CaipNetwork, SiwxMessageData, SiwxSession } from '../../../../domain/entities'
import { caip122Message } from '../../../../domain/siwx/caip122-message'
import { isSessionCurrent } from '../../../../domain/siwx/siwx-rules'
import type { SiwxFamilyMessenger } from '../../../../ports/siwx'
import { validatePolkadotAddress } from '../polkadot-addresses'
import { InvalidSignInMessageError } from '../../../../domain/siwx/caip122-message'

export class PolkadotSiwxMessenger implements SiwxFamilyMessenger {
  constructor(private readonly networks: readonly CaipNetwork[]) {}

  /** @throws when the address is no account of the message's (configured) network. */
  createMessage(data: SiwxMessageData): string {
    const network = this.networks.find((n) => n.caipNetworkId === data.chainId)
    if (network === undefined) throw new InvalidSignInMessageError(`${data.chainId} is not a configured Polkadot network`)
    const address = validatePolkadotAddress(data.accountAddress, network)
    if (!address.valid) throw new InvalidSignInMessageError(address.message)
    return caip122Message(data, 'Polkadot')
  }

  verify(session: SiwxSession, nowMs: number): Promise<boolean> {
    return Promise.resolve(this.verified(session, nowMs))
  }

  private verified(session: SiwxSession, nowMs: number): boolean {
    let expected: string
    try {
      expected = this.createMessage(session.data)
    } catch {
      return false
    }
    if (expected !== session.message || !isSessionCurrent(session, nowMs) || !/^0x[0-9a-fA-F]+$/.test(session.signature)) return false
    try {
      return signatureVerify(session.message, session.signature, session.data.accountAddress).isValid
    } catch {
      return false
    }
  }
}

export function polkadotSiwxMessenger(networks: readonly CaipNetwork[]): PolkadotSiwxMessenger {
  return new PolkadotSiwxMessenger(networks.filter((n) => n.chainNamespace === 'polkadot'))
}
