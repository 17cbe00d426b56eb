/** The social login's buttons on Connect, its views and its words on Connect when it did not finish. */
export const social = {
  'social.continueWith': 'Continue with {name}',
  'social.more': 'More',
  'social.theProvider': 'the provider',
  'social.inTheWindow': 'Sign in with {name} in the window that opened.',
  'social.signingIn': 'Signing you in…',
  'social.cancel': 'Cancel',
  'social.farcasterQr': 'QR code to sign in with Farcaster',
  'social.farcasterHow': "Scan with your phone's camera, or open the link on this device, and approve the sign-in in Farcaster.",
  'social.openFarcaster': 'Open in Farcaster',
  'social.copyLink': 'Copy link',
  'social.signedInWith': 'Signed in with',
  'social.as': 'as',
  // Why a login did not finish (src/application/embedded-wallet/social-login.ts names them by key).
  'social.popupClosed': 'The sign-in window was closed before you finished. Try again.',
  'social.timeout': 'Sign-in took too long. Try again.',
  'social.denied': 'Sign-in was cancelled. Try again when you are ready.',
  'social.providerError': 'The sign-in provider could not sign you in. Try again later.',
  'social.refused': 'That sign-in could not be verified. Try again.',
  'social.failed': 'Could not sign you in. Try again.',
  /** The wallet's own words for its failure, shown as they are. */
  'social.reason': '{reason}',
  // The header's titles of these views: they come with them (the header keeps the title shown until then).
  'title.ConnectingFarcaster': 'Farcaster',
  'title.ConnectingSocial': 'Connecting',
  'title.ConnectSocials': 'All Socials',
} as const
