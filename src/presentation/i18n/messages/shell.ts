import { ELLIPSIS } from '../../../domain/format/glyphs'

/** The modal's frame and shared parts: header, loading, failures, snack, Connect's title. */
export const shell = {
  'shell.back': 'Back',
  'shell.close': 'Close',
  'shell.loading': `Loading${ELLIPSIS}`,
  'shell.viewUnavailable': 'This view is not available in this version.',
  'shell.somethingWentWrong': 'Something went wrong.',
  'shell.loadFailed': 'This part of the modal could not be loaded. Check your connection and try again.',
  'shell.tryAgain': 'Try again',
  'shell.errorPrefix': 'Error: ',
  'shell.snackView': 'View',
  'shell.addressCopied': 'Address copied',
  'shell.linkCopied': 'Link copied',
  'shell.addressNotCopied': 'Could not copy the address',
  'shell.linkNotCopied': 'Could not copy the link',
  'shell.disconnect': 'Disconnect',
  'shell.active': 'Active',
  'shell.switching': 'Switching',
  'shell.testNetwork': 'Test network',
  'shell.familyNetworks': '{family} networks',
  'shell.cancel': 'Cancel',
  'shell.edit': 'Edit',
  'shell.done': 'Done',
  'shell.noWalletConnected': 'No wallet connected',
  'title.Connect': 'Connect Wallet',
} as const
