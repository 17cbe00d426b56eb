/**
 * The social login's part of the composition root: the use case and the page's windows in one
 * chunk, loaded when a visitor reaches the social buttons (src/di-connect.ts binds its loader).
 */
import { browserTimers } from './infrastructure/browser-timers'
import type { Container } from 'inversify'
import type { ResolvedConfig } from './domain/config'
import { ConnectExternal } from './application/connection/connect-external'
import { SocialLogin } from './application/embedded-wallet/social-login'
import { ModalStore } from './application/modal-store'
import { BrowserSocialWindows } from './infrastructure/embedded-wallet/browser-social-windows'
import { EmbeddedWalletLoader } from './ports/embedded-wallet'
import { Logger } from './ports/logger'
import { Platform } from './ports/platform'
import { resolveSocialOptions, socialWindowMode, telegramPlatformOf } from './domain/connect/social-login'

export function createSocialLogin(container: Container, config: ResolvedConfig): SocialLogin {
  const platform = container.get(Platform)
  // The host's list or the spec's, less what Telegram's client cannot open.
  const options = resolveSocialOptions({
    configured: config.features.socials,
    ...(platform.kind === 'telegram' ? { telegram: telegramPlatformOf(platform.telegramPlatform) } : {}),
  })
  return new SocialLogin(
    container.get(EmbeddedWalletLoader),
    container.get(ConnectExternal),
    container.get(ModalStore),
    new BrowserSocialWindows(),
    new URL(config.services.auth).origin,
    container.get(Logger),
    { options, popup: socialWindowMode(platform.kind) === 'popup' },
    browserTimers,
  )
}
