import { createWalletModal, type WalletgateMessages } from 'walletgate'

// The host's own words for a few texts, in every language (`messages`), by catalogue key.
const wording: WalletgateMessages = {
  'title.Connect': 'Log in',
  'connect.getWallet': 'Get a wallet in a minute',
}

export const modal = createWalletModal({
  projectId: 'walletgate-demo',
  networks: [{ id: 31337, chainNamespace: 'eip155', name: 'Devnet A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8545'] }],
  // Absent: the browser's language. A language without texts shows English.
  locale: 'de-DE',
  messages: wording,
})

// Follow the page's own language switch: an open modal redraws in it and keeps what was typed.
export function followPageLanguage(locale: string): void {
  modal.setLocale(locale)
}

// A host that words texts per language hands its words along with each switch.
export function switchWithOwnWords(locale: string, words: WalletgateMessages): void {
  modal.setLocale(locale, words)
}
