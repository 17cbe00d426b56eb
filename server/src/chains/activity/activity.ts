/**
 * Account activity (the history the modal lists, spec section 7): one port, two sources that each
 * give exactly the same rows (docs/service-api.md, "Activity from a real chain"). A row is a
 * transaction of one account on one EVM chain that the account sent (a transfer or a contract call),
 * or that moved the native coin, an ERC-20 or an ERC-721 token into or out of the account; its
 * transfers are those of the account.
 * Pages are newest first, in the wire's `transactionPageSchema` shape, with an opaque cursor.
 */
import { getAddress, isAddress, type Address } from 'viem'
import type { z } from 'zod/mini'
import { ChainDataError } from '../../chain-data.js'
import type { transactionPageSchema, transactionSchema } from '../../wire.js'

export type ActivityTransaction = z.infer<typeof transactionSchema>
export type ActivityPage = z.infer<typeof transactionPageSchema>

/** The spec's page size. */
export const ACTIVITY_PAGE_SIZE = 20
/** The most rows a caller may ask for in one page. */
export const MAX_ACTIVITY_PAGE_SIZE = 100

export interface ActivityPageRequest {
  readonly account: Address
  /** The eip155 chain id. */
  readonly chainId: number
  /** `next` of the page before; none for the newest page. */
  readonly cursor?: string | null
  /** Rows a page, 1 to 100 (default 20). */
  readonly limit?: number
  /** Only on-ramp purchases: transactions sent by one of the chain's configured on-ramp senders. */
  readonly onrampOnly?: boolean
  /** Only the rows that moved this token ({@link rowHasToken}); a cursor is good only with the same filter. */
  readonly token?: ActivityToken
}

/** A history's token filter on an EVM chain: its native coin, or one ERC-20 or ERC-721 contract. */
export type ActivityToken = { readonly kind: 'native' } | { readonly kind: 'contract'; readonly address: Address }

export interface ActivitySource {
  /**
   * A page of the account's activity on the chain, newest first. MUST answer the empty page for a
   * chain the source does not read. Throws {@link InvalidActivityCursorError} (a 400) for a cursor it
   * did not give out for this account, chain and filter (token, on-ramp); rejects with the node's error when a node fails.
   */
  page(request: ActivityPageRequest): Promise<ActivityPage>
}

/** A cursor that is not one this source gave out for this account and chain: the caller's mistake. */
export class InvalidActivityCursorError extends ChainDataError {
  override readonly name = 'InvalidActivityCursorError'
  override readonly code = 'INVALID_ACTIVITY_CURSOR'
  constructor() {
    super(400, 'Invalid cursor')
  }
}

/** Where a page stopped: the rows after it are those strictly older than this transaction. */
export interface ActivityPosition {
  readonly blockNumber: bigint
  readonly index: number
}

const CURSOR_VERSION = 'a1'
const MAX_CURSOR_LENGTH = 256
const MAX_BLOCK = 2n ** 62n
const MAX_INDEX = 2 ** 31 - 1

/** What a page was filtered by, as its cursors record it: a cursor read with another filter is refused. */
export function activityFilterTag(request: Pick<ActivityPageRequest, 'onrampOnly' | 'token'>): string {
  const token = request.token === undefined ? '' : request.token.kind === 'native' ? 'native' : request.token.address.toLowerCase()
  return `${request.onrampOnly ? 'onramp' : ''}${token === '' ? '' : `~${token}`}`
}

/** The cursor after `position`, bound to the account, chain and filter (`activityFilterTag`) it was given out for. */
export function encodeActivityCursor(account: Address, chainId: number, position: ActivityPosition, filter = ''): string {
  const tag = filter === '' ? '' : `.${filter}`
  return Buffer.from(`${CURSOR_VERSION}.${chainId}.${account.toLowerCase()}.${position.blockNumber}.${position.index}${tag}`).toString('base64url')
}

/** The position a cursor names; {@link InvalidActivityCursorError} for anything else (forged, another account's, another filter's). */
export function decodeActivityCursor(cursor: string, account: Address, chainId: number, filter = ''): ActivityPosition {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw new InvalidActivityCursorError()
  const match = /^a1\.(\d{1,20})\.(0x[0-9a-f]{40})\.(\d{1,19})\.(\d{1,10})(?:\.([a-z0-9~]{1,60}))?$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'))
  if (!match || Number(match[1]) !== chainId || match[2] !== account.toLowerCase() || (match[5] ?? '') !== filter) throw new InvalidActivityCursorError()
  const blockNumber = BigInt(match[3]!)
  const index = Number(match[4])
  if (blockNumber > MAX_BLOCK || index > MAX_INDEX) throw new InvalidActivityCursorError()
  return { blockNumber, index }
}

/** A requested page size, clamped to 1..100. */
export function pageLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return ACTIVITY_PAGE_SIZE
  return Math.min(MAX_ACTIVITY_PAGE_SIZE, Math.max(1, Math.floor(limit)))
}

/** The account as a checksummed address; {@link ChainDataError} 400 for anything else. */
export function activityAccount(account: string): Address {
  if (!isAddress(account, { strict: false })) throw new ChainDataError(400, 'Invalid address')
  return getAddress(account)
}

export const EMPTY_ACTIVITY_PAGE: ActivityPage = { data: [], next: null }
