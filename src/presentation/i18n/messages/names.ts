/** Choosing and registering an account name. */
export const names = {
  'names.name': 'Name',
  'names.placeholder': 'your-name',
  'names.taken': '{name} is taken',
  'names.rule': 'Letters, numbers and hyphens, at least 4 characters.',
  'names.signing': 'Sign in your wallet…',
  'names.registering': 'Registering…',
  'names.register': 'Register',
  'names.looking': 'Looking for names…',
  'names.suggested': 'Suggested names',
  'names.takenTag': 'Taken',
  'names.available': 'Available',
  'names.registered': 'Name registered',
  'names.registeredText': 'Your name is registered.',
  'names.nowYours': '{name} is now the name of this account.',
  'names.backToAccount': 'Back to account',
  'names.registerFailed': 'Error registering name {name}',
  /** The name service's own words for a refused registration, shown as they are. */
  'names.serviceReason': '{reason}',
  // The header's titles of these views: they come with them, the header shows the view's name until then.
  'title.RegisterAccountName': 'Choose Name',
  'title.RegisterAccountNameSuccess': 'Name Registered',
  'title.ChooseAccountName': 'Choose Name',
} as const
