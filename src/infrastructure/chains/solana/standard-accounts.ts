/**
 * The account list of a Wallet Standard wallet this modal makes of another session (WalletConnect's
 * solana namespace, the embedded wallet): the accounts, and the `standard:events` feature that
 * tells the Solana wing when they change.
 */
type ChangeListener<A> = (properties: { accounts?: readonly A[] }) => void

export interface StandardAccounts<A> {
  readonly current: () => A[]
  /** Replaces the accounts and tells every listener. */
  readonly change: (next: A[]) => void
  /** The wallet's `standard:events` feature. */
  readonly events: { readonly version: '1.0.0'; on(event: string, listener: ChangeListener<A>): () => void }
  /** The wallet's `standard:disconnect` feature: the accounts go at once, then `end` ends the session. */
  disconnect(end: () => Promise<void>): { readonly version: '1.0.0'; disconnect(): Promise<void> }
}

export function standardAccounts<A>(): StandardAccounts<A> {
  let accounts: A[] = []
  const listeners = new Set<ChangeListener<A>>()
  const change = (next: A[]): void => {
    accounts = next
    for (const listener of [...listeners]) listener({ accounts: next })
  }
  return {
    current: () => accounts,
    change,
    disconnect: (end) => ({
      version: '1.0.0',
      disconnect: async () => {
        change([])
        await end()
      },
    }),
    events: {
      version: '1.0.0',
      on(event, listener) {
        if (event !== 'change') return () => undefined
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
  }
}
