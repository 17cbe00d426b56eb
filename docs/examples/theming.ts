import { createWalletModal } from 'walletgate'

export const modal = createWalletModal({
  projectId: 'walletgate-demo',
  networks: [{ id: 31337, chainNamespace: 'eip155', name: 'Devnet A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8545'] }],
  themeMode: 'dark',
  themeVariables: { accent: '#7c3aed', radius: '12px', fontFamily: 'Inter, system-ui, sans-serif' },
})

// Follow the page's own theme switch.
export function followPageTheme(dark: boolean): void {
  modal.setThemeMode(dark ? 'dark' : 'light')
}
