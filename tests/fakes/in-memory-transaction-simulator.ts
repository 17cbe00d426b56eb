import type { CaipNetwork } from '../../src/domain/entities'
import { NATIVE_ASSET, type AssetTransfer } from '../../src/domain/preview/balance-changes'
import type { SimulationOutcome, SimulationRequest, TransactionSimulator } from '../../src/ports/transaction-simulator'

const TRANSFER = '0xa9059cbb'
const ZERO = `0x${'0'.repeat(40)}`

/**
 * {@link TransactionSimulator} over an in-memory ledger of one chain: plain value transfers,
 * a call's `transfer` (any family's send), and ERC-20 `transfer(to, amount)` calls of the tokens it was told about, with the reasons the
 * devnet's token gives ("transfer to zero", "insufficient balance"). Nothing it simulates changes
 * the ledger. Other networks, and any call it cannot read, are `unavailable`.
 */
export class InMemoryTransactionSimulator implements TransactionSimulator {
  readonly requests: SimulationRequest[] = []
  private readonly balances = new Map<string, bigint>()
  private readonly tokens = new Map<string, { symbol: string; decimals: number }>()
  /** The chain cannot simulate: every request is `unavailable`. */
  unavailable = false

  constructor(readonly caipNetworkId: string = 'eip155:31337') {}

  addToken(address: string, symbol: string, decimals: number): this {
    this.tokens.set(address.toLowerCase(), { symbol, decimals })
    return this
  }

  fund(holder: string, amount: bigint, asset: string = NATIVE_ASSET): this {
    const key = ledgerKey(asset, holder)
    this.balances.set(key, (this.balances.get(key) ?? 0n) + amount)
    return this
  }

  balanceOf(holder: string, asset: string = NATIVE_ASSET): bigint {
    return this.balances.get(ledgerKey(asset, holder)) ?? 0n
  }

  simulate(network: CaipNetwork, request: SimulationRequest, options?: { signal?: AbortSignal }): Promise<SimulationOutcome> {
    if (options?.signal?.aborted === true) return Promise.reject(options.signal.reason as Error)
    this.requests.push(request)
    if (this.unavailable || network.caipNetworkId !== this.caipNetworkId) return Promise.resolve({ status: 'unavailable', cause: 'no simulation for this network' })
    const scratch = new Map(this.balances)
    const move = (asset: string, from: string, to: string, amount: bigint): boolean => {
      const fromKey = ledgerKey(asset, from)
      const held = scratch.get(fromKey) ?? 0n
      if (held < amount) return false
      scratch.set(fromKey, held - amount)
      scratch.set(ledgerKey(asset, to), (scratch.get(ledgerKey(asset, to)) ?? 0n) + amount)
      return true
    }
    const transfers: AssetTransfer[] = []
    let gasUsed = 0n
    for (const [index, call] of request.calls.entries()) {
      // A plain transfer (a send) moves its amount, whatever the family's call would look like.
      if (call.transfer !== undefined) {
        const asset = call.transfer.token?.toLowerCase() ?? NATIVE_ASSET
        if (asset !== NATIVE_ASSET && call.transfer.to === ZERO) return Promise.resolve({ status: 'reverted', callIndex: index, reason: 'transfer to zero' })
        if (!move(asset, request.from, call.transfer.to, call.transfer.amount)) {
          return Promise.resolve({ status: 'reverted', callIndex: index, reason: asset === NATIVE_ASSET ? 'insufficient funds' : 'insufficient balance' })
        }
        transfers.push({ asset, from: request.from, to: call.transfer.to, amount: call.transfer.amount })
        gasUsed += 21_000n
        continue
      }
      const value = call.value ?? 0n
      if (value > 0n) {
        if (!move(NATIVE_ASSET, request.from, call.to, value)) return Promise.resolve({ status: 'reverted', callIndex: index, reason: 'insufficient funds' })
        transfers.push({ asset: NATIVE_ASSET, from: request.from, to: call.to, amount: value })
      }
      if (call.data === undefined || call.data === '0x') {
        gasUsed += 21_000n
        continue
      }
      const token = this.tokens.get(call.to.toLowerCase())
      if (token === undefined || !call.data.startsWith(TRANSFER) || call.data.length !== 138) {
        return Promise.resolve({ status: 'unavailable', cause: 'a call the fake cannot read' })
      }
      const to = `0x${call.data.slice(34, 74)}`
      const amount = BigInt(`0x${call.data.slice(74)}`)
      if (to === ZERO) return Promise.resolve({ status: 'reverted', callIndex: index, reason: 'transfer to zero' })
      if (!move(call.to.toLowerCase(), request.from, to, amount)) return Promise.resolve({ status: 'reverted', callIndex: index, reason: 'insufficient balance' })
      transfers.push({ asset: call.to.toLowerCase(), from: request.from.toLowerCase(), to, amount })
      gasUsed += 34_000n
    }
    const seen = [...new Set(transfers.map((t) => t.asset).filter((a) => a !== NATIVE_ASSET))]
    return Promise.resolve({
      status: 'ok',
      transfers,
      gasUsed,
      tokens: seen.map((address) => ({ address, ...this.tokens.get(address) })),
    })
  }
}

function ledgerKey(asset: string, holder: string): string {
  return `${asset.toLowerCase()}|${holder.toLowerCase()}`
}
