/**
 * TransactionSimulator for Solana sends: the transfer is built exactly as Send would ask the wallet
 * to sign it (Web3SolanaTransfers), unsigned, and run with `simulateTransaction` (signature check
 * off, the node's own recent blockhash) asking for the sender's accounts as the transaction would
 * leave them. The balances before come from the same node (`getMultipleAccounts`), so a change is
 * after minus before: lamports of the sender's account (the fee added back: the review shows it
 * apart) and the token amount of its token account (an SPL account's bytes 64..72, little endian).
 * This module loads with the first Solana preview, with @solana/web3.js.
 */
import type { CaipNetwork } from '../../../../domain/entities'
import { NATIVE_ASSET, type AssetTransfer } from '../../../../domain/preview/balance-changes'
import type { SimulationOutcome, SimulationRequest, TransactionSimulator } from '../../../../ports/transaction-simulator'
import { SolanaRpc } from '../solana-rpc'
import { Web3SolanaTransfers } from './web3-solana-transfers'

interface AccountAnswer {
  readonly lamports: number
  readonly data: readonly [string, string]
}

interface SimulationAnswer {
  readonly value: { readonly err: unknown; readonly logs?: readonly string[] | null; readonly accounts?: readonly (AccountAnswer | null)[] | null; readonly unitsConsumed?: number }
}

/** The amount of an SPL token account (classic or Token-2022: the same first 165 bytes). */
const TOKEN_AMOUNT_OFFSET = 64

export class SolanaTransactionSimulator implements TransactionSimulator {
  private readonly clients = new Map<string, SolanaRpc>()

  constructor(private readonly rpcOf: (network: CaipNetwork) => SolanaRpc = (network) => new SolanaRpc(network.rpcUrls, { retryCount: 0 })) {}

  async simulate(network: CaipNetwork, request: SimulationRequest, options: { signal?: AbortSignal } = {}): Promise<SimulationOutcome> {
    const transfer = request.calls.length === 1 ? request.calls[0]?.transfer : undefined
    if (transfer === undefined) return { status: 'unavailable', cause: 'only a single transfer is simulated on solana' }
    options.signal?.throwIfAborted()
    const rpc = this.rpc(network)
    const transfers = new Web3SolanaTransfers({ wallet: () => undefined, network: () => network, rpc: () => rpc })
    try {
      const prepared = await transfers.prepare({ chainId: network.caipNetworkId, from: request.from, to: transfer.to, amount: transfer.amount, ...(transfer.token === undefined ? {} : { token: transfer.token }) })
      const watched = [request.from, ...(prepared.source === undefined ? [] : [prepared.source])]
      const [before, simulated, fee] = await Promise.all([
        rpc.call<{ value: readonly (AccountAnswer | null)[] }>('getMultipleAccounts', [watched, { encoding: 'base64', commitment: 'confirmed' }], options.signal),
        rpc.call<SimulationAnswer>(
          'simulateTransaction',
          [prepared.transaction, { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: true, commitment: 'confirmed', accounts: { encoding: 'base64', addresses: watched } }],
          options.signal,
        ),
        rpc.call<{ value: number | null }>('getFeeForMessage', [prepared.message, { commitment: 'confirmed' }], options.signal),
      ])
      options.signal?.throwIfAborted()
      const answer = simulated.value
      if (answer.err !== null) return { status: 'reverted', callIndex: 0, reason: failureReason(answer.err, answer.logs ?? []) }
      const after = answer.accounts
      if (after === null || after === undefined || after.length !== watched.length) return { status: 'unavailable', cause: 'the node returned no accounts' }
      const moves: AssetTransfer[] = []
      const lamports = BigInt(after[0]?.lamports ?? 0) - BigInt(before.value[0]?.lamports ?? 0) + BigInt(fee.value ?? 0)
      if (lamports !== 0n) moves.push(move(NATIVE_ASSET, request.from, transfer.to, lamports))
      if (transfer.token !== undefined) {
        const tokens = tokenAmount(after[1] ?? null) - tokenAmount(before.value[1] ?? null)
        if (tokens !== 0n) moves.push(move(transfer.token, request.from, transfer.to, tokens))
      }
      return { status: 'ok', transfers: moves, gasUsed: BigInt(answer.unitsConsumed ?? 0), tokens: [] }
    } catch (error) {
      options.signal?.throwIfAborted()
      return { status: 'unavailable', cause: error instanceof Error ? error.message : String(error) }
    }
  }

  private rpc(network: CaipNetwork): SolanaRpc {
    const key = `${network.caipNetworkId}|${network.rpcUrls.join(',')}`
    let client = this.clients.get(key)
    if (client === undefined) this.clients.set(key, (client = this.rpcOf(network)))
    return client
  }
}

/** A signed change of `account` as one movement: out to the receiver, or in from it. */
function move(asset: string, account: string, other: string, delta: bigint): AssetTransfer {
  return delta < 0n ? { asset, from: account, to: other, amount: -delta } : { asset, from: other, to: account, amount: delta }
}

function tokenAmount(account: AccountAnswer | null): bigint {
  if (account === null) return 0n
  const bytes = Uint8Array.from(atob(account.data[0]), (c) => c.charCodeAt(0))
  if (bytes.length < TOKEN_AMOUNT_OFFSET + 8) return 0n
  return new DataView(bytes.buffer).getBigUint64(TOKEN_AMOUNT_OFFSET, true)
}

/** The program's own words when a log line has them, else the error as the node wrote it. */
function failureReason(err: unknown, logs: readonly string[]): string {
  const said = [...logs].reverse().find((line) => /Error: |failed: /.test(line))
  const reason = said ?? (typeof err === 'string' ? err : JSON.stringify(err))
  return reason.slice(0, 200)
}
