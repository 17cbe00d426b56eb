/**
 * SwapTransactions for eip155 over the connected wallet's own EIP-1193 provider: the service's
 * prepared call goes out as one `eth_sendTransaction` (viem's wallet client checks the wallet is
 * on the chain first). viem is loaded with `import()` so none of it is in the modal's initial code.
 */
import type { Address, Hex } from 'viem'
import type { CaipNetworkId } from '../../../../domain/entities'
import type { PreparedTransaction, SwapTransactions } from '../../../../ports/swap-transactions'
import type { ReceiptStatus, SentTransfer } from '../../../../ports/token-transfers'
import { ViemTokenTransfers, toSendError, type Eip155ProviderSource } from './viem-token-transfers'
import { NoConnectionClientError } from '../../../../domain/errors'
import { UnsupportedTransferChainError } from '../../../../ports/token-transfers'

export class ViemSwapTransactions implements SwapTransactions {
  private readonly receipts: ViemTokenTransfers

  constructor(private readonly providerSource: Eip155ProviderSource) {
    this.receipts = new ViemTokenTransfers(providerSource)
  }

  async send(request: PreparedTransaction): Promise<SentTransfer> {
    const [namespace, reference] = request.chainId.split(':')
    if (namespace !== 'eip155' || reference === undefined || !/^\d+$/.test(reference)) throw new UnsupportedTransferChainError(request.chainId)
    const provider = await this.providerSource()
    if (provider === undefined) throw new NoConnectionClientError()
    const viem = await import('viem')
    const wallet = viem.createWalletClient({
      account: request.from as Address,
      // One click, one request to the wallet: never retried by the transport.
      transport: viem.custom(provider, { retryCount: 0 }),
    })
    const chain = viem.defineChain({
      id: Number(reference),
      name: request.chainId,
      nativeCurrency: { name: 'Native', symbol: 'NATIVE', decimals: 18 },
      rpcUrls: { default: { http: [] } },
    })
    try {
      const hash = await wallet.sendTransaction({
        chain,
        to: request.to as Address,
        data: request.data as Hex,
        value: request.value,
        ...(request.gas !== undefined ? { gas: request.gas } : {}),
      })
      return { hash }
    } catch (error) {
      throw toSendError(error)
    }
  }

  receiptStatus(chainId: CaipNetworkId, hash: string): Promise<ReceiptStatus> {
    return this.receipts.receiptStatus(chainId, hash)
  }
}
