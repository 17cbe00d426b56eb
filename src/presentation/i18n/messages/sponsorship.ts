/** Gas the app pays (Send's and Swap's reviews): who pays, or why the visitor pays after all. */
export const sponsorship = {
  'send.sponsored.gasPaidBy': 'Gas paid by {name}',
  'send.sponsored.gasPaidByApp': 'Gas paid by this app',
  'send.notSponsored.accountLimit': "You pay the network fee: this account's free transactions for today are used up.",
  'send.notSponsored.appLimit': "You pay the network fee: this app's gas budget for today is used up.",
  'send.notSponsored.signIn': 'You pay the network fee: sign in to have this app pay it.',
  'send.notSponsored.otherAccount': 'You pay the network fee: this app pays only for the account you signed in with.',
  'send.notSponsored.ended': 'You pay the network fee: this app no longer pays gas.',
  'send.notSponsored.network': 'You pay the network fee: this app does not pay gas on this network.',
  'send.notSponsored.transaction': 'You pay the network fee: this app does not pay gas for this transaction.',
  'send.notSponsored.gas': 'You pay the network fee: this transaction needs more gas than this app pays for.',
  'send.notSponsored.wouldFail': 'You pay the network fee: this transaction would fail on the chain.',
  'send.notSponsored.unavailable': "You pay the network fee: this app's gas sponsor could not be reached.",
} as const
