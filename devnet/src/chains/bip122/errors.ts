/**
 * bitcoind's reject reasons, as `sendrawtransaction` reports them and Esplora passes them on
 * (`sendrawtransaction RPC error: {"code":-26,"message":"dust"}`): wallets and libraries match on
 * these texts, so the devnet uses the same ones.
 */
export const RPC_VERIFY_ERROR = -25
export const RPC_VERIFY_REJECTED = -26
export const RPC_VERIFY_ALREADY_IN_CHAIN = -27
export const RPC_DESERIALIZATION_ERROR = -22

export const REJECT = {
  decodeFailed: 'TX decode failed',
  noInputs: 'bad-txns-vin-empty',
  noOutputs: 'bad-txns-vout-empty',
  missingOrSpent: 'bad-txns-inputs-missingorspent',
  mempoolConflict: 'txn-mempool-conflict',
  alreadyInMempool: 'txn-already-in-mempool',
  alreadyInChain: 'Transaction already in block chain',
  dust: 'dust',
  nonStandardOutput: 'scriptpubkey',
  nonStandardInput: 'bad-txns-nonstandard-inputs',
  /** A P2WPKH witness whose public key is not the one the output pays to. */
  equalVerify: 'mandatory-script-verify-flag-failed (Script failed an OP_EQUALVERIFY operation)',
  /** A P2WPKH signature that does not verify (NULLFAIL). */
  badEcdsa: 'mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)',
  badSchnorr: 'mandatory-script-verify-flag-failed (Invalid Schnorr signature)',
  witnessMismatch: 'mandatory-script-verify-flag-failed (Witness program hash mismatch)',
  inBelowOut: 'bad-txns-in-belowout',
} as const

/** A transaction the chain refused, with bitcoind's RPC code and reason. */
export class BitcoindReject extends Error {
  override readonly name = 'BitcoindReject'
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(reason)
  }

  /** The text Esplora answers `POST /tx` with (HTTP 400). */
  get esploraText(): string {
    return `sendrawtransaction RPC error: ${JSON.stringify({ code: this.code, message: this.message })}`
  }
}
