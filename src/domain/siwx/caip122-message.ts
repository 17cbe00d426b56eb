/**
 * CAIP-122 ("Sign in with X") message text for chain families without a standard of their own
 * (polkadot, cosmos): EIP-4361's layout with the family's account name, and the full CAIP-2 id as
 * the Chain ID (a polkadot or cosmos chain reference means nothing without its namespace).
 */
import type { SiwxMessageData } from '../entities'
import { DomainError } from '../domain-error'

/** One line: no line breaks may enter a field (they would forge the lines after it). */
function line(value: string, field: string): string {
  if (/[\r\n\u2028\u2029]/.test(value)) throw new InvalidSignInMessageError(`The ${field} of a sign-in message must be one line`)
  return value
}

/**
 * The text a wallet signs for `data`; `accountKind` names the account ("Polkadot", "Cosmos").
 * @throws when a field would break the message's lines, or the nonce is not 8+ alphanumerics.
 */
export function caip122Message(data: SiwxMessageData, accountKind: string): string {
  if (!/^[A-Za-z0-9]{8,}$/.test(data.nonce)) throw new InvalidSignInMessageError('The nonce of a sign-in message must be 8 or more letters and digits')
  const lines = [`${line(data.domain, 'domain')} wants you to sign in with your ${accountKind} account:`, line(data.accountAddress, 'address'), '']
  if (data.statement !== undefined) lines.push(line(data.statement, 'statement'), '')
  lines.push(`URI: ${line(data.uri, 'uri')}`, `Version: ${line(data.version, 'version')}`, `Chain ID: ${line(data.chainId, 'chain id')}`, `Nonce: ${data.nonce}`)
  if (data.issuedAt !== undefined) lines.push(`Issued At: ${line(data.issuedAt, 'issued at')}`)
  if (data.expirationTime !== undefined) lines.push(`Expiration Time: ${line(data.expirationTime, 'expiration time')}`)
  if (data.notBefore !== undefined) lines.push(`Not Before: ${line(data.notBefore, 'not before')}`)
  if (data.requestId !== undefined) lines.push(`Request ID: ${line(data.requestId, 'request id')}`)
  if (data.resources !== undefined && data.resources.length > 0) {
    lines.push('Resources:', ...data.resources.map((r) => `- ${line(r, 'resource')}`))
  }
  return lines.join('\n')
}

const FIELDS: readonly (readonly [string, Exclude<keyof SiwxMessageData, 'resources'>])[] = [
  ['URI', 'uri'],
  ['Version', 'version'],
  ['Chain ID', 'chainId'],
  ['Nonce', 'nonce'],
  ['Issued At', 'issuedAt'],
  ['Expiration Time', 'expirationTime'],
  ['Not Before', 'notBefore'],
  ['Request ID', 'requestId'],
]

/**
 * Reads a CAIP-122 message of `accountKind` back into its data: what a server (or a test) does
 * with the text a wallet signed. Undefined when the text is not exactly such a message (fields
 * out of order, an unknown line, a missing URI, version, chain or nonce).
 */
export function parseCaip122Message(text: string, accountKind: string): SiwxMessageData | undefined {
  const lines = text.split('\n')
  const header = lines[0]?.match(new RegExp(`^(\\S+) wants you to sign in with your ${accountKind} account:$`))
  const accountAddress = lines[1]
  if (header?.[1] === undefined || accountAddress === undefined || accountAddress === '' || lines[2] !== '') return undefined
  const data: Partial<Record<Exclude<keyof SiwxMessageData, 'resources'>, string>> & { resources?: string[] } = { domain: header[1], accountAddress }
  let i = 3
  if (lines[i] !== undefined && !lines[i]!.startsWith('URI: ')) {
    data.statement = lines[i]!
    if (lines[i + 1] !== '') return undefined
    i += 2
  }
  let field = 0
  for (; i < lines.length && lines[i] !== 'Resources:'; i++) {
    const line = lines[i]!
    while (field < FIELDS.length && !line.startsWith(`${FIELDS[field]![0]}: `)) field++
    const entry = FIELDS[field]
    if (entry === undefined) return undefined
    data[entry[1]] = line.slice(entry[0].length + 2)
    field++
  }
  if (lines[i] === 'Resources:') {
    const resources = lines.slice(i + 1)
    if (resources.length === 0 || !resources.every((r) => r.startsWith('- '))) return undefined
    data.resources = resources.map((r) => r.slice(2))
  }
  if (data.uri === undefined || data.version === undefined || data.chainId === undefined || data.nonce === undefined) return undefined
  return data as SiwxMessageData
}

/** Sign-in fields that cannot make a message to sign (a line break, a short nonce, a foreign address). */
export class InvalidSignInMessageError extends DomainError {
  override readonly name = 'InvalidSignInMessageError' as const
  readonly code = 'INVALID_SIGN_IN_MESSAGE' as const
  constructor(detail: string) {
    super(detail)
  }
}
