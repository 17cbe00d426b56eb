/**
 * Plain warnings a review shows before the wallet is asked, one line each, never blocking: an
 * approval above what is needed or unlimited, a receiver that is the token's own contract, an NFT
 * sent to a contract without the receiver hook, a receiver on the host's deny-list, and a first
 * transfer from this account to this address. Pure: callers pass what they know.
 */
import { shortAddress } from '../format/address'
import { decodeCall } from '../signing/decode-call'

/** An allowance this large is treated as unlimited (2^255 and up, the "max uint" family of values). */
export const UNLIMITED_APPROVAL = 1n << 255n

export type RiskWarning =
  | { readonly kind: 'unlimitedApproval'; readonly symbol: string }
  | { readonly kind: 'approvalAboveNeed'; readonly symbol: string }
  | { readonly kind: 'receiverIsToken'; readonly symbol: string }
  | { readonly kind: 'nftReceiverWithoutHook' }
  | { readonly kind: 'deniedReceiver' }
  | { readonly kind: 'firstTransfer' }

export interface RiskInput {
  /** An approval the request grants, with the amount the action needs when it is known. */
  readonly approval?: { readonly amount: bigint; readonly needed?: bigint; readonly symbol: string }
  /** Who receives what is sent (plain address), with the token's contract when a token is sent. */
  readonly receiver?: string
  readonly token?: { readonly contract: string; readonly symbol: string }
  /** An NFT goes to a contract that does not say it takes NFTs (supportsInterface / onERC*Received). */
  readonly nftReceiverWithoutHook?: boolean
  /** The host's deny-list (addresses, any case). */
  readonly denyList?: readonly string[]
  /** Addresses this account sent to before (its history); undefined when the history is unknown. */
  readonly pastReceivers?: readonly string[]
}

export function riskWarnings(input: RiskInput): readonly RiskWarning[] {
  const warnings: RiskWarning[] = []
  const { approval, receiver, token } = input
  if (approval !== undefined) {
    if (approval.amount >= UNLIMITED_APPROVAL) warnings.push({ kind: 'unlimitedApproval', symbol: approval.symbol })
    else if (approval.needed !== undefined && approval.amount > approval.needed) warnings.push({ kind: 'approvalAboveNeed', symbol: approval.symbol })
  }
  if (receiver !== undefined) {
    const lower = receiver.toLowerCase()
    if (token !== undefined && token.contract.toLowerCase() === lower) warnings.push({ kind: 'receiverIsToken', symbol: token.symbol })
    if (input.denyList?.some((a) => a.trim().toLowerCase() === lower) === true) warnings.push({ kind: 'deniedReceiver' })
    if (input.pastReceivers !== undefined && !input.pastReceivers.some((a) => a.toLowerCase() === lower)) warnings.push({ kind: 'firstTransfer' })
  }
  if (input.nftReceiverWithoutHook === true) warnings.push({ kind: 'nftReceiverWithoutHook' })
  return warnings
}

/** What an action needs of a token: the most it may spend of it (base units). */
export interface TokenNeed {
  readonly token: string
  readonly amount: bigint
  readonly symbol: string
}

/**
 * The approval lines for a list of calls, read with the domain's call decoder: an `approve` or
 * `increaseAllowance` that grants more than the action needs of that token, or an unlimited
 * amount (needed or not), gets one line; the symbol is the caller's, else the decoder's words.
 */
export function approvalRisks(calls: readonly { readonly to: string; readonly data?: string }[], needs: readonly TokenNeed[]): readonly RiskWarning[] {
  const warnings: RiskWarning[] = []
  for (const call of calls) {
    const action = decodeCall({ to: call.to, data: call.data }, []).action
    if (action.kind !== 'approve' && action.kind !== 'increaseAllowance') continue
    const need = needs.find((n) => n.token.toLowerCase() === call.to.toLowerCase())
    const symbol = need?.symbol ?? shortAddress(call.to)
    warnings.push(...riskWarnings({ approval: { amount: action.amount.raw, symbol, ...(need === undefined ? {} : { needed: need.amount }) } }))
  }
  return warnings
}
