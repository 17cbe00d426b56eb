/**
 * TokenTransfers for Solana, built with @solana/web3.js (and the SPL layouts of spl-instructions.ts), signed by the
 * connected Wallet Standard wallet (this module loads with the first Solana transfer, never before):
 * - SOL: `SystemProgram.transfer`;
 * - SPL: `transferChecked` between associated token accounts, creating
 *   the receiver's first (`CreateIdempotent`, paid by the sender) when it is missing
 *   (spl-instructions.ts says why those two are encoded here);
 * - the wallet signs and sends (`solana:signAndSendTransaction`), or signs
 *   (`solana:signTransaction`) and the transaction is sent over the network's RPC URLs;
 * - estimates: the network's fee for the message, plus the rent of a token account it creates;
 * - receipts: the signature's status, `confirmed` once finalized.
 * Every read goes through SolanaRpc (the network's RPC URLs with fallback and bounded waits).
 */
import { PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js'
import type { WalletStandardWallet } from '../../../../domain/chains/wallet-providers'
import type { CaipNetwork, CaipNetworkId } from '../../../../domain/entities'
import { NoConnectionClientError, TransactionRejectedError } from '../../../../domain/errors'
import { base58Encode } from '../../../../domain/format/base58'
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
import { walletChainFor } from '../solana-chains'
import {
  ACCOUNT_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  associatedTokenAddress,
  createAssociatedTokenAccountIdempotent,
  transferChecked,
} from './spl-instructions'
import { solanaErrorKind } from '../solana-errors'
import { SolanaRpc, SolanaRpcError } from '../solana-rpc'
import {
  SOLANA_SIGN_AND_SEND,
  SOLANA_SIGN_TRANSACTION,
  feature,
  type SignAndSendFeature,
  type SignTransactionFeature,
} from '../wallet-standard'
import { NodeAnswerError, WalletAnswerError } from '../../adapter-errors'

/** Said when the receiver is a valid key that no wallet can hold (a program-derived address). */
export const OFF_CURVE_RECEIVER_MESSAGE =
  'This address is not a wallet address: it is off the ed25519 curve, like a program or token account.'

/** An ImmutableOwner token account of the Token-2022 program is 5 bytes longer than a classic one. */
const TOKEN_2022_ACCOUNT_SIZE = ACCOUNT_SIZE + 5

export interface SolanaTransferDeps {
  /** The connected wallet, or undefined when none is connected. */
  readonly wallet: () => WalletStandardWallet | undefined
  /** The configured network of a CAIP-2 id. */
  readonly network: (chainId: CaipNetworkId) => CaipNetwork | undefined
  /** The RPC client of a network (one per network; a test gives its own). */
  readonly rpc?: (network: CaipNetwork) => SolanaRpc
}

interface Built {
  readonly transaction: Transaction
  /** Rent the sender pays for accounts the transaction creates (lamports). */
  readonly rent: bigint
  /** The sender's token account an SPL transfer takes from. */
  readonly source?: PublicKey
}

/** A transfer as the wallet would be asked to sign it, unsigned: what a simulation runs. */
export interface PreparedSolanaTransfer {
  /** The whole transaction, unsigned, base64 (for simulateTransaction with sigVerify off). */
  readonly transaction: string
  /** Its message, base64 (for getFeeForMessage). */
  readonly message: string
  /** The sender's token account an SPL transfer takes from. */
  readonly source?: string
}

export class Web3SolanaTransfers implements TokenTransfers {
  private readonly clients = new Map<string, SolanaRpc>()

  constructor(private readonly deps: SolanaTransferDeps) {}

  async estimate(request: TransferRequest): Promise<GasEstimate> {
    const network = this.networkOf(request.chainId)
    const rpc = this.rpc(network)
    try {
      const { transaction, rent } = await this.build(rpc, request)
      const message = base64(transaction.compileMessage().serialize())
      const answer = await rpc.call<{ value: number | null }>('getFeeForMessage', [message, { commitment: 'confirmed' }])
      if (answer.value === null) throw new NodeAnswerError('The network knows no fee for this message')
      const fee = BigInt(answer.value) + rent
      // Solana charges lamports per signature, not gas: the whole cost is one "unit" at its price.
      return { gas: 1n, gasPrice: fee, fee }
    } catch (error) {
      // A receiver or token the transfer cannot go to says why; anything else is the estimate's failure.
      if (error instanceof TransferFailedError) throw error
      throw new GasEstimationError({ cause: error })
    }
  }

  async send(request: TransferRequest): Promise<SentTransfer> {
    const network = this.networkOf(request.chainId)
    const wallet = this.deps.wallet()
    const account = wallet?.accounts.find((a) => a.address === request.from)
    if (wallet === undefined || account === undefined) throw new NoConnectionClientError()
    const chain = walletChainFor(wallet, network.caipNetworkId) ?? network.caipNetworkId
    const rpc = this.rpc(network)
    const { transaction } = await this.build(rpc, request)
    const bytes = transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
    const signAndSend = feature<SignAndSendFeature>(wallet, SOLANA_SIGN_AND_SEND)
    try {
      if (signAndSend !== undefined) {
        const [output] = await signAndSend.signAndSendTransaction({
          account,
          transaction: bytes,
          chain,
          options: { commitment: 'confirmed' },
        })
        if (output === undefined) throw new WalletAnswerError('The wallet returned no signature')
        return { hash: base58Encode(output.signature) }
      }
      const sign = feature<SignTransactionFeature>(wallet, SOLANA_SIGN_TRANSACTION)
      if (sign === undefined) throw new WalletAnswerError('The wallet cannot sign Solana transactions')
      const [signed] = await sign.signTransaction({ account, transaction: bytes, chain })
      if (signed === undefined) throw new WalletAnswerError('The wallet returned no signed transaction')
      const hash = await rpc.call<string>('sendTransaction', [
        base64(signed.signedTransaction),
        { encoding: 'base64', preflightCommitment: 'confirmed' },
      ])
      return { hash }
    } catch (error) {
      throw toSendError(error)
    }
  }

  async receiptStatus(chainId: CaipNetworkId, hash: string): Promise<ReceiptStatus> {
    const rpc = this.rpc(this.networkOf(chainId))
    const answer = await rpc.call<{ value: ({ err: unknown; confirmationStatus?: string } | null)[] }>(
      'getSignatureStatuses',
      [[hash], { searchTransactionHistory: true }],
    )
    const status = answer.value[0]
    if (status === null || status === undefined) return 'pending'
    if (status.err !== null && status.err !== undefined) return 'failed'
    return status.confirmationStatus === 'finalized' ? 'confirmed' : 'pending'
  }

  /** The transfer `send` would ask the wallet to sign, built the same way but unsigned. */
  async prepare(request: TransferRequest): Promise<PreparedSolanaTransfer> {
    const { transaction, source } = await this.build(this.rpc(this.networkOf(request.chainId)), request)
    return {
      transaction: base64(transaction.serialize({ requireAllSignatures: false, verifySignatures: false })),
      message: base64(transaction.compileMessage().serialize()),
      ...(source === undefined ? {} : { source: source.toBase58() }),
    }
  }

  // ------------------------------------------------------------------ building

  private async build(rpc: SolanaRpc, request: TransferRequest): Promise<Built> {
    const from = publicKey(request.from)
    const to = publicKey(request.to)
    if (!PublicKey.isOnCurve(to.toBytes())) throw new TransferFailedError(OFF_CURVE_RECEIVER_MESSAGE)
    const instructions: TransactionInstruction[] = []
    let rent = 0n
    let source: PublicKey | undefined
    if (request.token === undefined) {
      instructions.push(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: request.amount }))
    } else {
      const mint = publicKey(request.token)
      const { programId, decimals } = await this.mintOf(rpc, mint)
      source = associatedTokenAddress(mint, from, programId)
      const destination = associatedTokenAddress(mint, to, programId)
      const existing = await rpc.call<{ value: unknown }>('getAccountInfo', [destination.toBase58(), { encoding: 'base64', commitment: 'confirmed' }])
      if (existing.value === null) {
        instructions.push(createAssociatedTokenAccountIdempotent(from, destination, to, mint, programId))
        const size = programId.equals(TOKEN_2022_PROGRAM_ID) ? TOKEN_2022_ACCOUNT_SIZE : ACCOUNT_SIZE
        rent = BigInt(await rpc.call<number>('getMinimumBalanceForRentExemption', [size]))
      }
      instructions.push(transferChecked(source, mint, destination, from, request.amount, decimals, programId))
    }
    const { value } = await rpc.call<{ value: { blockhash: string; lastValidBlockHeight: number } }>('getLatestBlockhash', [
      { commitment: 'confirmed' },
    ])
    const transaction = new Transaction({ feePayer: from, blockhash: value.blockhash, lastValidBlockHeight: value.lastValidBlockHeight })
    transaction.add(...instructions)
    return { transaction, rent, ...(source === undefined ? {} : { source }) }
  }

  /** The token program that owns the mint, and the mint's decimals (byte 44 of a mint account). */
  private async mintOf(rpc: SolanaRpc, mint: PublicKey): Promise<{ programId: PublicKey; decimals: number }> {
    const answer = await rpc.call<{ value: { owner: string; data: [string, string] } | null }>('getAccountInfo', [
      mint.toBase58(),
      { encoding: 'base64', commitment: 'confirmed' },
    ])
    if (answer.value === null) throw new TransferFailedError('The token does not exist on this network')
    const programId = new PublicKey(answer.value.owner)
    if (!programId.equals(TOKEN_PROGRAM_ID) && !programId.equals(TOKEN_2022_PROGRAM_ID)) {
      throw new TransferFailedError('The token is not an SPL token')
    }
    const data = fromBase64(answer.value.data[0])
    const decimals = data[44]
    if (decimals === undefined) throw new TransferFailedError('The token does not exist on this network')
    return { programId, decimals }
  }

  private networkOf(chainId: CaipNetworkId): CaipNetwork {
    const network = chainId.startsWith('solana:') ? this.deps.network(chainId) : undefined
    if (network === undefined) throw new UnsupportedTransferChainError(chainId)
    return network
  }

  private rpc(network: CaipNetwork): SolanaRpc {
    if (this.deps.rpc !== undefined) return this.deps.rpc(network)
    const key = `${network.caipNetworkId}|${network.rpcUrls.join(',')}`
    let client = this.clients.get(key)
    if (client === undefined) this.clients.set(key, (client = new SolanaRpc(network.rpcUrls)))
    return client
  }
}

function publicKey(address: string): PublicKey {
  try {
    return new PublicKey(address)
  } catch (error) {
    throw new TransferFailedError('This is not a Solana address', { cause: error })
  }
}

/** A declined request is a rejection; anything else keeps the wallet's or the chain's words. */
export function toSendError(error: unknown): Error {
  if (error instanceof TransferFailedError) return error
  if (!(error instanceof SolanaRpcError) && solanaErrorKind(error) === 'rejected') return new TransactionRejectedError({ cause: error })
  const message = error instanceof Error && error.message !== '' ? error.message.split('\n')[0] ?? error.message : String(error)
  return new TransferFailedError(message, { cause: error })
}

function base64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
