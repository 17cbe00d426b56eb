/**
 * The email login's part of the composition root, a chunk of its own: loaded when the visitor
 * focuses the email field (the connect module binds only its loader). Hands out the use case.
 */
import { AlertStore } from '../../application/alert-store'
import { ConnectExternal } from '../../application/connection/connect-external'
import { EmailLogin } from '../../application/embedded-wallet/email-login'
import { ModalStore } from '../../application/modal-store'
import { Clock } from '../../ports/clock'
import { EmbeddedWalletLoader } from '../../ports/embedded-wallet'
import { KeyValueStorage } from '../../ports/key-value-storage'
import { Logger } from '../../ports/logger'
import { browserTimers } from '../../infrastructure/browser-timers'
import { addEnglish } from '../../presentation/i18n/english'
import { email } from '../../presentation/i18n/messages/email'
import { errors } from '../../presentation/i18n/messages/errors'
import type { Bind } from '../feature-module'

// The field on Connect shows the login's failures by their keys (the login's own, and the spec's
// errors the wallet names) before any email view's chunk has brought their English: it comes with the login.
addEnglish(email, errors)

export const bindEmail: Bind = ({ container: ctx }) => ({
  handle: new EmailLogin({
    loadWallet: ctx.get(EmbeddedWalletLoader),
    connect: ctx.get(ConnectExternal),
    modal: ctx.get(ModalStore),
    storage: ctx.get(KeyValueStorage),
    clock: ctx.get(Clock),
    alerts: ctx.get(AlertStore),
    logger: ctx.get(Logger),
    timers: browserTimers,
  }),
})
