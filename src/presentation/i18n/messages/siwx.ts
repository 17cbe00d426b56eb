/** Sign in with the wallet. */
export const siwx = {
  'siwx.thisApp': 'This app',
  'siwx.wantsSignIn': '{app} wants you to sign in with your wallet.',
  'siwx.proves': 'Signing proves you own this account.',
  'siwx.free': 'It is free and sends no transaction.',
  'siwx.waiting': 'Waiting for the wallet',
  'siwx.sign': 'Sign',
  // The header's titles of these views: they come with them (the header keeps the title shown until then).
  'title.SIWXSignMessage': 'Sign In',
} as const
