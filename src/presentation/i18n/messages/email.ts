/** The email login's and the email update's views (their own chunk). */
export const email = {
  'email.enterCode': 'Enter the 6-digit code we emailed to {email}.',
  'email.checking': 'Checking…',
  'email.resendIn': 'Resend code ({seconds} s)',
  'email.resend': 'Resend code',
  'email.change': 'Change email',
  'email.approveDevice': 'Approve this device',
  'email.newBrowser': 'This browser is new to your wallet. We emailed an approval link to {email}: open it on any device, and this page goes on by itself.',
  'email.linkExpires': 'The link expires in 10 minutes.',
  'email.useAnother': 'Use another email',
  'email.newEmail': 'New email',
  'email.codesOrder': 'We send a code to your current email first, then one to the new one.',
  'email.sending': 'Sending…',
  'email.continue': 'Continue',
  'email.codeToCurrent': 'Enter the code we emailed to your current address.',
  'email.codeTo': 'Enter the code we emailed to {email}.',
  'email.loginCode': 'Login code',
  'email.digit': 'Digit {index} of {count}',
  'email.confirmInWallet': 'Confirm in your wallet',
  'email.signedInAs': 'Signed in as',
  'email.edit': 'Edit email',
  /** Ends every session of the embedded wallet's user (every device, every app), after the wallet asks. */
  'email.signOutEverywhere': 'Sign out everywhere',
  /** Opens the key export inside the wallet's frame. */
  'email.exportKeys': 'Export private keys',
  /** Adds a passkey of the wallet (made inside the wallet's frame); next time it signs in with no code. */
  'email.addPasskey': 'Add a passkey',
  'email.passkeyAdded': 'Passkey added: next time, sign in with it and no code.',
  // Failures of the login and the update (the field on Connect shows them too: the login's
  // bindings add these texts as they load). The spec's words where it has them (sections 5 and 8).
  'email.invalid': 'Invalid email',
  'email.cooldown': 'Please try again after {seconds} seconds',
  'email.codeRequired': 'Enter the 6-digit code from the email',
  'email.failed': 'Something went wrong',
  'email.unavailable': 'Unable to load email login dependency',
  /** The wallet's own words for its failure, shown as they are. */
  'email.reason': '{reason}',
  'email.reasonOneAttempt': '{reason} (1 attempt left)',
  'email.reasonAttempts': '{reason} ({attempts} attempts left)',
  'email.updated': 'Email updated to {email}',
  // The header's titles of these views: they come with them, the header shows the view's name until then.
  'title.UpdateEmailWallet': 'Edit Email',
  'title.UpdateEmailPrimaryOtp': 'Confirm Current Email',
  'title.UpdateEmailSecondaryOtp': 'Confirm New Email',
  // The header's titles of these views: they come with them (the header keeps the title shown until then).
  'title.EmailVerifyOtp': 'Confirm Email',
  'title.EmailVerifyDevice': 'Register Device',
} as const
