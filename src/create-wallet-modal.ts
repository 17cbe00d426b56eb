import type { WalletModalConfig } from './domain/config'
import { prepareLocale } from './presentation/i18n/i18n'
import { createModalCore, type CreateWalletModalOptions, type WalletModal } from './wallet-modal'

/**
 * Creates one modal instance with its own container and state. Validates the configuration and
 * throws `InvalidConfigError` naming each malformed field. Touches no `window`, `document` or
 * storage until `mount()` or `open()` is called.
 */
export function createWalletModal(config: WalletModalConfig, options: CreateWalletModalOptions = {}): WalletModal {
  // The one reference to the views: the headless entry point builds on createModalCore and never reaches them.
  // The catalogue's machinery and the shell's English come with this script (about 3 KB gzip, less
  // than as chunks of their own next to the shell's), so a language is chosen before the shell loads.
  return createModalCore(config, options, () => import('./presentation/mount').then((m) => ({ ...m, prepareLocale }))).modal
}
