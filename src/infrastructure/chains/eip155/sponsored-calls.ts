/**
 * The SponsoredCalls port for eip155: an ERC-4337 v0.7 smart account that takes ERC-7677's
 * `paymasterService` capability in EIP-5792's `wallet_sendCalls` (the embedded smart account, or
 * a browser wallet announcing it in `wallet_getCapabilities`). Loads with the send path's chunk.
 */
import { encodeFunctionData, decodeFunctionResult, numberToHex, parseAbi, type Hex } from 'viem'
import { hexChainId } from '../../../domain/calls/wallet-calls'
import type { Eip1193Provider } from '../../../domain/chains/wallet-providers'
import type { CaipNetworkId } from '../../../domain/entities'
import { WALLET_PAYMASTER_STUB_METHOD, type UserOperationDraft, type WalletPaymasterVerdict } from '../../../domain/sponsorship/sponsorship'
import { UnknownConnectorError, WalletRequestError } from '../../../ports/chain-family'
import type { AccountCalls, SponsoredCalls } from '../../../ports/sponsored-calls'
import { toWalletRequestError } from './eip1193'
import { parseCallsStatus, sendCalls } from './wallet-calls'

/** EntryPoint v0.7: the only one the paymaster service signs for. */
const ENTRY_POINT_V07 = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
const ACCOUNT_ABI = parseAbi(['function execute(address target, uint256 value, bytes data)', 'function executeBatch((address target, uint256 value, bytes data)[] calls)'])
const ENTRY_POINT_ABI = parseAbi(['function getNonce(address sender, uint192 key) view returns (uint256 nonce)'])

/**
 * Gas the draft assumes: room for the account's creation with its first operation and a token
 * transfer. The paymaster sizes its limits by these (what one more operation would use), so they
 * are not far above what a wallet's own estimate asks.
 */
const DRAFT_GAS = { call: 200_000n, verification: 600_000n, preVerification: 100_000n, paymasterVerification: 100_000n } as const

/** How often and how long `send` asks the wallet where the calls stand before their transaction is known. */
const STATUS_POLL_MS = 250
const STATUS_TIMEOUT_MS = 60_000
/** How long the wallet may take to say what it offers before the review goes on without a paymaster. */
const CAPABILITIES_TIMEOUT_MS = 3_000
/** How long the wallet may take to say whether its paymaster would pay. */
const VERDICT_TIMEOUT_MS = 10_000

export interface Eip155SponsoredCallsOptions {
  /** The connected eip155 wallet's provider by connector id. */
  readonly providerOf: (connectorId: string) => Eip1193Provider | undefined
  /** The provider to read the chain through (the connected account's wallet). */
  readonly readerFor: (request: AccountCalls) => Eip1193Provider | undefined
  /** Waits `ms` (the adapter's timer; tests pass one that does not wait). */
  readonly wait?: (ms: number) => Promise<void>
}

export class Eip155SponsoredCalls implements SponsoredCalls {
  constructor(private readonly options: Eip155SponsoredCallsOptions) {}

  async takesPaymaster(connectorId: string, address: string, chainId: CaipNetworkId): Promise<boolean> {
    const hex = hexChainId(chainId)
    const provider = this.options.providerOf(connectorId)
    if (hex === undefined || provider === undefined) return false
    try {
      // A wallet that never answers (a phone away over WalletConnect) must not hold the review up.
      const answer = await withinTime(provider.request({ method: 'wallet_getCapabilities', params: [address, [hex]] }), CAPABILITIES_TIMEOUT_MS)
      if (!isRecord(answer)) return false
      const entry = Object.entries(answer).find(([key]) => /^0x[0-9a-fA-F]+$/.test(key) && BigInt(key) === BigInt(hex))?.[1] ?? answer['0x0']
      return isRecord(entry) && isRecord(entry.paymasterService) && entry.paymasterService.supported === true
    } catch {
      return false
    }
  }

  async draft(request: AccountCalls, maxFeePerGas: bigint): Promise<{ entryPoint: string; operation: UserOperationDraft }> {
    const provider = this.options.readerFor(request)
    if (provider === undefined) throw new UnknownConnectorError(request.from)
    const sender = request.from as Hex
    const nonceAnswer = await provider.request({
      method: 'eth_call',
      params: [{ to: ENTRY_POINT_V07, data: encodeFunctionData({ abi: ENTRY_POINT_ABI, functionName: 'getNonce', args: [sender, 0n] }) }, 'latest'],
    })
    if (typeof nonceAnswer !== 'string') throw new WalletRequestError('failed', 'The chain answered no nonce for the account')
    const nonce = decodeFunctionResult({ abi: ENTRY_POINT_ABI, functionName: 'getNonce', data: nonceAnswer as Hex })
    return {
      entryPoint: ENTRY_POINT_V07,
      operation: {
        sender,
        nonce: numberToHex(nonce),
        callData: accountCallData(request),
        callGasLimit: numberToHex(DRAFT_GAS.call),
        verificationGasLimit: numberToHex(DRAFT_GAS.verification),
        preVerificationGas: numberToHex(DRAFT_GAS.preVerification),
        maxFeePerGas: numberToHex(maxFeePerGas),
        maxPriorityFeePerGas: numberToHex(maxFeePerGas),
        paymasterVerificationGasLimit: numberToHex(DRAFT_GAS.paymasterVerification),
        paymasterPostOpGasLimit: '0x0',
      },
    }
  }

  async walletVerdict(connectorId: string, request: AccountCalls, paymasterUrl: string): Promise<WalletPaymasterVerdict | undefined> {
    const provider = this.options.providerOf(connectorId)
    const hex = hexChainId(request.chainId)
    if (provider === undefined || hex === undefined) return undefined
    try {
      const calls = request.calls.map((c) => ({ to: c.to, ...(c.data === undefined ? {} : { data: c.data }), ...(c.value === undefined ? {} : { value: numberToHex(c.value) }) }))
      const answer = await withinTime(
        provider.request({ method: WALLET_PAYMASTER_STUB_METHOD, params: [{ chainId: hex, from: request.from, calls, paymasterService: { url: paymasterUrl } }] }),
        VERDICT_TIMEOUT_MS,
      )
      if (!isRecord(answer)) return undefined
      if (answer.sponsored === true) return { sponsored: true, ...(typeof answer.sponsorName === 'string' ? { sponsorName: answer.sponsorName } : {}) }
      return answer.sponsored === false && typeof answer.reason === 'string' ? { sponsored: false, reason: answer.reason } : undefined
    } catch {
      return undefined
    }
  }

  async send(connectorId: string, request: AccountCalls, paymasterUrl: string, context?: Readonly<Record<string, string>>): Promise<string> {
    const provider = this.options.providerOf(connectorId)
    if (provider === undefined) throw new UnknownConnectorError(connectorId)
    const id = await sendCalls(provider, { ...request, atomicRequired: true }, { paymasterService: { url: paymasterUrl, ...(context === undefined ? {} : { context }) } })
    return this.transactionOf(provider, id)
  }

  private wait(ms: number): Promise<void> {
    return this.options.wait?.(ms) ?? new Promise<void>((resolve) => setTimeout(resolve, ms))
  }

  /** The transaction that carried the calls, asked of the wallet until it knows it. */
  private async transactionOf(provider: Eip1193Provider, id: string): Promise<string> {
    for (let waited = 0; waited <= STATUS_TIMEOUT_MS; waited += STATUS_POLL_MS) {
      let status
      try {
        status = parseCallsStatus(await provider.request({ method: 'wallet_getCallsStatus', params: [id] }))
      } catch (error) {
        throw toWalletRequestError(error)
      }
      const hash = status.transactionHashes[0]
      if (hash !== undefined) return hash
      if (status.outcome === 'failed') throw new WalletRequestError('failed', 'The wallet could not send the calls')
      await this.wait(STATUS_POLL_MS)
    }
    throw new WalletRequestError('failed', 'The wallet did not say which transaction carried the calls')
  }
}

/** The account's own call that runs `calls`: `execute` for one, `executeBatch` for several. */
function accountCallData(request: AccountCalls): Hex {
  const calls = request.calls.map((c) => ({ target: c.to as Hex, value: c.value ?? 0n, data: (c.data ?? '0x') as Hex }))
  const [only] = calls
  if (calls.length === 1 && only !== undefined) return encodeFunctionData({ abi: ACCOUNT_ABI, functionName: 'execute', args: [only.target, only.value, only.data] })
  return encodeFunctionData({ abi: ACCOUNT_ABI, functionName: 'executeBatch', args: [calls] })
}

/** `answer`, or undefined when it takes longer than `ms`. */
async function withinTime<T>(answer: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)))
  try {
    return await Promise.race([answer, late])
  } finally {
    clearTimeout(timer)
  }
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
