/**
 * Texts of the parts that views beyond Connect share (copying, the disconnect button, the network
 * list, a few buttons). Not in the shell: each module that shows one adds these (`addEnglish(shared)`).
 * Their keys keep the `shell.` prefix they were born with, so translations did not move.
 */
export const shared = {
  'shell.addressCopied': 'Address copied',
  'shell.linkCopied': 'Link copied',
  'shell.addressNotCopied': 'Could not copy the address',
  'shell.linkNotCopied': 'Could not copy the link',
  'shell.disconnect': 'Disconnect',
  'shell.disconnectWhich': 'Disconnect which wallet?',
  'shell.disconnectFamily': 'Disconnect {family}',
  'shell.disconnectAll': 'Disconnect all',
  /** A network another connected chain family is on (Networks marks the active one "Active"). */
  'shell.connectedNetwork': 'Connected',
  'shell.active': 'Active',
  'shell.switching': 'Switching',
  'shell.testNetwork': 'Test network',
  'shell.familyNetworks': '{family} networks',
  'shell.cancel': 'Cancel',
  'shell.edit': 'Edit',
  'shell.done': 'Done',
  'shell.noWalletConnected': 'No wallet connected',
} as const
