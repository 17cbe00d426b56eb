/**
 * SwapTransactions for eip155 over the connected wallet's own EIP-1193 provider: the service's
 * prepared call goes out as one `eth_sendTransaction` (viem's wallet client checks the wallet is
 * on the chain first). viem is loaded with `import()` so none of it is in the modal's initial code.
 */
import type { Address, Hex } from 'viem'
import type { CaipNetworkId } from '../../../../domain/entities'
import type { PreparedTransaction, SwapTransactions } from '../../../../ports/swap-transactions'
import type { ReceiptStatus, SentTransfer } from '../../../../ports/token-transfers'
import type { Eip155ProviderSource } from './viem-token-transfers'
import { NoConnectionClientError } from '../../../../domain/errors'
import { UnsupportedTransferChainError } from '../../../../ports/token-transfers'

export class ViemSwapTransactions implements SwapTransactions {
  constructor(private readonly providerSource: Eip155ProviderSource) {}

  async send(request: PreparedTransaction): Promise<SentTransfer> {
    const [namespace, reference] = request.chainId.split(':')
    if (namespace !== 'eip155' || reference === undefined || !/^\d+$/.test(reference)) throw new UnsupportedTransferChainError(request.chainId)
    const provider = await this.providerSource()
    if (provider === undefined) throw new NoConnectionClientError()
    // The transfers module comes with the wallet request, as the EVM wing loads it: a static import
    // here would pull it into the account features' chunk and re-split the page's shared chunks.
    const [viem, { toSendError }] = await Promise.all([import('viem'), import('./viem-token-transfers')])
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

  async receiptStatus(chainId: CaipNetworkId, hash: string): Promise<ReceiptStatus> {
    const { ViemTokenTransfers } = await import('./viem-token-transfers')
    return new ViemTokenTransfers(this.providerSource).receiptStatus(chainId, hash)
  }
}
