/**
 * Creates the embedded wallet over its frame: the chunk the email path loads.
 */
import type { ResolvedConfig } from '../../domain/config'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import { FrameClient } from './frame-client'
import { FrameEmbeddedWallet } from './frame-embedded-wallet'

/** The version the frame is told (SYNC_DAPP_DATA), as the service client sends it. */
const SDK_VERSION = 'walletgate-0.1.0'

export function createEmbeddedWallet(config: ResolvedConfig, storage: KeyValueStorage): FrameEmbeddedWallet {
  const projectId = config.projectId ?? ''
  const client = new FrameClient({ authUrl: config.services.auth, projectId })
  return new FrameEmbeddedWallet(client, storage, {
    projectId,
    themeMode: config.themeMode,
    sdkVersion: SDK_VERSION,
    ...(config.metadata ? { metadata: { name: config.metadata.name, url: config.metadata.url } } : {}),
  })
}
