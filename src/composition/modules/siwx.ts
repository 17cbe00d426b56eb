import { BehaviorSubject } from 'rxjs'
import { EventReporter } from '../../application/connection/report-event'
import { SiwxLoader, type SiwxHandle, type SiwxState } from '../../application/siwx/siwx-state'
import type { FeatureModule } from '../feature-module'

/**
 * Sign-in with the wallet: its loader and state are bound at mount; its use cases (bindings/siwx.ts,
 * with each family's message code behind it) load only when the host configured `siwx`, once a
 * wallet connects (the account module asks) or a sign-in view or call needs them.
 */
export const siwx: FeatureModule = {
  id: 'siwx',
  setup({ container, config, wings }) {
    const state = new BehaviorSubject<SiwxState>({ status: config.siwx ? 'signed-out' : 'disabled' })
    let loading: Promise<SiwxHandle & { dispose(): void }> | undefined
    container.bind(SiwxLoader).toConstantValue({
      state$: state,
      get snapshot() {
        return state.value
      },
      load() {
        // Without `siwx` the chunk rejects with "SIWX is not enabled": one lazy import for both.
        loading ??= import('../bindings/siwx').then(({ startSignIn }) => startSignIn(container, config, state, container.get(EventReporter), wings))
        loading.catch(() => (loading = undefined))
        return loading
      },
      dispose() {
        void loading?.then((signIn) => signIn.dispose(), () => undefined)
      },
    })
  },
}
