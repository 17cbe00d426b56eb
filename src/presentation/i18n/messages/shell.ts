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
  'title.Connect': 'Connect Wallet',
} as const
