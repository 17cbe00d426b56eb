import { BehaviorSubject, type Observable, type SchedulerLike, type Subscription } from 'rxjs'
import type { ResolvedConfig } from '../../domain/config'
import { decideClose } from '../../domain/navigation/close-guard'
import { resolveEmbeddedCloseView } from '../../domain/navigation/open-rules'
import type { ConnectionStore } from '../connection-store'
import type { ModalStore } from '../modal-store'

export type CloseOutcome = 'closed' | 'shake'

/**
 * Closing the modal (close button, Escape, backdrop). On the sign and approve views while sign-in
 * is required and no session exists, closing is refused and the modal shakes for 500 ms (domain
 * close guard). In embedded mode "closing" shows Account when connected, otherwise Connect.
 */
export class CloseModal {
  private readonly shaking = new BehaviorSubject<boolean>(false)
  readonly shaking$: Observable<boolean> = this.shaking.asObservable()
  private timer: Subscription | undefined

  constructor(
    private readonly modal: ModalStore,
    private readonly connection: ConnectionStore,
    private readonly config: { readonly siwx?: Pick<NonNullable<ResolvedConfig['siwx']>, 'required'> | undefined },
    private readonly scheduler: SchedulerLike,
    /** Whether the active account has a sign-in session (the SIWX use case provides it once it exists). */
    private readonly hasSession: () => boolean = () => false,
  ) {}

  request(options: { embedded: boolean } = { embedded: false }): CloseOutcome {
    const decision = decideClose({
      view: this.modal.view,
      siwxRequired: this.config.siwx?.required ?? false,
      hasSession: this.hasSession(),
    })
    if (decision.action === 'shake') {
      this.timer?.unsubscribe()
      this.shaking.next(true)
      this.timer = this.scheduler.schedule(() => this.shaking.next(false), decision.durationMs)
      return 'shake'
    }
    if (options.embedded) {
      this.modal.reset(resolveEmbeddedCloseView(this.connection.snapshot.status === 'connected'))
    } else {
      this.modal.close()
    }
    return 'closed'
  }
}
