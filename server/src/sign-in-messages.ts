/**
 * Signed sign-in messages (SIWX) as a host's server checks them: the family's text (EIP-4361 for
 * eip155, Sign-In-With-Solana for solana) read into the modal's message data, and its signature
 * verified (an eip155 smart account through its chain, ERC-1271/6492; an ordinary account by
 * recovery, without the chain).
 */
import { createSignInMessageText, parseSignInMessageText, verifyMessageSignature } from '@solana/wallet-standard-util'
import { createPublicClient, fallback, http, isAddress, isAddressEqual, recoverMessageAddress, type Hex, type PublicClient } from 'viem'
import { createSiweMessage, parseSiweMessage, validateSiweMessage, verifySiweMessage } from 'viem/siwe'
import { decodeBase58 } from './base58.js'
import { HttpError } from './http-error.js'

/** The fields of a signed sign-in message, as the modal keeps them (SiwxMessageData). */
export interface SignInMessageData {
  accountAddress: string
  chainId: string
  domain: string
  uri: string
  version: string
  nonce: string
  statement?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/** A chain sign-in is offered on: its CAIP-2 id, and for eip155 the RPC its smart accounts verify through. */
export interface SignInChain {
  readonly id: string
  readonly rpcUrls?: readonly string[]
}

/** The chains sign-in accepts, by CAIP-2 id; the eip155 ones with a client when they have an RPC URL. */
export class SignInChains {
  private readonly chains = new Map<string, SignInChain>()
  private readonly clients = new Map<string, PublicClient>()

  constructor(chains: readonly SignInChain[]) {
    for (const chain of chains) {
      const known = this.chains.get(chain.id)
      this.chains.set(chain.id, { id: chain.id, rpcUrls: [...(known?.rpcUrls ?? []), ...(chain.rpcUrls ?? [])] })
    }
  }

  has(caipNetworkId: string): boolean {
    return this.chains.has(caipNetworkId)
  }

  /** The chain's client (made on first use), or undefined for a chain without an RPC URL. */
  client(caipNetworkId: string): PublicClient | undefined {
    const made = this.clients.get(caipNetworkId)
    if (made !== undefined) return made
    const urls = this.chains.get(caipNetworkId)?.rpcUrls ?? []
    if (urls.length === 0) return undefined
    const transports = urls.map((url) => http(url, { retryCount: 1, timeout: 10_000 }))
    const client = createPublicClient({ transport: transports.length === 1 ? transports[0]! : fallback(transports) }) as PublicClient
    this.clients.set(caipNetworkId, client)
    return client
  }
}

const malformedMessage = () => new HttpError(400, 'Malformed sign-in message')

/**
 * The message data of `message` for the network `caipNetworkId`; null when sign-in is not offered on
 * that network; throws 400 for a message that is not the family's sign-in text.
 */
export function readSignInMessage(message: string, caipNetworkId: string, chains: SignInChains): SignInMessageData | null {
  const namespace = caipNetworkId.split(':')[0]
  if (namespace === 'eip155') return /^eip155:\d+$/.test(caipNetworkId) && chains.has(caipNetworkId) ? eip155Data(message) : null
  if (namespace === 'solana') return chains.has(caipNetworkId) ? solanaData(message) : null
  return null
}

function eip155Data(message: string): SignInMessageData {
  const parsed = parseSiweMessage(message)
  if (!parsed.address || !isAddress(parsed.address) || parsed.chainId === undefined || !parsed.domain || !parsed.uri || !parsed.nonce || !parsed.version) {
    throw malformedMessage()
  }
  return withoutUndefined({
    accountAddress: parsed.address,
    chainId: `eip155:${String(parsed.chainId)}`,
    domain: parsed.domain,
    uri: parsed.uri,
    version: parsed.version,
    nonce: parsed.nonce,
    statement: parsed.statement,
    issuedAt: parsed.issuedAt?.toISOString(),
    expirationTime: parsed.expirationTime?.toISOString(),
    notBefore: parsed.notBefore?.toISOString(),
    requestId: parsed.requestId,
    resources: parsed.resources,
  })
}

function solanaData(message: string): SignInMessageData {
  const parsed = parseSignInMessageText(message)
  if (parsed === null || !parsed.address || !parsed.chainId || !parsed.uri || !parsed.nonce || !parsed.version || createSignInMessageText(parsed) !== message) {
    throw malformedMessage()
  }
  return withoutUndefined({
    accountAddress: parsed.address,
    chainId: parsed.chainId,
    domain: parsed.domain,
    uri: parsed.uri,
    version: parsed.version,
    nonce: parsed.nonce,
    statement: parsed.statement,
    issuedAt: parsed.issuedAt,
    expirationTime: parsed.expirationTime,
    notBefore: parsed.notBefore,
    requestId: parsed.requestId,
    resources: parsed.resources?.slice(),
  })
}

/**
 * `stated` (the caller's own copy of the fields) when it describes exactly `message`: an eip155
 * address may be written in lower case there and checksummed in the text. 400 otherwise.
 */
export function describedData(stated: unknown, parsed: SignInMessageData, message: string): SignInMessageData {
  const malformed = () => new HttpError(400, 'The data does not describe the signed message')
  if (typeof stated !== 'object' || stated === null || Array.isArray(stated)) throw malformed()
  const data = stated as SignInMessageData
  const strings = ['accountAddress', 'chainId', 'domain', 'uri', 'version', 'nonce'] as const
  if (!strings.every((k) => typeof data[k] === 'string')) throw malformed()
  let text: string
  try {
    text = parsed.chainId.startsWith('eip155:')
      ? createSiweMessage({
          address: data.accountAddress as Hex,
          chainId: Number(data.chainId.slice('eip155:'.length)),
          domain: data.domain,
          uri: data.uri,
          version: '1',
          nonce: data.nonce,
          ...(data.statement === undefined ? {} : { statement: data.statement }),
          ...(data.issuedAt === undefined ? {} : { issuedAt: new Date(data.issuedAt) }),
          ...(data.expirationTime === undefined ? {} : { expirationTime: new Date(data.expirationTime) }),
          ...(data.notBefore === undefined ? {} : { notBefore: new Date(data.notBefore) }),
          ...(data.requestId === undefined ? {} : { requestId: data.requestId }),
          ...(data.resources === undefined ? {} : { resources: data.resources }),
        })
      : createSignInMessageText({ ...data, address: data.accountAddress })
  } catch {
    throw malformed()
  }
  if (text !== message || data.chainId !== parsed.chainId) throw malformed()
  return withoutUndefined({
    accountAddress: data.accountAddress,
    chainId: data.chainId,
    domain: data.domain,
    uri: data.uri,
    version: data.version,
    nonce: data.nonce,
    statement: data.statement,
    issuedAt: data.issuedAt,
    expirationTime: data.expirationTime,
    notBefore: data.notBefore,
    requestId: data.requestId,
    resources: data.resources,
  })
}

/** Whether `signature` is the account's over `message` (checked at `atMs`); a chain that cannot be asked is a no. */
export async function verifySignIn(data: SignInMessageData, message: string, signature: string, atMs: number, chains: SignInChains): Promise<boolean> {
  return data.chainId.startsWith('eip155:') ? verifyEip155(data, message, signature, atMs, chains) : verifySolana(data, message, signature)
}

/**
 * EIP-4361: the message's fields (domain, nonce, times) through viem, then the signature: an
 * ordinary account's by recovery, else through the chain's client (a smart account's contract).
 */
async function verifyEip155(data: SignInMessageData, message: string, signature: string, atMs: number, chains: SignInChains): Promise<boolean> {
  if (!/^0x[0-9a-fA-F]+$/.test(signature) || !chains.has(data.chainId)) return false
  const parsed = parseSiweMessage(message)
  if (!parsed.address || !validateSiweMessage({ message: parsed, domain: data.domain, nonce: data.nonce, time: new Date(atMs) })) return false
  const address = parsed.address
  const recovered = await recoverMessageAddress({ message, signature: signature as Hex }).then(
    (signer) => isAddressEqual(signer, address),
    () => false,
  )
  if (recovered) return true
  const client = chains.client(data.chainId)
  if (client === undefined) return false
  return verifySiweMessage(client, { message, signature: signature as Hex, domain: data.domain, nonce: data.nonce, time: new Date(atMs) }).catch(() => false)
}

/** ed25519 over the message's bytes, with the account's key (its base58 address); the signature in base58. */
function verifySolana(data: SignInMessageData, message: string, signature: string): boolean {
  // A key is 32 bytes (at most 44 characters), a signature 64 (at most 88): nothing longer is decoded.
  if (data.accountAddress.length > 44 || signature.length > 88) return false
  let publicKey: Uint8Array
  let signatureBytes: Uint8Array
  try {
    publicKey = decodeBase58(data.accountAddress)
    signatureBytes = decodeBase58(signature)
  } catch {
    return false
  }
  if (publicKey.length !== 32 || signatureBytes.length !== 64) return false
  const bytes = new TextEncoder().encode(message)
  try {
    return verifyMessageSignature({ message: bytes, signedMessage: bytes, signature: signatureBytes, publicKey })
  } catch {
    return false
  }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}
