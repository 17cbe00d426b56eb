import { isDomainError } from '../domain/domain-error'
import { isServiceError } from '../ports/http-errors'
import { boundMessage } from '../domain/validation/text-bounds'
import { failure, type Failure } from '../domain/failure'

/**
 * What a view says when one of the modal's services failed: a 500, a hang that ran out its time
 * limit, an unreachable service and an answer of the wrong shape all read the same, because the
 * visitor's next step is the same ("Try again").
 */
export const SERVICE_FAILURE: Failure = failure('failure.service')

/** What a view says about a failure it cannot name. */
export const UNKNOWN_FAILURE: Failure = failure('failure.unknown')

/** A wallet that already has a request waiting (EIP-1193's -32002, in any family's terms). */
export const WALLET_BUSY: Failure = failure('failure.walletBusy')

/** What a view says when a wallet failed a request for a reason it does not name plainly. */
export const WALLET_FAILURE: Failure = failure('failure.wallet')

/** An error of the catalogue by its words' key, or text that is shown as it is (its own details). */
function ownWords(error: { readonly message: string }): Failure {
  return failure('failure.walletReason', { reason: error.message })
}

/**
 * Plain words for `error` on screen. Never the raw HTTP text ("HTTP status code: 500") nor a URL
 * path: a service failure reads {@link SERVICE_FAILURE}; an error of the catalogue keeps the
 * spec's own words (a view renders them by its code where they are its code's); anything else
 * reads `fallback`.
 */
export function serviceFailure(error: unknown, fallback: Failure = UNKNOWN_FAILURE): Failure {
  if (isServiceError(error)) return SERVICE_FAILURE
  if (isDomainError(error) && error.message !== '') return ownWords(error)
  return fallback
}

const WALLET_KIND: Readonly<Record<string, Failure>> = {
  pending: WALLET_BUSY,
  rejected: failure('failure.walletDeclined'),
  unknownNetwork: failure('failure.unknownNetwork'),
  unsupportedMethod: failure('failure.unsupportedMethod'),
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
 * service failure reads {@link SERVICE_FAILURE}, a wallet's own message is kept when it is
 * plain words (bounded), and anything technical reads {@link WALLET_FAILURE}.
 */
export function walletFailure(error: unknown): Failure {
  if (isServiceError(error)) return SERVICE_FAILURE
  if (isDomainError(error) && error.message !== '') return ownWords(error)
  const kind = error instanceof Error && 'kind' in error && typeof error.kind === 'string' ? error.kind : undefined
  const byKind = kind === undefined ? undefined : WALLET_KIND[kind]
  if (byKind !== undefined) return byKind
  const message = error instanceof Error ? boundMessage(error.message) : ''
  if (message === '' || JARGON.test(message)) return WALLET_FAILURE
  return failure('failure.walletReason', { reason: message })
}

/** Plain words for a network switch the wallet did not make. */
export function switchFailure(error: unknown): Failure {
  const kind = error instanceof Error && 'kind' in error ? error.kind : undefined
  if (kind === 'rejected') return failure('failure.switchDeclined')
  if (kind === 'failed' || kind === undefined) {
    const said = walletFailure(error)
    return said === WALLET_FAILURE ? failure('failure.switchFailed') : said
  }
  return walletFailure(error)
}
