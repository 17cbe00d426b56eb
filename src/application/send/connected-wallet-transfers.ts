import type { CaipNetworkId, ChainNamespace } from '../../domain/entities'
import { NoConnectionClientError } from '../../domain/errors'
import type { ChainFamilies, ChainFamily } from '../../ports/chain-family'
import {
  UnsupportedTransferChainError,
  type GasEstimate,
  type ReceiptStatus,
  type SentTransfer,
  type TokenTransfers,
  type TransferRequest,
} from '../../ports/token-transfers'
import type { ConnectionStore } from '../connection-store'

/**
 * Transfers through the wallet connected in the request's chain family: the family's wing does
 * the family-specific work (eip155: a value transfer or an ERC-20 `transfer` over viem).
 */
export class ConnectedWalletTransfers implements TokenTransfers {
  constructor(
    private readonly families: ChainFamilies,
    private readonly connection: ConnectionStore,
  ) {}

  estimate(request: TransferRequest): Promise<GasEstimate> {
    return this.route(request.chainId, (family, connectorId) => family.estimateTransfer(connectorId, request))
  }

  send(request: TransferRequest): Promise<SentTransfer> {
    return this.route(request.chainId, (family, connectorId) => family.sendTransfer(connectorId, request))
  }

  receiptStatus(chainId: CaipNetworkId, hash: string): Promise<ReceiptStatus> {
    return this.route(chainId, (family, connectorId) => family.receiptStatus(connectorId, chainId, hash))
  }

  private async route<T>(chainId: CaipNetworkId, call: (family: ChainFamily, connectorId: string) => Promise<T>): Promise<T> {
    const namespace = chainId.split(':')[0] as ChainNamespace
    const family = this.families.get(namespace)
    if (family === undefined) throw new UnsupportedTransferChainError(chainId)
    const account = this.connection.account(namespace)
    if (account === undefined) throw new NoConnectionClientError()
    return call(family, account.connectorId)
  }
}
