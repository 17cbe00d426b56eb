import { sendFailure, type SendError } from '../../../domain/send/send-errors'
import type { SendWarning } from '../../../domain/send/send-receiver-checks'
import type { I18n } from '../../i18n/i18n'
import { failureText } from '../../i18n/rules'

/** What stops a send, in the visitor's language (the spec's words in English). */
export function sendErrorText(i18n: I18n, error: SendError): string {
  return failureText(i18n, sendFailure(error))
}

/** A warning about the receiver, in the visitor's language. */
export function sendWarningText(i18n: I18n, warning: SendWarning): string {
  return sendErrorText(i18n, { kind: 'receiverWarning', warning })
}
