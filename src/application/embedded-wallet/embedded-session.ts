/**
 * What the views show of a visitor connected through the embedded wallet: the signed-in user (the
 * email on Account) and the frame's confirmation requests (the frame shown over the modal). The
 * wallet is loaded already while such a session exists; before, these stay empty.
 */
import { catchError, defer, distinctUntilChanged, from, map, of, switchMap, type Observable } from 'rxjs'
import { EmbeddedWalletRequestError, type EmbeddedApproval, type EmbeddedWallet, type EmbeddedWalletLoader, type EmbeddedWalletUser, type FrameRect, type SmartAccountStatus } from '../../ports/embedded-wallet'

export class EmbeddedSession {
  readonly user$: Observable<EmbeddedWalletUser | null>
  readonly approval$: Observable<EmbeddedApproval>
  private wallet: EmbeddedWallet | undefined

  constructor(private readonly load: EmbeddedWalletLoader) {
    const loaded = defer(() => from(this.loaded()))
    this.user$ = loaded.pipe(
      switchMap((wallet) => wallet.user$),
      catchError(() => of(null)),
    )
    this.smartAccount$ = loaded.pipe(
      switchMap((wallet) =>
        wallet.user$.pipe(
          map((user) => (user?.accountType === 'smartAccount' ? user.address : null)),
          distinctUntilChanged(),
          switchMap((address) => (address === null ? of(null) : from(wallet.smartAccount()).pipe(catchError(() => of(null))))),
        ),
      ),
      catchError(() => of(null)),
    )
    this.approval$ = loaded.pipe(
      switchMap((wallet) => wallet.approval$),
      catchError(() => of({ pending: false })),
    )
  }

  /**
   * The smart account in use and whether it is deployed, read again whenever the user's account
   * changes; null on the EOA, without a smart account, or when the wallet cannot tell.
   */
  readonly smartAccount$: Observable<SmartAccountStatus | null>

  /** Shows the frame over `rect` for the visitor to confirm, or hides it (null). */
  placeFrame(rect: FrameRect | null): void {
    this.wallet?.placeFrame(rect)
  }

  /** The visitor left while the wallet waited: pending signing and sending fail, reads go on. */
  abortPending(): void {
    this.wallet?.abortPending().catch(() => undefined)
  }

  /**
   * Ends every session of the user once the visitor confirms it in the wallet: `signedOut` (this
   * connection ends with them), or `declined` when the visitor said no (nothing ended); rejects
   * with the wallet's error otherwise.
   */
  async signOutEverywhere(): Promise<'signedOut' | 'declined'> {
    return this.confirmed(async (wallet) => wallet.signOutEverywhere(), 'signedOut')
  }

  /** Adds a passkey in the wallet's frame: `added`, or `declined` when the visitor said no there. */
  async addPasskey(): Promise<'added' | 'declined'> {
    return this.confirmed(async (wallet) => wallet.addPasskey(), 'added')
  }

  /** What the visitor confirms in the wallet: `done` once it ran, `declined` when they said no there; other failures as they are. */
  private async confirmed<T extends string>(run: (wallet: EmbeddedWallet) => Promise<void>, done: T): Promise<T | 'declined'> {
    try {
      await run(await this.loaded())
      return done
    } catch (error) {
      if (error instanceof EmbeddedWalletRequestError && error.kind === 'rejected') return 'declined'
      throw error
    }
  }

  /** Opens the key export in the wallet's frame; resolves whether the keys were shown (the keys stay in the frame). */
  async exportKeys(): Promise<boolean> {
    return (await this.loaded()).exportKeys()
  }

  private async loaded(): Promise<EmbeddedWallet> {
    this.wallet ??= await this.load()
    return this.wallet
  }
}
