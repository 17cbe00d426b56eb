/** The eip155 wing's on-demand part: viem reads, SIWE and what WalletConnect asks an EVM wallet for. */
import type { WingParts } from '../wing'
import { ViemChainReader } from './viem-chain-reader'
import { EIP155_WALLETCONNECT } from './walletconnect'

export const parts: WingParts = {
  capabilities: ['balance', 'send', 'names', 'activity', 'onramp', 'swaps', 'smartSessions'],
  address: () => import('../../../domain/validation/addresses').then((m) => m.EVM_ADDRESS_RULE),
  reader: () => new ViemChainReader(),
  simulator: () => import('./viem-transaction-simulator').then((m) => new m.ViemTransactionSimulator()),
  messenger: (networks) => import('./siwx/viem-siwe-messenger').then((m) => m.eip155SiwxMessenger(networks)),
  walletConnect: EIP155_WALLETCONNECT,
}
