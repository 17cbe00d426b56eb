/** The smart account's session keys (the sessions view, reached from Account). */
export const sessions = {
  'sessions.loading': 'Loading sessions',
  'sessions.empty': 'No active sessions',
  'sessions.emptyHint': 'Apps you grant a session key to appear here.',
  'sessions.list': 'Active sessions',
  'sessions.key': 'Key {key}',
  'sessions.limit': 'Limit {limit} {symbol} (spent {spent})',
  'sessions.expires': 'Expires {date}',
  'sessions.revoke': 'Revoke',
  // Failures that reach the view in English (the store's words), shown in the visitor's language.
  'sessions.listMalformed': 'The sessions list could not be read',
  'sessions.listUnavailable': 'The sessions could not be loaded. Please try again',
  'sessions.stillGranted': 'The session is still granted on chain. Please try again.',
  'sessions.notConfirmed': 'The revocation could not be confirmed. Please try again.',
  'sessions.declined': 'You declined the revocation in the wallet.',
  'sessions.otherNetwork': 'This session is on another network: switch to that network to revoke it',
  'sessions.unreachable': 'The sessions service could not be reached. Please try again.',
  'sessions.notRevoked': 'The session could not be revoked. Please try again.',
} as const
