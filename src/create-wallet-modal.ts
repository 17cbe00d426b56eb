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
  // The renderer comes with the texts of the visitor's language, fetched beside it (prepareLocale
  // never rejects: a language that cannot be fetched shows English). The catalogue's machinery is in
  // this script: as a chunk of its own next to the shell's it weighed more.
  return createModalCore(config, options, (locale) => Promise.all([import('./presentation/mount'), prepareLocale(locale)]).then(([renderer]) => renderer)).modal
}
