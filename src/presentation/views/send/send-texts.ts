import { chainFamilyLabel } from '../../../domain/connection/connectors'
import { numberMarks, exampleAmount } from '../../../domain/format/locale-number'
import { sendErrorCause, sendErrorMessage, type SendError } from '../../../domain/send/send-errors'
import type { SendWarning } from '../../../domain/send/send-receiver-checks'
import type { I18n } from '../../i18n/i18n'
import { errorText } from '../../i18n/rules'

/** What stops a send, in the visitor's language (the spec's words in English). */
export function sendErrorText(i18n: I18n, error: SendError): string {
  switch (error.kind) {
    case 'wrongFamily':
      return error.namespace === 'eip155'
        ? i18n.t('failure.wrongFamilyEvm')
        : i18n.t('failure.wrongFamily', { family: chainFamilyLabel(error.namespace) })
    case 'unclearAmount':
      return i18n.t('failure.unclearAmount', { mark: numberMarks(error.locale).decimal, example: exampleAmount(error.locale) })
    case 'tooManyDecimals':
      return error.decimals === 0 ? i18n.t('failure.noDecimals') : i18n.t('failure.maxDecimals', { decimals: String(error.decimals) })
    case 'nameNotFound':
      return i18n.t('failure.nameNotFound', { name: error.name })
    case 'nameHasNoAddress':
      return i18n.t('failure.nameHasNoAddress', { name: error.name })
    case 'receiverWarning':
      return sendWarningText(i18n, error.warning)
    default:
      // The spec's errors by their code; Walletgate's own texts by their English.
      return errorText(i18n, sendErrorCause(error), sendErrorMessage(error))
  }
}

/** A warning about the receiver, in the visitor's language. */
export function sendWarningText(i18n: I18n, warning: SendWarning): string {
  switch (warning.kind) {
    case 'zeroAddress':
      return i18n.t('send.warning.zeroAddress')
    case 'tokenContract':
      return i18n.t('send.warning.tokenContract', { symbol: warning.symbol })
    case 'self':
      return i18n.t('send.warning.self')
  }
}
