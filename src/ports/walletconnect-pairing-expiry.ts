import type { ServiceIdentifier } from 'inversify'

/** What becomes of a WalletConnect attempt whose pairing reached its last reusable instant. */
export type PairingExpiryDecision = 'refresh' | 'stop'

/**
 * The one decision taken when a WalletConnect attempt's pairing has exactly 10 s left (spec
 * sections 4 and 9), the moment a fresh pairing would replace it. The adapter asks; whoever shows
 * the attempt answers. Asked once per pairing, so a refresh and a stop never both happen for it.
 */
export interface WalletConnectPairingExpiry {
  /**
   * `'refresh'`: a fresh pairing (a new relay proposal) replaces it and the attempt goes on.
   * `'stop'`: no proposal is made and the attempt stops (its connect rejects, cancelled); the
   * answerer MUST first forget the attempt on its side. MUST NOT throw.
   */
  pairingExpiring(): PairingExpiryDecision
}
export const WalletConnectPairingExpiry = Symbol('WalletConnectPairingExpiry') as ServiceIdentifier<WalletConnectPairingExpiry>
