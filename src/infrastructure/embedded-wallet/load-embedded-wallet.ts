/**
 * Creates the embedded wallet over its frame: the chunk the email path loads.
 */
import type { KeyValueStorage } from '../../ports/key-value-storage'
import { FrameClient } from './frame-client'
import { FrameEmbeddedWallet, type FrameEmbeddedWalletOptions } from './frame-embedded-wallet'

export interface EmbeddedWalletSettings extends FrameEmbeddedWalletOptions {
  /** The auth service's origin (config `services.auth`). */
  readonly authUrl: string
}

export function createEmbeddedWallet(settings: EmbeddedWalletSettings, storage: KeyValueStorage): FrameEmbeddedWallet {
  const client = new FrameClient({ authUrl: settings.authUrl, projectId: settings.projectId })
  return new FrameEmbeddedWallet(client, storage, settings)
}
