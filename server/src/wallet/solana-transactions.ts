/**
 * A Solana transaction as the embedded wallet reads it before it signs: the wire bytes decoded
 * (@solana/kit's codecs), who must sign, and each instruction in the visitor's words (SOL and SPL
 * token transfers, token accounts made for a receiver, fee settings, memos; anything else is named
 * by its program, with a warning). The wallet frame shows this to the visitor; the service reads
 * the same to check that the user is a signer and to record what was signed.
 *
 * Also the rule that keeps a message signature from becoming a transaction signature: bytes that
 * decode as a transaction message are never signed as a "message".
 */
import { getCompiledTransactionMessageDecoder, getTransactionDecoder, type Address } from '@solana/kit'
import { identifySystemInstruction, parseTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS, SystemInstruction } from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  identifyTokenInstruction,
  parseApproveCheckedInstruction,
  parseApproveInstruction,
  parseCloseAccountInstruction,
  parseTransferCheckedInstruction,
  parseTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'
import { formatUnits } from 'viem'

const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const COMPUTE_BUDGET_PROGRAM_ADDRESS = 'ComputeBudget111111111111111111111111111111'
const MEMO_PROGRAM_ADDRESSES = new Set(['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'])
const SOL_DECIMALS = 9
/** The most instructions shown one by one; a longer transaction says how many more there are. */
const MAX_SHOWN_INSTRUCTIONS = 12

/** An SPL token the caller knows by its mint. */
export interface KnownSolanaToken {
  readonly mint: string
  readonly symbol: string
  readonly decimals: number
}

export interface SolanaRow {
  readonly label: string
  readonly value: string
  readonly warning?: true
}

export interface SolanaTransactionView {
  /** The bytes each signer signs. */
  readonly messageBytes: Uint8Array
  /** The accounts that must sign, the fee payer first. */
  readonly signers: readonly string[]
  /** One sentence for the audit table and the dialog's summary. */
  readonly summary: string
  /** The instructions in the visitor's words, in order. */
  readonly rows: readonly SolanaRow[]
  /** Some part deserves a second look. */
  readonly warning: boolean
}

/** Wire bytes that are not one Solana transaction. */
export class UnreadableSolanaTransactionError extends Error {
  override readonly name = 'UnreadableSolanaTransactionError'
  constructor() {
    super('This is not a Solana transaction the wallet can read')
  }
}

interface Instruction {
  readonly programAddress: Address
  readonly accounts: readonly { readonly address: Address; readonly role: number }[]
  readonly data: Uint8Array
}

function row(label: string, value: string, warning = false): SolanaRow {
  return warning ? { label, value, warning: true } : { label, value }
}

type ReadableMessage = Exclude<ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>, { version: 1 }>

function decodeWire(wire: Uint8Array): { messageBytes: Uint8Array; message: ReadableMessage } {
  try {
    const transaction = getTransactionDecoder().decode(wire)
    const messageBytes = new Uint8Array(transaction.messageBytes)
    // The message is the rest of the wire bytes: it must end where they end.
    const [message, read] = getCompiledTransactionMessageDecoder().read(messageBytes, 0)
    if (read !== messageBytes.length) throw new UnreadableSolanaTransactionError()
    // Legacy and version 0 messages; a newer version is not one this wallet reads.
    if (message.version === 1) throw new UnreadableSolanaTransactionError()
    return { messageBytes, message }
  } catch {
    throw new UnreadableSolanaTransactionError()
  }
}

/**
 * Whether `bytes` are a whole transaction message (legacy or versioned): such bytes are signed as a
 * transaction only, after the visitor saw what it does, never as a "message" they cannot read.
 */
export function isSolanaTransactionMessage(bytes: Uint8Array): boolean {
  try {
    const [message, read] = getCompiledTransactionMessageDecoder().read(bytes, 0)
    return read === bytes.length && message.staticAccounts.length > 0
  } catch {
    return false
  }
}

/**
 * Reads a wire transaction (signatures, then the message).
 * @throws UnreadableSolanaTransactionError when the bytes are not one transaction.
 */
export function readSolanaTransaction(wire: Uint8Array, tokens: readonly KnownSolanaToken[] = []): SolanaTransactionView {
  const { messageBytes, message } = decodeWire(wire)
  const accounts = message.staticAccounts
  const signers = accounts.slice(0, message.header.numSignerAccounts).map(String)
  const lookups = 'addressTableLookups' in message && (message.addressTableLookups?.length ?? 0) > 0
  const instructions: (Instruction | undefined)[] = message.instructions.map((compiled) => {
    const programAddress = accounts[compiled.programAddressIndex]
    const metas = (compiled.accountIndices ?? []).map((index) => accounts[index])
    if (programAddress === undefined || metas.some((address) => address === undefined)) return undefined
    return { programAddress, accounts: metas.map((address) => ({ address: address as Address, role: 0 })), data: new Uint8Array(compiled.data ?? []) }
  })
  const rows: SolanaRow[] = []
  const sentences: string[] = []
  let warning = false
  const shown = instructions.slice(0, MAX_SHOWN_INSTRUCTIONS)
  for (const [index, instruction] of shown.entries()) {
    const suffix = instructions.length > 1 ? ` ${index + 1}` : ''
    const described = instruction === undefined ? unreadableAccounts() : describe(instruction, tokens)
    for (const part of described.rows) rows.push({ ...part, label: `${part.label}${suffix}` })
    if (described.sentence !== undefined) sentences.push(described.sentence)
    warning ||= described.rows.some((r) => r.warning === true)
  }
  if (instructions.length > shown.length) {
    rows.push(row('More', `${instructions.length - shown.length} more instructions this wallet does not show`, true))
    warning = true
  }
  if (instructions.length === 0) rows.push(row('Instructions', 'None: this transaction does nothing but pay its fee'))
  if (lookups) {
    rows.push(row('Accounts', 'Some accounts come from address lookup tables and are not shown', true))
    warning = true
  }
  if (signers.length > 1) rows.push(row('Other signers', signers.slice(1).join(', ')))
  const summary = sentences.length === 0 ? 'A transaction the wallet cannot describe' : sentences.join('; ')
  return { messageBytes, signers, summary: warning && sentences.length > 0 ? `${summary} (read the details)` : summary, rows, warning }
}

/**
 * The wire transaction with `signature` in `signer`'s slot.
 * @throws UnreadableSolanaTransactionError when the bytes are not one transaction or `signer` does not sign it.
 */
export function withSolanaSignature(wire: Uint8Array, signer: string, signature: Uint8Array): Uint8Array {
  const { message } = decodeWire(wire)
  const slot = message.staticAccounts.slice(0, message.header.numSignerAccounts).map(String).indexOf(signer)
  // The signature count is a compact-u16; a transaction of this wallet has fewer than 128 signers (one byte).
  const count = wire[0] ?? 0
  if (slot < 0 || count >= 0x80 || slot >= count || signature.length !== 64) throw new UnreadableSolanaTransactionError()
  const signed = Uint8Array.from(wire)
  signed.set(signature, 1 + slot * 64)
  return signed
}

interface Described {
  readonly sentence?: string
  readonly rows: readonly SolanaRow[]
}

function unreadableAccounts(): Described {
  return { sentence: 'an instruction on accounts the wallet cannot see', rows: [row('Instruction', 'Uses accounts from an address lookup table: the wallet cannot show them', true)] }
}

function sol(lamports: bigint): string {
  return `${formatUnits(lamports, SOL_DECIMALS)} SOL`
}

function tokenAmount(amount: bigint, mint: string | undefined, decimals: number | undefined, tokens: readonly KnownSolanaToken[]): string {
  const known = mint === undefined ? undefined : tokens.find((t) => t.mint === mint)
  if (known !== undefined && (decimals === undefined || decimals === known.decimals)) return `${formatUnits(amount, known.decimals)} ${known.symbol}`
  if (decimals !== undefined) return `${formatUnits(amount, decimals)} of ${mint === undefined ? 'a token' : `the token ${mint}`}`
  return `${amount.toString()} raw units of the token held in that account`
}

function describe(instruction: Instruction, tokens: readonly KnownSolanaToken[]): Described {
  const program = String(instruction.programAddress)
  try {
    if (program === SYSTEM_PROGRAM_ADDRESS) return describeSystem(instruction)
    if (program === TOKEN_PROGRAM_ADDRESS || program === TOKEN_2022_PROGRAM_ADDRESS) return describeToken(instruction, tokens)
    if (program === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
      const [payer, account, owner, mint] = instruction.accounts.map((a) => String(a.address))
      const token = tokens.find((t) => t.mint === mint)?.symbol ?? mint ?? 'a token'
      return {
        sentence: `create a ${token} account for ${owner ?? 'an owner'}`,
        rows: [row('Creates', `A ${token} token account ${account ?? ''} for ${owner ?? 'an owner'}`), row('Rent paid by', payer ?? 'unknown')],
      }
    }
    if (program === COMPUTE_BUDGET_PROGRAM_ADDRESS) return { rows: [row('Fee settings', 'Compute limit or priority fee for this transaction')] }
    if (MEMO_PROGRAM_ADDRESSES.has(program)) {
      const text = new TextDecoder('utf-8', { fatal: false }).decode(instruction.data)
      return { rows: [row('Memo', text.slice(0, 200))] }
    }
  } catch {
    // Data a known program would refuse: shown as unreadable below.
  }
  return {
    sentence: `a call to program ${program}`,
    rows: [row('Program', `${program}: an instruction this wallet cannot read (${instruction.data.length} bytes)`, true)],
  }
}

function describeSystem(instruction: Instruction): Described {
  if (identifySystemInstruction(instruction) === SystemInstruction.TransferSol) {
    const parsed = parseTransferSolInstruction({ ...instruction, accounts: [...instruction.accounts] })
    const to = String(parsed.accounts.destination.address)
    return {
      sentence: `send ${sol(parsed.data.amount)} to ${to}`,
      rows: [row('Send', sol(parsed.data.amount)), row('To', to), row('From', String(parsed.accounts.source.address))],
    }
  }
  const kind = SystemInstruction[identifySystemInstruction(instruction)]
  return { sentence: `a system ${kind} instruction`, rows: [row('System', `${kind}: changes an account's owner, size or lamports`, true)] }
}

function describeToken(instruction: Instruction, tokens: readonly KnownSolanaToken[]): Described {
  const ix = { ...instruction, accounts: [...instruction.accounts] }
  switch (identifyTokenInstruction(instruction)) {
    case TokenInstruction.TransferChecked: {
      const parsed = parseTransferCheckedInstruction(ix)
      const amount = tokenAmount(parsed.data.amount, String(parsed.accounts.mint.address), parsed.data.decimals, tokens)
      const to = String(parsed.accounts.destination.address)
      return { sentence: `send ${amount} to the token account ${to}`, rows: [row('Send', amount), row('To token account', to)] }
    }
    case TokenInstruction.Transfer: {
      const parsed = parseTransferInstruction(ix)
      const amount = tokenAmount(parsed.data.amount, undefined, undefined, tokens)
      const to = String(parsed.accounts.destination.address)
      return { sentence: `send ${amount} to the token account ${to}`, rows: [row('Send', amount, true), row('To token account', to)] }
    }
    case TokenInstruction.Approve: {
      const parsed = parseApproveInstruction(ix)
      const delegate = String(parsed.accounts.delegate.address)
      return { sentence: `allow ${delegate} to spend tokens`, rows: [row('Allows', `${delegate} to spend ${tokenAmount(parsed.data.amount, undefined, undefined, tokens)}`, true)] }
    }
    case TokenInstruction.ApproveChecked: {
      const parsed = parseApproveCheckedInstruction(ix)
      const delegate = String(parsed.accounts.delegate.address)
      const amount = tokenAmount(parsed.data.amount, String(parsed.accounts.mint.address), parsed.data.decimals, tokens)
      return { sentence: `allow ${delegate} to spend ${amount}`, rows: [row('Allows', `${delegate} to spend ${amount}`, true)] }
    }
    case TokenInstruction.CloseAccount: {
      const parsed = parseCloseAccountInstruction(ix)
      return {
        sentence: `close the token account ${String(parsed.accounts.account.address)}`,
        rows: [row('Closes', `Token account ${String(parsed.accounts.account.address)}; its rent goes to ${String(parsed.accounts.destination.address)}`, true)],
      }
    }
    default: {
      const kind = TokenInstruction[identifyTokenInstruction(instruction)]
      return { sentence: `a token ${kind} instruction`, rows: [row('Token', `${kind}: an instruction of the token program`, true)] }
    }
  }
}
