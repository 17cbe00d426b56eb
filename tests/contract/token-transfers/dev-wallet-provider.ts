/**
 * A wallet for the TokenTransfers contract: an EIP-1193 provider that reads through a devnet
 * chain's JSON-RPC and signs eth_sendTransaction itself with one devnet account's key (a viem
 * local account), the way a browser wallet signs and broadcasts. A person's "no" is a switch.
 */
import { createWalletClient, http, type Address, type Chain, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Eip1193Provider } from '../../../src/domain/chains/wallet-providers'

/** What EIP-1193 says a provider rejects with. */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

const SIGNING_METHODS = new Set([
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_sign',
  'personal_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
])

export class DevWalletProvider implements Eip1193Provider {
  /** Every method asked of this wallet, in order. */
  readonly methods: string[] = []
  private readonly account
  private readonly signer
  private nextAnswer: { decline: true } | { failWith: string } | undefined

  constructor(
    private readonly rpcUrl: string,
    privateKey: Hex,
    chain: Chain,
  ) {
    this.account = privateKeyToAccount(privateKey)
    this.signer = createWalletClient({ account: this.account, chain, transport: http(rpcUrl, { retryCount: 0 }) })
  }

  get address(): Address {
    return this.account.address
  }

  /** How many requests asked the person to sign something. */
  get prompts(): number {
    return this.methods.filter((m) => SIGNING_METHODS.has(m)).length
  }

  /** The person declines the next signature request. */
  declineNext(): void {
    this.nextAnswer = { decline: true }
  }

  /** The wallet fails the next signature request with `words` (a locked device, a wallet bug). */
  failNext(words: string): void {
    this.nextAnswer = { failWith: words }
  }

  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    this.methods.push(method)
    if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [this.account.address]
    if (method === 'eth_sendTransaction') return this.sendTransaction((params as [TransactionParams])[0])
    if (SIGNING_METHODS.has(method)) throw new ProviderRpcError(4200, `${method} is not supported by this wallet`)
    return this.rpc(method, params)
  }

  private async sendTransaction(tx: TransactionParams): Promise<Hex> {
    const answer = this.nextAnswer
    this.nextAnswer = undefined
    if (answer && 'decline' in answer) throw new ProviderRpcError(4001, 'User rejected the request.')
    if (answer && 'failWith' in answer) throw new ProviderRpcError(-32603, answer.failWith)
    if (tx.from.toLowerCase() !== this.account.address.toLowerCase()) {
      throw new ProviderRpcError(4100, `The requested account ${tx.from} has not been authorized`)
    }
    // The wallet fills in nonce, gas and fees itself, as browser wallets do.
    return this.signer.sendTransaction({
      to: tx.to ?? null,
      data: tx.data ?? tx.input,
      value: tx.value === undefined ? undefined : BigInt(tx.value),
    })
  }

  private async rpc(method: string, params: unknown): Promise<unknown> {
    const response = await fetch(this.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    return body.result
  }
}

interface TransactionParams {
  from: Address
  to?: Address
  value?: Hex
  data?: Hex
  input?: Hex
}
