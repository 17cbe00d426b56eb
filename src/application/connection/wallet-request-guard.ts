import type { Observable, Subscription } from 'rxjs'
import type { ChainNamespace } from '../../domain/entities'
import type { ConnectedAccount, NamespaceAccounts } from '../connection-store'

/**
 * Ties an unsafe wallet request (a send, a signature) to the connection it was made over: the
 * namespace's connector and address when the request left. When that connection ends (a
 * disconnect, by the person or by the wallet) or becomes another one (the wallet switched
 * accounts), pending unsafe requests are aborted (spec section 8): `ended` turns true and
 * `onEnded` runs once, so whatever the wallet answers later is ignored. A network change on the
 * same account is no new connection. Read-only requests need no guard: they stay safe.
 */
export interface WalletRequestGuard {
  /** The connection the request was made over is gone: its answer no longer belongs to anyone. */
  readonly ended: boolean
  /** Stops watching (the wallet answered in time). */
  release(): void
}

export interface GuardedConnection {
  account(namespace: ChainNamespace): ConnectedAccount | undefined
  readonly accounts$: Observable<NamespaceAccounts>
}

/**
 * Watches `namespace`'s connection from now on. Without a connected account there is nothing to
 * tie the request to: the guard never ends (the request fails on its own for want of a wallet).
 */
export function guardWalletRequest(connection: GuardedConnection, namespace: ChainNamespace, onEnded: () => void): WalletRequestGuard {
  const key = keyOf(connection.account(namespace))
  let ended = false
  let released = false
  // A holder: the first (synchronous) emission runs before subscribe() returns.
  const watch: { subscription?: Subscription } = {}
  const guard: WalletRequestGuard = {
    get ended() {
      return ended
    },
    release() {
      released = true
      watch.subscription?.unsubscribe()
    },
  }
  if (key === undefined) return guard
  watch.subscription = connection.accounts$.subscribe((accounts) => {
    if (ended || released || keyOf(accounts[namespace]) === key) return
    ended = true
    watch.subscription?.unsubscribe()
    onEnded()
  })
  if (ended) watch.subscription.unsubscribe()
  return guard
}

function keyOf(account: ConnectedAccount | undefined): string | undefined {
  // Exact: some families' addresses are case-sensitive, and a doubt aborts (the safe side).
  return account === undefined ? undefined : `${account.namespace}|${account.connectorId}|${account.address}`
}
