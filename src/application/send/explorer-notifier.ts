import type { SnackText } from '../../domain/entities'
import type { SendNotifier } from './collaborators'

/** A transaction's page on a block explorer (`<explorer>/tx/<hash>`), or undefined without an explorer. */
export function transactionExplorerUrl(blockExplorerUrl: string | undefined, hash: string): string | undefined {
  if (blockExplorerUrl === undefined || blockExplorerUrl === '') return undefined
  return `${blockExplorerUrl.replace(/\/+$/, '')}/tx/${hash}`
}

/**
 * The modal's snacks as the send's notifier: the snack of a sent transaction links to it in the
 * block explorer of the network it went to (when that network has one), as peers' toasts do.
 */
export function explorerLinkingNotifier(
  snacks: { showSuccess(message: string, link?: string, text?: SnackText): void; showError(message: string, text?: SnackText): void },
  blockExplorerUrl: () => string | undefined,
): SendNotifier {
  return {
    showSuccess: (message, hash, text) =>
      snacks.showSuccess(message, hash === undefined ? undefined : transactionExplorerUrl(blockExplorerUrl(), hash), text),
    showError: (message, text) => snacks.showError(message, text),
  }
}
