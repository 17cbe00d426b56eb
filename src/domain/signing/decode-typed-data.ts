/**
 * EIP-712 typed data in the visitor's words, before it is signed: the permits that unlock a
 * person's tokens (EIP-2612 Permit; Permit2's PermitSingle, PermitBatch, PermitTransferFrom and
 * their batch and witness forms) as what they allow, amounts in token units and "unlimited" named;
 * any other message as every field of its primary type, with its type. Fields a recognised permit
 * does not know (a witness) are listed too: nothing signed is left out.
 */
import { getAddress, isAddress } from 'viem'
import { shortAddress } from '../format/address'
import { field, type Decoded, type DecodedField } from './decoded'
import {
  amountValue,
  amountWords,
  maxUint,
  timeValue,
  tokenAmount,
  tokenRef,
  tokenValue,
  type KnownToken,
  type TokenAmount,
  type TokenRef,
} from './known-tokens'

/** Permit2's address on every chain (Uniswap's canonical deployment). */
export const PERMIT2_ADDRESS = '0x000000000022D473030F116dDEE9F6B43aC78BA3'

interface TypedField {
  readonly name: string
  readonly type: string
}

/** Typed data as `eth_signTypedData_v4` carries it, after a shape check. */
export interface TypedData {
  readonly types: Readonly<Record<string, readonly TypedField[]>>
  readonly primaryType: string
  readonly domain: Readonly<Record<string, unknown>>
  readonly message: Readonly<Record<string, unknown>>
}

/** One token allowance a Permit2 message grants. */
export interface Permit2Allowance {
  readonly token: TokenRef
  readonly amount: TokenAmount
  /** Seconds since 1970; 0 means the end of the block the permit is used in. */
  readonly expiration: bigint
  readonly nonce: bigint
}

export type TypedDataAction =
  | { readonly kind: 'permit'; readonly token: TokenRef; readonly owner: string; readonly spender: string; readonly amount: TokenAmount; readonly nonce: bigint; readonly deadline: bigint }
  | { readonly kind: 'permit2-allowance'; readonly spender: string; readonly allowances: readonly Permit2Allowance[]; readonly sigDeadline: bigint }
  | { readonly kind: 'permit2-transfer'; readonly spender: string; readonly permitted: readonly { readonly token: TokenRef; readonly amount: TokenAmount }[]; readonly nonce: bigint; readonly deadline: bigint }
  | { readonly kind: 'generic'; readonly primaryType: string }
  /** Not typed data at all (bad JSON, no types, a primary type without a definition). */
  | { readonly kind: 'unreadable' }

export type DecodedTypedData = Decoded<TypedDataAction>

export const UNREADABLE_TYPED_DATA = 'Unreadable typed data'

/** At most this many fields are listed for a message of unknown shape; the rest are counted, with a warning. */
export const MAX_GENERIC_FIELDS = 100

export interface DecodeTypedDataOptions {
  /** The caller's known tokens (addresses with symbol and decimals). */
  readonly tokens: readonly KnownToken[]
  /** The chain the wallet signs on: a domain naming another chain is flagged. */
  readonly chainId?: number
}

/** The message in words; `value` is `eth_signTypedData_v4`'s second parameter (a JSON string or an object). */
export function decodeTypedData(value: unknown, options: DecodeTypedDataOptions): DecodedTypedData {
  const typed = parseTypedData(value)
  if (typed === undefined) {
    return { summary: UNREADABLE_TYPED_DATA, fields: [field('Message', 'not valid EIP-712 typed data: check you trust this app', true)], warning: true, action: { kind: 'unreadable' } }
  }
  const recognised = permitOf(typed, options.tokens) ?? permit2AllowanceOf(typed, options.tokens) ?? permit2TransferOf(typed, options.tokens)
  const body = recognised ?? genericOf(typed)
  const domain = domainFields(typed, options.chainId)
  const fields = [...body.fields, ...domain]
  return { ...body, fields, warning: fields.some((f) => f.warning === true) }
}

/** The shape check of typed data; undefined for anything that is not. */
export function parseTypedData(value: unknown): TypedData | undefined {
  let parsed = value
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown
    } catch {
      return undefined
    }
  }
  if (!isRecord(parsed) || !isRecord(parsed.types) || typeof parsed.primaryType !== 'string' || !isRecord(parsed.message)) return undefined
  const domain = parsed.domain === undefined ? {} : parsed.domain
  if (!isRecord(domain)) return undefined
  const types: Record<string, TypedField[]> = {}
  for (const [name, fields] of Object.entries(parsed.types)) {
    if (!Array.isArray(fields)) return undefined
    const list: TypedField[] = []
    for (const f of fields as unknown[]) {
      if (!isRecord(f) || typeof f.name !== 'string' || typeof f.type !== 'string') return undefined
      list.push({ name: f.name, type: f.type })
    }
    types[name] = list
  }
  if (types[parsed.primaryType] === undefined) return undefined
  return { types, primaryType: parsed.primaryType, domain, message: parsed.message }
}

// --- recognised permits ----------------------------------------------------------------------

type Shape = Readonly<Record<string, string>>

/** Whether the type `typeName` has each field of `shape` with exactly that type (it may have more). */
function fieldsOf(typed: TypedData, typeName: string, shape: Shape): boolean {
  const fields = typed.types[typeName]
  if (fields === undefined) return false
  return Object.entries(shape).every(([name, type]) => fields.some((f) => f.name === name && f.type === type))
}

/** Fields of the primary type outside `known`, listed as a generic message lists them. */
function otherFields(typed: TypedData, known: readonly string[]): DecodedField[] {
  const out: DecodedField[] = []
  const budget = { left: MAX_GENERIC_FIELDS }
  for (const f of typed.types[typed.primaryType] ?? []) {
    if (!known.includes(f.name)) listValue(typed, f.name, f.type, typed.message[f.name], 0, out, budget)
  }
  return finish(out, budget)
}

const PERMIT: Shape = { owner: 'address', spender: 'address', value: 'uint256', nonce: 'uint256', deadline: 'uint256' }

function permitOf(typed: TypedData, tokens: readonly KnownToken[]): DecodedTypedData | undefined {
  if (typed.primaryType !== 'Permit' || !fieldsOf(typed, 'Permit', PERMIT)) return undefined
  const m = typed.message
  const tokenAddress = address(typed.domain.verifyingContract)
  const owner = address(m.owner)
  const spender = address(m.spender)
  const value = uint(m.value, 256)
  const nonce = uint(m.nonce, 256)
  const deadline = uint(m.deadline, 256)
  if (tokenAddress === undefined || owner === undefined || spender === undefined || value === undefined || nonce === undefined || deadline === undefined) return undefined
  const token = tokenRef(tokenAddress, tokens)
  const amount = tokenAmount(value)
  return {
    summary: `Allow ${shortAddress(spender)} to spend ${amountWords(amount, token)} (a signed permit, usable until ${timeValue(deadline, 256)})`,
    fields: [
      field('Token', tokenValue(token)),
      field('Owner', owner),
      field('Spender', spender),
      field('Allowance', amountValue(amount, token), amount.unlimited),
      field('Nonce', nonce.toString()),
      field('Permit deadline', timeValue(deadline, 256)),
      ...otherFields(typed, Object.keys(PERMIT)),
    ],
    warning: amount.unlimited,
    action: { kind: 'permit', token, owner, spender, amount, nonce, deadline },
  }
}

const PERMIT_DETAILS: Shape = { token: 'address', amount: 'uint160', expiration: 'uint48', nonce: 'uint48' }
const TOKEN_PERMISSIONS: Shape = { token: 'address', amount: 'uint256' }

function permit2AllowanceOf(typed: TypedData, tokens: readonly KnownToken[]): DecodedTypedData | undefined {
  const batch = typed.primaryType === 'PermitBatch'
  if (!batch && typed.primaryType !== 'PermitSingle') return undefined
  if (!fieldsOf(typed, typed.primaryType, { details: batch ? 'PermitDetails[]' : 'PermitDetails', spender: 'address', sigDeadline: 'uint256' })) return undefined
  if (!fieldsOf(typed, 'PermitDetails', PERMIT_DETAILS)) return undefined
  const m = typed.message
  const spender = address(m.spender)
  const sigDeadline = uint(m.sigDeadline, 256)
  const list = batch ? m.details : [m.details]
  if (spender === undefined || sigDeadline === undefined || !Array.isArray(list) || list.length === 0) return undefined
  const allowances: Permit2Allowance[] = []
  for (const d of list as unknown[]) {
    if (!isRecord(d)) return undefined
    const token = address(d.token)
    const amount = uint(d.amount, 160)
    const expiration = uint(d.expiration, 48)
    const nonce = uint(d.nonce, 48)
    if (token === undefined || amount === undefined || expiration === undefined || nonce === undefined) return undefined
    allowances.push({ token: tokenRef(token, tokens), amount: tokenAmount(amount, 160), expiration, nonce })
  }
  const numbered = (label: string, i: number) => (allowances.length > 1 ? `${label} ${i + 1}` : label)
  const fields: DecodedField[] = [field('Spender', spender)]
  allowances.forEach((a, i) => {
    fields.push(
      field(numbered('Token', i), tokenValue(a.token)),
      field(numbered('Allowance', i), amountValue(a.amount, a.token), a.amount.unlimited),
      field(numbered('Allowance expires', i), expirationValue(a.expiration)),
      field(numbered('Nonce', i), a.nonce.toString()),
    )
  })
  fields.push(field('Signature usable until', timeValue(sigDeadline, 256)), ...otherFields(typed, ['details', 'spender', 'sigDeadline']))
  const what = allowances.map((a) => `${amountWords(a.amount, a.token)} until ${expirationValue(a.expiration)}`).join('; ')
  return {
    summary: `Permit2: allow ${shortAddress(spender)} to spend ${what}`,
    fields,
    warning: allowances.some((a) => a.amount.unlimited),
    action: { kind: 'permit2-allowance', spender, allowances, sigDeadline },
  }
}

function permit2TransferOf(typed: TypedData, tokens: readonly KnownToken[]): DecodedTypedData | undefined {
  const batch = typed.primaryType === 'PermitBatchTransferFrom' || typed.primaryType === 'PermitBatchWitnessTransferFrom'
  const single = typed.primaryType === 'PermitTransferFrom' || typed.primaryType === 'PermitWitnessTransferFrom'
  if (!batch && !single) return undefined
  const shape = { permitted: batch ? 'TokenPermissions[]' : 'TokenPermissions', spender: 'address', nonce: 'uint256', deadline: 'uint256' }
  if (!fieldsOf(typed, typed.primaryType, shape) || !fieldsOf(typed, 'TokenPermissions', TOKEN_PERMISSIONS)) return undefined
  const m = typed.message
  const spender = address(m.spender)
  const nonce = uint(m.nonce, 256)
  const deadline = uint(m.deadline, 256)
  const list = batch ? m.permitted : [m.permitted]
  if (spender === undefined || nonce === undefined || deadline === undefined || !Array.isArray(list) || list.length === 0) return undefined
  const permitted: { token: TokenRef; amount: TokenAmount }[] = []
  for (const p of list as unknown[]) {
    if (!isRecord(p)) return undefined
    const token = address(p.token)
    const amount = uint(p.amount, 256)
    if (token === undefined || amount === undefined) return undefined
    permitted.push({ token: tokenRef(token, tokens), amount: tokenAmount(amount) })
  }
  const numbered = (label: string, i: number) => (permitted.length > 1 ? `${label} ${i + 1}` : label)
  const fields: DecodedField[] = [field('Spender', spender)]
  permitted.forEach((p, i) => {
    fields.push(field(numbered('Token', i), tokenValue(p.token)), field(numbered('Amount it may take', i), amountValue(p.amount, p.token), p.amount.unlimited))
  })
  fields.push(field('Nonce', nonce.toString()), field('Signature usable until', timeValue(deadline, 256)), ...otherFields(typed, Object.keys(shape)))
  return {
    summary: `Permit2: allow ${shortAddress(spender)} to take ${permitted.map((p) => amountWords(p.amount, p.token)).join(', ')} from you once, until ${timeValue(deadline, 256)}`,
    fields,
    warning: permitted.some((p) => p.amount.unlimited),
    action: { kind: 'permit2-transfer', spender, permitted, nonce, deadline },
  }
}

/** A Permit2 allowance's expiration: 0 is the end of the block the permit is used in. */
function expirationValue(seconds: bigint): string {
  return timeValue(seconds, 48, 'the end of the block it is used in')
}

// --- any other message -----------------------------------------------------------------------

function genericOf(typed: TypedData): DecodedTypedData {
  const out: DecodedField[] = []
  const budget = { left: MAX_GENERIC_FIELDS }
  for (const f of typed.types[typed.primaryType] ?? []) listValue(typed, f.name, f.type, typed.message[f.name], 0, out, budget)
  const fields = finish(out, budget)
  const name = typeof typed.domain.name === 'string' ? typed.domain.name : undefined
  return {
    summary: `Sign a ${typed.primaryType} message${name === undefined ? '' : ` for ${name}`}`,
    fields,
    warning: fields.some((f) => f.warning === true),
    action: { kind: 'generic', primaryType: typed.primaryType },
  }
}

const MAX_DEPTH = 8

/** Lists a value under its path, labelled with its type; structs and arrays are walked. */
function listValue(typed: TypedData, path: string, type: string, value: unknown, depth: number, out: DecodedField[], budget: { left: number }): void {
  const array = /^(.*)\[(\d*)\]$/.exec(type)
  if (array !== null && depth < MAX_DEPTH) {
    const inner = array[1]!
    if (!Array.isArray(value)) return push(out, budget, field(`${path} (${type})`, `not a list: ${preview(value)}`, true))
    if (value.length === 0) return push(out, budget, field(`${path} (${type})`, 'empty list'))
    value.forEach((v, i) => listValue(typed, `${path}[${i}]`, inner, v, depth + 1, out, budget))
    return
  }
  const struct = typed.types[type]
  if (struct !== undefined && depth < MAX_DEPTH) {
    if (!isRecord(value)) return push(out, budget, field(`${path} (${type})`, `not a ${type}: ${preview(value)}`, true))
    for (const f of struct) listValue(typed, `${path}.${f.name}`, f.type, value[f.name], depth + 1, out, budget)
    return
  }
  push(out, budget, atomValue(`${path} (${type})`, type, value))
}

function atomValue(label: string, type: string, value: unknown): DecodedField {
  const int = /^(u?)int(\d*)$/.exec(type)
  if (int !== null) {
    const bits = Number(int[2] === '' ? '256' : int[2])
    const n = int[1] === 'u' ? uint(value, bits) : integer(value)
    if (n === undefined) return field(label, `not a valid ${type}: ${preview(value)}`, true)
    return field(label, int[1] === 'u' && n === maxUint(bits) ? `${n.toString()} (the largest ${type}: unlimited or never)` : n.toString())
  }
  if (type === 'address') {
    const a = address(value)
    return a === undefined ? field(label, `not a valid address: ${preview(value)}`, true) : field(label, a)
  }
  if (type === 'bool') return typeof value === 'boolean' ? field(label, String(value)) : field(label, `not a valid bool: ${preview(value)}`, true)
  return field(label, preview(value))
}

/** Adds a field while the budget lasts; past it, only counts it. */
function push(out: DecodedField[], budget: { left: number }, f: DecodedField): void {
  if (budget.left-- > 0) out.push(f)
}

function finish(out: DecodedField[], budget: { left: number }): DecodedField[] {
  return budget.left >= 0 ? out : [...out, field('More fields', `${-budget.left} more fields not listed: reject unless you expected a message this long`, true)]
}

// --- domain ---------------------------------------------------------------------------------

function domainFields(typed: TypedData, chainId: number | undefined): DecodedField[] {
  const d = typed.domain
  const fields: DecodedField[] = [field('Type', typed.primaryType)]
  if (typeof d.name === 'string') fields.push(field('Domain', typeof d.version === 'string' ? `${d.name} (version ${d.version})` : d.name))
  if (d.verifyingContract !== undefined) {
    const contract = address(d.verifyingContract)
    fields.push(
      contract === undefined
        ? field('Contract', `not a valid address: ${preview(d.verifyingContract)}`, true)
        : field('Contract', contract === PERMIT2_ADDRESS ? `${contract} (Permit2)` : contract),
    )
  }
  if (d.chainId !== undefined) {
    const domainChain = uint(d.chainId, 256)
    const other = domainChain === undefined || (chainId !== undefined && domainChain !== BigInt(chainId))
    fields.push(field('Chain id', domainChain === undefined ? `not valid: ${preview(d.chainId)}` : other ? `${domainChain.toString()} (not the chain your wallet is on)` : domainChain.toString(), other))
  }
  return fields
}

// --- values ---------------------------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function address(value: unknown): string | undefined {
  return typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value) : undefined
}

/** A JSON integer as signers read it: a safe or unsafe integer number, a decimal string, or a 0x-hex string. */
function integer(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : undefined
  if (typeof value === 'bigint') return value
  if (typeof value !== 'string' || !/^(-?\d+|0x[0-9a-fA-F]+)$/.test(value)) return undefined
  return BigInt(value)
}

function uint(value: unknown, bits: number): bigint | undefined {
  const n = integer(value)
  return n === undefined || n < 0n || n > maxUint(bits) ? undefined : n
}

/** Longer text is cut here, its length said: the dialog scrolls, but a page of text hides its end. */
const MAX_PREVIEW = 2000

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined ? 'missing' : (JSON.stringify(value) ?? String(value))
  return text.length > MAX_PREVIEW ? `${text.slice(0, MAX_PREVIEW)}... (${text.length} characters)` : text
}
