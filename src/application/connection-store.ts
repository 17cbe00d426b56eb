import { BehaviorSubject, type Observable } from 'rxjs'
import type { ChainNamespace } from '../domain/entities'

export type ConnectionState =
  | { readonly status: 'disconnected' }
  | { readonly status: 'connecting'; readonly connectorId: string }
  | {
      readonly status: 'connected'
      readonly connectorId: string
      readonly namespace: ChainNamespace
      /** CAIP-10, e.g. `eip155:31337:0xabc…` */
      readonly caipAddress: string
      readonly address: string
      /** CAIP-2 of the network the wallet reports, configured or not. */
      readonly caipNetworkId: string
    }

/** The connection status machine's current state; the connect use cases drive it. */
export class ConnectionStore {
  private readonly subject = new BehaviorSubject<ConnectionState>({ status: 'disconnected' })
  readonly state$: Observable<ConnectionState> = this.subject.asObservable()

  get snapshot(): ConnectionState {
    return this.subject.value
  }

  set(next: ConnectionState): void {
    this.subject.next(next)
  }
}
