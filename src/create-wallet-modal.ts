import type { WalletModalConfig } from './domain/config'
import { createModalCore, type CreateWalletModalOptions, type WalletModal } from './wallet-modal'

/**
 * Creates one modal instance with its own container and state. Validates the configuration and
 * throws `InvalidConfigError` naming each malformed field. Touches no `window`, `document` or
 * storage until `mount()` or `open()` is called.
 */
export function createWalletModal(config: WalletModalConfig, options: CreateWalletModalOptions = {}): WalletModal {
  // The one reference to the views: the headless entry point builds on createModalCore and never reaches them.
  return createModalCore(config, options, () => import('./presentation/mount')).modal
}
