/**
 * What a family's adapters throw when a network, a node or a wallet gives them nothing usable:
 * errors with a literal `name` and a stable `code`, their English for logs and for the views'
 * plain-words check (not DomainErrors: the modal shows none of these words as the catalogue's).
 */

/** The configured network has no URL of the service the adapter needs. */
export class NetworkUrlMissingError extends Error {
  override readonly name = 'NetworkUrlMissingError' as const
  readonly code = 'NETWORK_URL_MISSING' as const
}

/** A node or a chain service answered with a failure status, or without what was asked. */
export class NodeAnswerError extends Error {
  override readonly name = 'NodeAnswerError' as const
  readonly code = 'NODE_ANSWER_UNUSABLE' as const
}

/** A wallet answered a request without what the adapter needs, or cannot take it. */
export class WalletAnswerError extends Error {
  override readonly name = 'WalletAnswerError' as const
  readonly code = 'WALLET_ANSWER_UNUSABLE' as const
}
