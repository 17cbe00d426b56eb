import type { ServiceIdentifier } from 'inversify'
import type { ResolvedConfig } from '../domain/config'

/** The host's validated configuration for this modal instance. */
export const ModalConfig = Symbol('ModalConfig') as ServiceIdentifier<ResolvedConfig>

/**
 * Loads the bindings a connected visitor needs beyond the Connect view (account, networks, send,
 * activity), which live in their own chunk. `load()` is idempotent.
 */
export interface FeatureLoader {
  load(): Promise<Features>
}

/** What the facade needs of the lazily loaded features, without importing their modules. */
export interface Features {
  /** Starts the network rules: persist the active network, watch for unsupported chains. */
  start(): void
  /** Asks the wallet to move to a configured network; rejects with the switch's error. */
  switchNetwork(caipNetworkId: string): Promise<void>
  /** Releases subscriptions and clients. */
  dispose(): void
}
export const FeatureLoader = Symbol('FeatureLoader') as ServiceIdentifier<FeatureLoader>
