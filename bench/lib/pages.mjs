// What the harness looks for on each page. Selectors are matched inside open shadow roots too
// (by the in-page probe, and by Playwright's CSS engine for the click).

/** @typedef {{ button: string, dialog: string, walletRow: string, label: string, wcRow?: string, qr?: string }} PageSpec */

/** @type {Record<string, PageSpec>} */
export const PAGE_SPECS = {
  walletgate: {
    label: 'Walletgate',
    button: '[data-testid="connect-button"]',
    dialog: '[data-testid="view-Connect"]',
    walletRow: '[data-testid^="wallet-"]',
    // Choosing WalletConnect, then the pairing QR code against the devnet relay.
    wcRow: '[data-testid="wallet-walletConnect"]',
    qr: '[data-testid="walletconnect-qr"]',
  },
  appkit: {
    label: 'AppKit',
    button: 'wui-connect-button[data-testid="connect-button"]',
    dialog: '[data-testid="w3m-modal-card"]',
    walletRow: '[data-testid^="wallet-selector-"]',
  },
  rainbowkit: {
    label: 'RainbowKit',
    button: '[data-testid="rk-connect-button"]',
    dialog: '[role="dialog"]',
    walletRow: '[data-testid^="rk-wallet-option-"]',
  },
  connectkit: {
    label: 'ConnectKit',
    button: '[data-testid="connect"] button',
    dialog: '[role="dialog"]',
    // ConnectKit's wallet list has no test ids: its rows are the buttons in the connector list.
    walletRow: '[role="dialog"] button[type="button"]:has(> [data-shape])',
  },
  floor: {
    label: 'Floor',
    button: '[data-testid="connect-button"]',
    dialog: 'dialog[open]',
    walletRow: 'dialog[open] [data-testid^="wallet-"]',
  },
}
