/**
 * Walletgate's public API. Importing this module touches no `window`, `document` or storage, so it
 * is safe during server rendering; the modal's UI loads on demand when it is mounted or opened.
 */
export { createWalletModal } from './create-wallet-modal'
export {
  type CreateWalletModalOptions,
  type DisconnectOptions,
  type NamespaceConnectionState,
  type OpenOptions,
  type WalletModal,
  type WalletModalSiwx,
  type WalletModalState,
} from './wallet-modal'
export type { SiwxState, SiwxStatus } from './application/siwx/siwx-state'
export type { SiwxSessionFilter, SiwxStorage } from './domain/siwx/siwx-storage'
export { InvalidConfigError, DEFAULT_SERVICE_URLS, type WalletModalConfig } from './domain/config'
export { type NetworkConfig } from './domain/network/network-config'
export { type SiwxConfig } from './domain/siwx/siwx-config'
export type { AccountType, CaipNetwork, ChainNamespace, SiwxMessageData, SiwxSession, ThemeMode } from './domain/entities'
export type {
  Eip1193Provider,
  NamespaceProviders,
  ProviderOf,
  WalletStandardWallet,
} from './domain/chains/wallet-providers'
export type { ChainWing } from './composition/container'
export type { ViewName } from './domain/navigation/views'
export type { MessageKey, Translation as WalletgateMessages } from './presentation/i18n/catalogue'
export type { GrantedPermissions, PermissionRequestEntry, PermissionsRequest } from './domain/sessions/smart-sessions'
export type { AlertDescriptor } from './domain/errors'
