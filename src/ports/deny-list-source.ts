import type { ServiceIdentifier } from 'inversify'

/** The host's deny-list file was refused: too big, not JSON, or not a list of addresses. */
export class DenyListRefusedError extends Error {
  override readonly name = 'DenyListRefusedError' as const
  readonly code = 'DENY_LIST_REFUSED' as const
}

/**
 * Reads a deny-list the host serves as a file (the modal's `denyListUrl`): addresses its reviews
 * warn about. The file is untrusted text from the network.
 */
export interface DenyListSource {
  /**
   * The file's addresses (trimmed, de-duplicated).
   * MUST send no credentials (no cookies) and follow the domain's bounds (src/domain/preview/deny-list.ts):
   * MUST stop reading a body larger than MAX_DENY_LIST_BYTES (never hold more of it than that) and
   * refuse it, and MUST refuse a body that is not JSON or not a valid list, whole.
   * @throws DenyListRefusedError for a refused body; HttpError for a non-2xx answer; the network's
   *   error when the URL cannot be reached; the signal's reason when it aborts.
   */
  load(url: string, options?: { signal?: AbortSignal }): Promise<readonly string[]>
}
export const DenyListSource = Symbol('DenyListSource') as ServiceIdentifier<DenyListSource>
