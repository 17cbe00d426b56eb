/**
 * TokenTransfers for eip155 over the connected wallet's own EIP-1193 provider. viem is loaded
 * with `import()` inside each method so none of it is part of the modal's initial code:
 * - native token: `sendTransaction({ to, value })`;
 * - ERC-20: `writeContract(transfer(to, amount))`;
 * - estimates: `eth_estimateGas` plus the EIP-1559 max fee (or `eth_gasPrice` where the chain has
 *   no base fee), through the same provider;
 * - receipts: `eth_getTransactionReceipt`.
 */
import type { Address, Chain, Hex } from 'viem'
import type { CaipNetworkId } from '../../../../domain/entities'
import { NoConnectionClientError, TransactionRejectedError } from '../../../../domain/errors'
import { RPC_ERROR_CODES } from '../../../../domain/constants'
import { causeChain, hasWalletErrorCode } from '../eip1193'
import type { Eip1193Provider } from '../../../../domain/chains/wallet-providers'
import {
  GasEstimationError,
  TransferFailedError,
  UnsupportedTransferChainError,
  type GasEstimate,
  type ReceiptStatus,
  type SentTransfer,
  type TokenTransfers,
  type TransferRequest,
} from '../../../../ports/token-transfers'

/** Resolves the connected wallet's provider for eip155, or undefined when none is connected. */
export type Eip155ProviderSource = () => Promise<Eip1193Provider | undefined>

export class ViemTokenTransfers implements TokenTransfers {
  constructor(private readonly providerSource: Eip155ProviderSource) {}

  async estimate(request: TransferRequest): Promise<GasEstimate> {
    const chainId = eip155ChainId(request.chainId)
    const provider = await this.provider()
    const viem = await import('viem')
    const client = viem.createPublicClient({
      chain: minimalChain(viem.defineChain, chainId),
      transport: viem.custom(provider, { retryCount: 0 }),
    })
    try {
      const gas = request.token
        ? await client.estimateContractGas({
            address: request.token as Address,
            abi: viem.erc20Abi,
            functionName: 'transfer',
            args: [request.to as Address, request.amount],
            account: request.from as Address,
          })
        : await client.estimateGas({
            account: request.from as Address,
            to: request.to as Address,
            value: request.amount,
          })
      const gasPrice = await client
        .estimateFeesPerGas()
        .then((fees) => fees.maxFeePerGas ?? fees.gasPrice)
        .catch(() => client.getGasPrice())
      return { gas, gasPrice, fee: gas * gasPrice }
    } catch (error) {
      throw new GasEstimationError({ cause: error })
    }
  }

  async send(request: TransferRequest): Promise<SentTransfer> {
    const chainId = eip155ChainId(request.chainId)
    const provider = await this.provider()
    const viem = await import('viem')
    const wallet = viem.createWalletClient({
      account: request.from as Address,
      // A send is never retried by the transport: one click, one request to the wallet.
      transport: viem.custom(provider, { retryCount: 0 }),
    })
    const chain = minimalChain(viem.defineChain, chainId)
    let hash: Hex
    try {
      hash = request.token
        ? await wallet.writeContract({
            chain,
            address: request.token as Address,
            abi: viem.erc20Abi,
            functionName: 'transfer',
            args: [request.to as Address, request.amount],
          })
        : await wallet.sendTransaction({ chain, to: request.to as Address, value: request.amount })
    } catch (error) {
      throw toSendError(error)
    }
    const nonce = await provider
      .request({ method: 'eth_getTransactionByHash', params: [hash] })
      .then((tx) => hexNumber((tx as { nonce?: unknown } | null)?.nonce))
      .catch(() => undefined)
    return nonce === undefined ? { hash } : { hash, nonce }
  }

  async receiptStatus(chainId: CaipNetworkId, hash: string): Promise<ReceiptStatus> {
    eip155ChainId(chainId)
    const provider = await this.provider()
    const receipt = (await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as
      | { status?: unknown }
      | null
      | undefined
    if (receipt === null || receipt === undefined) return 'pending'
    return receipt.status === '0x1' || receipt.status === 1 || receipt.status === 'success' ? 'confirmed' : 'failed'
  }

  private async provider(): Promise<Eip1193Provider> {
    const provider = await this.providerSource()
    if (provider === undefined) throw new NoConnectionClientError()
    return provider
  }
}

function eip155ChainId(chainId: CaipNetworkId): number {
  const [namespace, reference] = chainId.split(':')
  if (namespace !== 'eip155' || reference === undefined || !/^\d+$/.test(reference)) {
    throw new UnsupportedTransferChainError(chainId)
  }
  return Number(reference)
}

/** Enough of a chain for viem to check that the wallet is on it before it sends. */
function minimalChain(defineChain: (chain: Chain) => Chain, id: number): Chain {
  return defineChain({
    id,
    name: `eip155:${id}`,
    nativeCurrency: { name: 'Native', symbol: 'NATIVE', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  })
}

function hexNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)) return Number.parseInt(value, 16)
  return undefined
}

/** A wallet refusal (4001 anywhere in the cause chain) is a rejection; anything else keeps its words. */
export function toSendError(error: unknown): Error {
  if (hasWalletErrorCode(error, RPC_ERROR_CODES.userRejectedRequest)) return new TransactionRejectedError({ cause: error })
  return new TransferFailedError(ownWords(error), { cause: error })
}

/**
 * The wallet's or chain's own words: those of the deepest cause that says anything. viem wraps a
 * wallet's error in its own generic ones ("An internal error was received.", or "the contract
 * function reverted" for a wallet that never reached the chain), which would hide what went wrong.
 */
function ownWords(error: unknown): string {
  let words = ''
  for (const link of causeChain(error)) words = wordsOf(link) || words
  return words || String(error)
}

function wordsOf(error: object): string {
  // A viem error keeps the words it was given in `details` and its own summary in `shortMessage`.
  const { details, shortMessage, message } = error as { details?: unknown; shortMessage?: unknown; message?: unknown }
  if (typeof details === 'string' && details !== '') return details
  if (typeof shortMessage === 'string' && shortMessage !== '') return shortMessage
  if (typeof message === 'string' && message !== '') return message.split('\n')[0] ?? message
  return ''
}
