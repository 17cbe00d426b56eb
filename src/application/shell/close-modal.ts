import { BehaviorSubject, type Observable, type SchedulerLike, type Subscription } from 'rxjs'
import type { ResolvedConfig } from '../../domain/config'
import { decideClose } from '../../domain/navigation/close-guard'
import { resolveEmbeddedCloseView } from '../../domain/navigation/open-rules'
import type { ConnectionStore } from '../connection-store'
import type { ModalStore } from '../modal-store'

export type CloseOutcome = 'closed' | 'shake'

export interface CloseModalDeps {
  readonly modal: ModalStore
  readonly connection: ConnectionStore
  readonly config: { readonly siwx?: Pick<NonNullable<ResolvedConfig['siwx']>, 'required'> | undefined }
  readonly scheduler: SchedulerLike
  /** Whether the active account has a sign-in session (the SIWX use case provides it once it exists). */
  readonly hasSession?: () => boolean
}

/**
 * Closing the modal (close button, Escape, backdrop). On the sign and approve views while sign-in
 * is required and no session exists, closing is refused and the modal shakes for 500 ms (domain
 * close guard). In embedded mode "closing" shows Account when connected, otherwise Connect.
 */
export class CloseModal {
  private readonly shaking = new BehaviorSubject<boolean>(false)
  readonly shaking$: Observable<boolean> = this.shaking.asObservable()
  private timer: Subscription | undefined

  constructor(private readonly deps: CloseModalDeps) {}

  request(options: { embedded: boolean } = { embedded: false }): CloseOutcome {
    const decision = decideClose({
      view: this.deps.modal.view,
      siwxRequired: this.deps.config.siwx?.required ?? false,
      hasSession: this.deps.hasSession?.() ?? false,
    })
    if (decision.action === 'shake') {
      this.timer?.unsubscribe()
      this.shaking.next(true)
      this.timer = this.deps.scheduler.schedule(() => this.shaking.next(false), decision.durationMs)
      return 'shake'
    }
    if (options.embedded) {
      this.deps.modal.reset(resolveEmbeddedCloseView(this.deps.connection.snapshot.status === 'connected'))
    } else {
      this.deps.modal.close()
    }
    return 'closed'
  }
}
