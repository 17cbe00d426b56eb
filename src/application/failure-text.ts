import { isDomainError } from '../domain/domain-error'
import { isServiceError } from '../ports/http-errors'
import { boundMessage } from '../domain/validation/text-bounds'

/**
 * What a view says when one of the modal's services failed: a 500, a hang that ran out its time
 * limit, an unreachable service and an answer of the wrong shape all read the same, because the
 * visitor's next step is the same ("Try again").
 */
export const SERVICE_FAILURE_TEXT = 'The service is not responding right now. Please try again in a moment.'

/** What a view says about a failure it cannot name. */
export const UNKNOWN_FAILURE_TEXT = 'Something went wrong. Please try again.'

/**
 * Plain words for `error` on screen. Never the raw HTTP text ("HTTP status code: 500") nor a URL
 * path: a service failure reads {@link SERVICE_FAILURE_TEXT}; an error of the catalogue keeps the
 * spec's own words; anything else reads `fallback`.
 */
export function failureText(error: unknown, fallback: string = UNKNOWN_FAILURE_TEXT): string {
  if (isServiceError(error)) return SERVICE_FAILURE_TEXT
  if (isDomainError(error) && error.message !== '') return error.message
  return fallback
}

/** A wallet that already has a request waiting (EIP-1193's -32002, in any family's terms). */
export const WALLET_BUSY_TEXT = 'Your wallet already has a request waiting. Open your wallet and finish that request, then try again.'

/** What a view says when a wallet failed a request for a reason it does not name plainly. */
export const WALLET_FAILURE_TEXT = 'Your wallet could not complete the request. Please try again.'

const WALLET_KIND_TEXT: Readonly<Record<string, string>> = {
  pending: WALLET_BUSY_TEXT,
  rejected: 'The request was declined in your wallet.',
  unknownNetwork: 'Your wallet does not know this network.',
  unsupportedMethod: 'Your wallet does not support this request.',
}

/**
 * Words that only a machine's message carries (URLs and paths, HTTP and RPC terms, serialised
 * data, stack-like prefixes): a wallet's message holding any of them is not shown as it is.
 */
const JARGON =
  /[a-z][a-z0-9+.-]*:\/\/|(?:^|\s)\/[\w.-]+\/|\bHTTP\b|status code|\bRPC\b|JSON|\bfetch\b|Details:|Version:|[{}<>[\]]|\b[A-Z][a-zA-Z]*Error\b|\b(?:code|error)\s*:?\s*-?\d{3,}|-32\d{3}|0x[0-9a-fA-F]{10,}|\bundefined\b|\bnull\b/

/**
 * Plain words for a wallet's failure on screen: a busy wallet says to open it and finish the
 * request waiting there, a refusal says so, the modal's own errors keep their (spec) words, a
 * service failure reads {@link SERVICE_FAILURE_TEXT}, a wallet's own message is kept when it is
 * plain words (bounded), and anything technical reads {@link WALLET_FAILURE_TEXT}.
 */
export function walletFailureText(error: unknown): string {
  if (isServiceError(error)) return SERVICE_FAILURE_TEXT
  if (isDomainError(error) && error.message !== '') return error.message
  const kind = error instanceof Error && 'kind' in error && typeof error.kind === 'string' ? error.kind : undefined
  const byKind = kind === undefined ? undefined : WALLET_KIND_TEXT[kind]
  if (byKind !== undefined) return byKind
  const message = error instanceof Error ? boundMessage(error.message) : ''
  if (message === '' || JARGON.test(message)) return WALLET_FAILURE_TEXT
  return message
}

/** Plain words for a network switch the wallet did not make. */
export function switchFailureText(error: unknown): string {
  const kind = error instanceof Error && 'kind' in error ? error.kind : undefined
  if (kind === 'rejected') return 'The network switch was declined in your wallet.'
  if (kind === 'failed' || kind === undefined) {
    const text = walletFailureText(error)
    return text === WALLET_FAILURE_TEXT ? 'Your wallet did not switch networks. Please try again.' : text
  }
  return walletFailureText(error)
}
