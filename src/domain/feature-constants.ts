/**
 * The business constants of spec section 9 that only features loaded on demand use (on-ramp,
 * swaps, which namespaces each capability supports). Kept out of ./constants.ts, which the page's
 * first script imports: a bundler keeps every export of a module in the chunk the module lives in.
 */
import type { ChainNamespace } from './entities'
import type { OnRampProvider, PaymentCurrency, PurchaseCurrency } from './on-ramp/on-ramp-types'

// ---------------------------------------------------------------- on-ramp

export const ONRAMP_PAYMENT_METHOD_LIMITS = {
  card: { min: '10.00', max: '7500.00' },
  bankAccount: { min: '10.00', max: '25000.00' },
} as const

/** Built-in payment currencies, used when the on-ramp options call fails. */
export const DEFAULT_ONRAMP_PAYMENT_CURRENCIES: readonly PaymentCurrency[] = ['USD', 'EUR'].map(
  (id) => ({
    id,
    payment_method_limits: [
      { id: 'card', ...ONRAMP_PAYMENT_METHOD_LIMITS.card },
      { id: 'ach_bank_account', ...ONRAMP_PAYMENT_METHOD_LIMITS.bankAccount },
    ],
  }),
)

/** Built-in purchase currencies, used when the on-ramp options call fails. */
export const DEFAULT_ONRAMP_PURCHASE_CURRENCIES: readonly PurchaseCurrency[] = [
  {
    id: 'ETH',
    name: 'Ethereum',
    symbol: 'ETH',
    networks: [
      { name: 'ethereum-mainnet', display_name: 'Ethereum', chain_id: '1', contract_address: '' },
      { name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '' },
    ],
  },
  {
    id: 'USDC',
    name: 'USD Coin',
    symbol: 'USDC',
    networks: [
      {
        name: 'ethereum-mainnet',
        display_name: 'Ethereum',
        chain_id: '1',
        contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      },
      {
        name: 'base',
        display_name: 'Base',
        chain_id: '8453',
        contract_address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      },
    ],
  },
]

/** Coinbase on-ramp chains. */
export const COINBASE_ONRAMP_CHAINS = [
  'ethereum',
  'arbitrum',
  'polygon',
  'berachain',
  'avalanche-c-chain',
  'optimism',
  'celo',
  'base',
] as const

/** On-ramp providers; `url` is filled in per purchase by the application. */
export const ONRAMP_PROVIDERS: readonly OnRampProvider[] = [
  { label: 'Coinbase', name: 'coinbase', feeRange: '1-2%', url: '', supportedChains: ['eip155'] },
  { label: 'Meld.io', name: 'meld', feeRange: '1-2%', url: '', supportedChains: ['eip155', 'solana'] },
]

// ---------------------------------------------------------------- swaps and supported namespaces

/** eip155 chain ids on which swaps (and gas price) are available. */
export const SWAP_SUPPORTED_CHAIN_IDS: readonly number[] = [
  1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554,
]

export type NamespaceCapability = 'balance' | 'send' | 'names' | 'activity' | 'onramp' | 'swaps' | 'smartSessions'

export const SUPPORTED_NAMESPACES: Readonly<Record<NamespaceCapability, readonly ChainNamespace[]>> = {
  // Beyond the spec (which lists balances for eip155 and solana only): Bitcoin visitors expect to
  // see what they hold, and a Bitcoin network's Esplora API answers it, so the product shows it on purpose.
  balance: ['eip155', 'solana', 'bip122'],
  send: ['eip155', 'solana'],
  names: ['eip155'],
  // Beyond the spec (which lists activity for eip155 only): Solana history is as readable as EVM's
  // and visitors expect their Solana sends in Activity, so the product shows it on purpose.
  activity: ['eip155', 'solana'],
  onramp: ['eip155', 'solana'],
  // The swap service's convert calls and ERC-7715 session keys are EVM's.
  swaps: ['eip155'],
  smartSessions: ['eip155'],
}

/**
 * Namespaces whose balance is read from the network's own API only (a bip122 network's `rpcUrls`
 * are Esplora base URLs): the balance service is never asked, and its absence is no failure.
 */
export const CHAIN_ONLY_BALANCE_NAMESPACES: readonly ChainNamespace[] = ['bip122']

/**
 * The family a feature built on one family's standards runs on (the swap service's calls and
 * EIP-5792 batches, ERC-7715 session keys, the names' coin types): the features ask here rather
 * than name it, so the capability table above stays the one place that says where each works.
 */
export function featureFamily(capability: 'swaps' | 'smartSessions' | 'names'): ChainNamespace {
  return SUPPORTED_NAMESPACES[capability][0] as ChainNamespace
}
