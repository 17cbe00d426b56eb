/**
 * A contract call in the visitor's words, before it is approved: the token functions that move or
 * unlock a person's tokens (approve, transfer, transferFrom, permit, setApprovalForAll,
 * increaseAllowance, decreaseAllowance), with the native value the call carries. Anything else is
 * an unknown call, shown as such, with its selector and size, and a warning.
 */
import { shortAddress } from '../format/address'
import { readWords, splitCall, type StaticType } from './abi-words'
import { field, type Decoded, type DecodedField } from './decoded'
import {
  amountValue,
  amountWords,
  timeValue,
  tokenAmount,
  tokenRef,
  tokenValue,
  tokenWords,
  type KnownToken,
  type TokenAmount,
  type TokenRef,
} from './known-tokens'

/** Selectors of the token functions decoded here (pinned against their signatures by a test). */
export const TOKEN_FUNCTIONS = {
  approve: { selector: '0x095ea7b3', signature: 'approve(address,uint256)' },
  transfer: { selector: '0xa9059cbb', signature: 'transfer(address,uint256)' },
  transferFrom: { selector: '0x23b872dd', signature: 'transferFrom(address,address,uint256)' },
  increaseAllowance: { selector: '0x39509351', signature: 'increaseAllowance(address,uint256)' },
  decreaseAllowance: { selector: '0xa457c2d7', signature: 'decreaseAllowance(address,uint256)' },
  setApprovalForAll: { selector: '0xa22cb465', signature: 'setApprovalForAll(address,bool)' },
  permit: { selector: '0xd505accf', signature: 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)' },
} as const

export type TokenFunction = keyof typeof TOKEN_FUNCTIONS

/** A token's `transfer(to, amount)` as call data (what the decoder reads back; the send review simulates it). */
export function tokenTransferData(to: string, amount: bigint): string {
  const word = (hex: string) => hex.padStart(64, '0')
  return `${TOKEN_FUNCTIONS.transfer.selector}${word(to.replace(/^0x/i, '').toLowerCase())}${word(amount.toString(16))}`
}

/** A call to decode: where it goes and its call data (0x-hex); the native value is the caller's to show. */
export interface CallInput {
  /** The contract (or account) called; undefined for a contract creation. */
  readonly to: string | undefined
  readonly data: string | undefined
}

export type CallAction =
  /** No call data: a plain transfer of the native coin (or nothing). */
  | { readonly kind: 'none' }
  | { readonly kind: 'approve'; readonly token: TokenRef; readonly spender: string; readonly amount: TokenAmount }
  | { readonly kind: 'increaseAllowance' | 'decreaseAllowance'; readonly token: TokenRef; readonly spender: string; readonly amount: TokenAmount }
  | { readonly kind: 'transfer'; readonly token: TokenRef; readonly to: string; readonly amount: TokenAmount }
  | { readonly kind: 'transferFrom'; readonly token: TokenRef; readonly from: string; readonly to: string; readonly amount: TokenAmount }
  | { readonly kind: 'setApprovalForAll'; readonly collection: TokenRef; readonly operator: string; readonly approved: boolean }
  | { readonly kind: 'permit'; readonly token: TokenRef; readonly owner: string; readonly spender: string; readonly amount: TokenAmount; readonly deadline: bigint }
  /** Call data nobody here can read: another function, malformed arguments, a contract creation, or text that is not hex. */
  | { readonly kind: 'unknown'; readonly selector: string | undefined; readonly size: number | undefined }

export type DecodedCall = Decoded<CallAction>

export const UNKNOWN_CALL = 'Unknown contract call'

/** The call in words; `tokens` is the caller's table of known tokens (addresses with symbol and decimals, or collection names). */
export function decodeCall(call: CallInput, tokens: readonly KnownToken[]): DecodedCall {
  const data = call.data
  if (data === undefined || data === '0x' || data === '') return { summary: 'No contract call', fields: [], warning: false, action: { kind: 'none' } }
  const bytes = splitCall(data)
  if (bytes === undefined) return unknown(undefined, undefined, 'the call data is not hex bytes')
  if (call.to === undefined) return unknown(bytes.selector, bytes.size, 'it creates a contract')
  const fn = (Object.keys(TOKEN_FUNCTIONS) as TokenFunction[]).find((name) => TOKEN_FUNCTIONS[name].selector === bytes.selector)
  if (fn === undefined) return unknown(bytes.selector, bytes.size, undefined)
  const decoded = decodeTokenCall(fn, bytes.args, tokenRef(call.to, tokens))
  if (decoded === undefined) return unknown(bytes.selector, bytes.size, `its arguments are not valid for ${TOKEN_FUNCTIONS[fn].signature}`)
  const extra = bytes.args.length / 2 - ARG_TYPES[fn].length * 32
  return extra === 0 ? decoded : { ...decoded, fields: [...decoded.fields, field('Extra call data', `${extra} ${extra === 1 ? 'byte' : 'bytes'} after the arguments (the contract ignores them)`)] }
}

const ARG_TYPES = {
  approve: ['address', 'uint256'],
  transfer: ['address', 'uint256'],
  transferFrom: ['address', 'address', 'uint256'],
  increaseAllowance: ['address', 'uint256'],
  decreaseAllowance: ['address', 'uint256'],
  setApprovalForAll: ['address', 'bool'],
  permit: ['address', 'address', 'uint256', 'uint256', 'uint8', 'bytes32', 'bytes32'],
} as const satisfies Record<TokenFunction, readonly StaticType[]>

function decodeTokenCall(fn: TokenFunction, args: string, token: TokenRef): DecodedCall | undefined {
  const collection = token.known?.kind === 'collection'
  switch (fn) {
    case 'approve': {
      const words = readWords(args, ARG_TYPES.approve)
      if (words === undefined) return undefined
      const [spender, raw] = words.values
      const amount = tokenAmount(raw)
      const summary = collection
        ? `Allow ${shortAddress(spender)} to move your ${tokenWords(token)} #${raw.toString()}`
        : raw === 0n
          ? `Take back ${shortAddress(spender)}'s permission to spend ${tokenWords(token)}`
          : `Allow ${shortAddress(spender)} to spend ${amountWords(amount, token)}`
      return {
        summary,
        fields: [field('Token', tokenValue(token)), field('Spender', spender), collection ? field('Token id', raw.toString()) : field('Allowance', amountValue(amount, token), amount.unlimited)],
        warning: amount.unlimited && !collection,
        action: { kind: 'approve', token, spender, amount },
      }
    }
    case 'increaseAllowance':
    case 'decreaseAllowance': {
      const words = readWords(args, ARG_TYPES[fn])
      if (words === undefined) return undefined
      const [spender, raw] = words.values
      const amount = tokenAmount(raw)
      const more = fn === 'increaseAllowance'
      return {
        summary: more
          ? `Allow ${shortAddress(spender)} to spend ${amountWords(amount, token)} more`
          : `Lower ${shortAddress(spender)}'s allowance of ${tokenWords(token)} by ${amountWords(amount, token)}`,
        fields: [field('Token', tokenValue(token)), field('Spender', spender), field(more ? 'Allowance added' : 'Allowance removed', amountValue(amount, token), more && amount.unlimited)],
        warning: more && amount.unlimited,
        action: { kind: fn, token, spender, amount },
      }
    }
    case 'transfer': {
      const words = readWords(args, ARG_TYPES.transfer)
      if (words === undefined) return undefined
      const [to, raw] = words.values
      const amount = tokenAmount(raw)
      return {
        summary: `Send ${amountWords(amount, token)} to ${shortAddress(to)}`,
        fields: [field('Token', tokenValue(token)), field('Recipient', to), field('Amount sent', amountValue(amount, token), amount.unlimited)],
        warning: amount.unlimited,
        action: { kind: 'transfer', token, to, amount },
      }
    }
    case 'transferFrom': {
      const words = readWords(args, ARG_TYPES.transferFrom)
      if (words === undefined) return undefined
      const [from, to, raw] = words.values
      const amount = tokenAmount(raw)
      return {
        summary: collection
          ? `Move ${tokenWords(token)} #${raw.toString()} from ${shortAddress(from)} to ${shortAddress(to)}`
          : `Move ${amountWords(amount, token)} from ${shortAddress(from)} to ${shortAddress(to)}`,
        fields: [field('Token', tokenValue(token)), field('From', from), field('Recipient', to), collection ? field('Token id', raw.toString()) : field('Amount sent', amountValue(amount, token), amount.unlimited)],
        warning: amount.unlimited && !collection,
        action: { kind: 'transferFrom', token, from, to, amount },
      }
    }
    case 'setApprovalForAll': {
      const words = readWords(args, ARG_TYPES.setApprovalForAll)
      if (words === undefined) return undefined
      const [operator, approved] = words.values
      const name = token.known === undefined ? `the collection ${shortAddress(token.address)} (unknown)` : tokenWords(token)
      return {
        summary: approved ? `Allow ${shortAddress(operator)} to move all your NFTs of ${name}` : `Stop ${shortAddress(operator)} from moving your NFTs of ${name}`,
        fields: [field('Collection', tokenValue(token)), field('Operator', operator), field('Access', approved ? 'all your NFTs of this collection, now and later' : 'none (taken back)', approved)],
        warning: approved,
        action: { kind: 'setApprovalForAll', collection: token, operator, approved },
      }
    }
    case 'permit': {
      const words = readWords(args, ARG_TYPES.permit)
      if (words === undefined) return undefined
      const [owner, spender, raw, deadline] = words.values
      const amount = tokenAmount(raw)
      return {
        summary: `Use a signed permit: allow ${shortAddress(spender)} to spend ${amountWords(amount, token)} of ${shortAddress(owner)}`,
        fields: [
          field('Token', tokenValue(token)),
          field('Owner', owner),
          field('Spender', spender),
          field('Allowance', amountValue(amount, token), amount.unlimited),
          field('Permit deadline', timeValue(deadline, 256)),
        ],
        warning: amount.unlimited,
        action: { kind: 'permit', token, owner, spender, amount, deadline },
      }
    }
  }
}

function unknown(selector: string | undefined, size: number | undefined, why: string | undefined): DecodedCall {
  const fields: DecodedField[] = [
    field('Function', selector === undefined ? 'none (shorter than a function selector)' : `unknown (selector ${selector})`, true),
    field('Call data', size === undefined ? 'not readable' : `${size} ${size === 1 ? 'byte' : 'bytes'}, not decoded: check you trust this contract`, true),
  ]
  if (why !== undefined) fields.push(field('Why unknown', why, true))
  return { summary: UNKNOWN_CALL, fields, warning: true, action: { kind: 'unknown', selector, size } }
}
