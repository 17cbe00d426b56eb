/**
 * The social login's part of the composition root: the use case and the page's windows in one
 * chunk, loaded when a visitor reaches the social buttons (the connect module binds its loader). Hands out the use case.
 */
import { browserTimers } from '../../infrastructure/browser-timers'
import type { Bind } from '../feature-module'
import { ConnectExternal } from '../../application/connection/connect-external'
import { SocialLogin } from '../../application/embedded-wallet/social-login'
import { ModalStore } from '../../application/modal-store'
import { BrowserSocialWindows } from '../../infrastructure/embedded-wallet/browser-social-windows'
import { EmbeddedWalletLoader } from '../../ports/embedded-wallet'
import { Logger } from '../../ports/logger'
import { Platform } from '../../ports/platform'
import { resolveSocialOptions, socialWindowMode, telegramPlatformOf } from '../../domain/connect/social-login'

export const bindSocial: Bind = ({ container, config }) => {
  const platform = container.get(Platform)
  // The host's list or the spec's, less what Telegram's client cannot open.
  const options = resolveSocialOptions({
    configured: config.features.socials,
    ...(platform.kind === 'telegram' ? { telegram: telegramPlatformOf(platform.telegramPlatform) } : {}),
  })
  const login = new SocialLogin({
    loadWallet: container.get(EmbeddedWalletLoader),
    connect: container.get(ConnectExternal),
    modal: container.get(ModalStore),
    windows: new BrowserSocialWindows(),
    authOrigin: new URL(config.services.auth).origin,
    logger: container.get(Logger),
    offer: { options, popup: socialWindowMode(platform.kind) === 'popup' },
    timers: browserTimers,
  })
  return { handle: login }
}
