/**
 * The requests a connect-and-sign family (polkadot, cosmos) does not offer: transfers (spec
 * section 9 lists balances and send for eip155 and solana only), an account type switch (one
 * account type per connection) and, unless the family overrides it, a choice among accounts. Loaded with the family's session, never with the page.
 */
import type { AccountType, CaipNetworkId } from '../../domain/entities'
import { WalletRequestError, type WalletAccount } from '../../ports/chain-family'
import { UnsupportedTransferChainError, type GasEstimate, type ReceiptStatus, type SentTransfer, type TransferRequest } from '../../ports/token-transfers'

export abstract class ConnectOnlySession {
  estimateTransfer(_connectorId: string, request: TransferRequest): Promise<GasEstimate> {
    return Promise.reject(new UnsupportedTransferChainError(request.chainId))
  }

  sendTransfer(_connectorId: string, request: TransferRequest): Promise<SentTransfer> {
    return Promise.reject(new UnsupportedTransferChainError(request.chainId))
  }

  receiptStatus(_connectorId: string, chainId: CaipNetworkId, _hash?: string): Promise<ReceiptStatus> {
    return Promise.reject(new UnsupportedTransferChainError(chainId))
  }

  switchAccountType(_connectorId: string, accountType: AccountType): Promise<WalletAccount> {
    return Promise.reject(new WalletRequestError('unsupportedMethod', `This wallet has no ${accountType} account`))
  }

  chooseAddress(_connectorId: string, _address: string): Promise<WalletAccount> {
    return Promise.reject(new WalletRequestError('unsupportedMethod', 'This wallet offers one account at a time'))
  }
}
