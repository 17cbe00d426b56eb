/**
 * A user's smart account on a devnet chain, as the auth service's server-side signer drives it:
 * the devnet's DevnetAccount (Solady ERC-4337 + session keys, devnet/contracts/DevnetAccount.sol)
 * behind viem's toSoladySmartAccount, sending user operations through the chain's bundler.
 *
 * - The address is counterfactual (the factory's CREATE2 over the owner's salt); the first user
 *   operation deploys the account.
 * - EIP-5792: wallet_getCapabilities, wallet_sendCalls (every call in ONE user operation, so the
 *   batch is atomic; the id is the userOpHash), wallet_getCallsStatus (from the user-op receipt:
 *   100 pending, 200 confirmed, 400 dropped by the bundler, 500 reverted; 5730 for an id the bundler
 *   does not know).
 * - ERC-7715: wallet_grantPermissions adds a session key by an owner-signed user operation and
 *   answers the request with its context (the permissions context id, "pci"); revokeSession
 *   removes it the same way; sessions are read from chain state, never from a list kept here.
 *
 * Permission semantics are the devnet's own (not Rhinestone's smart sessions), read by
 * ./session-grant (which the wallet frame's grant dialog reads too): plain transfers up to the
 * native allowances, and calls only to the listed contracts' listed functions, each within its own
 * value limit; the budget is the sum of the limits; an expiry.
 */
import {
  concat,
  createPublicClient,
  encodeFunctionData,
  getAddress,
  http,
  isAddress,
  isHex,
  numberToHex,
  parseAbi,
  size,
  slice,
  type Address,
  type Chain,
  type Hex,
  type LocalAccount,
  type PublicClient,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  toSoladySmartAccount,
  UserOperationReceiptNotFoundError,
  type BundlerClient,
  type SmartAccount,
} from 'viem/account-abstraction'
import { privateKeyToAccount, toAccount } from 'viem/accounts'
import { DEVNET_CHAIN_A, DEVNET_CHAIN_B, DEVNET_SMART_ACCOUNT, devnetViemChain, smartAccountSalt, type DevnetChainId } from '../config'
import { WalletRpcError, amount, requestedKey, sessionPolicy, type PermissionRequest } from './session-grant'
import { WALLET_PAYMASTER_STUB_METHOD, type WalletPaymasterVerdict } from '../../../src/domain/sponsorship/sponsorship'

export { WalletRpcError, requestedKey, sessionPolicy, type PermissionRequest, type SessionPolicy, type SessionCallPermission } from './session-grant'

export interface SmartAccountChain {
  readonly chainId: number
  readonly rpcUrl: string
  /** The chain's ERC-4337 bundler (DevnetInfo.bundlerUrls). Reading sessions needs none. */
  readonly bundlerUrl?: string
}

export interface SmartAccountCall {
  readonly to: Address
  readonly value?: bigint
  readonly data?: Hex
}

/** A session key as the chain holds it. */
export interface SessionOnChain {
  readonly chainId: number
  /** The permissions context id: the account and the key, 40 bytes. */
  readonly pci: Hex
  readonly account: Address
  readonly key: Address
  /** Unix seconds; the EntryPoint refuses the key's user operations after it. */
  readonly expiry: number
  /** The budget: the native allowance plus every call's value limit. */
  readonly valueLimit: bigint
  readonly spent: bigint
  /** Plain transfers (no call data) to any address but the account, in total. */
  readonly nativeAllowance: bigint
  readonly nativeSpent: bigint
  /** The only calls with data the key may make: each contract's listed function (or any, sending no value). */
  readonly calls: readonly { target: Address; selector: Hex; anyFunction: boolean; valueLimit: bigint; spent: bigint }[]
  /** The contracts of `calls`; the key may call no other contract. */
  readonly targets: readonly Address[]
  /** Not yet expired by the chain's latest block time. */
  readonly active: boolean
}

/**
 * A paymaster service (ERC-7677) that pays a user operation's gas: its URL (the server's
 * `/v1/paymaster/{chainId}?projectId=`), the visitor's session token it asks for, and the
 * app's context passed through.
 */
export interface SmartAccountPaymaster {
  readonly url: string
  readonly token?: string
  readonly context?: Record<string, unknown>
}

/** Whether `url` is on one of `origins` (exactly: scheme, host and port). */
export function trustedPaymaster(url: string, origins: readonly string[]): boolean {
  try {
    return origins.includes(new URL(url).origin)
  } catch {
    return false
  }
}

/** How many times the bundler's call gas estimate a user operation gets (see sendCalls). */
const CALL_GAS_HEADROOM = 2n

/** EIP-5792 status codes this wallet answers with. */
export const CALLS_STATUS = { pending: 100, confirmed: 200, dropped: 400, reverted: 500 } as const

export const SESSION_ABI = parseAbi([
  'struct CallPermission { address target; bytes4 selector; bool anyFunction; uint128 valueLimit; }',
  'struct CallGrant { address target; bytes4 selector; bool anyFunction; uint128 valueLimit; uint128 spent; }',
  'function addSessionKey(address key, uint48 validUntil, uint128 nativeAllowance, CallPermission[] calls)',
  'function removeSessionKey(address key)',
  'function sessionKeys() view returns (address[])',
  'function getSession(address key) view returns (uint48 validUntil, uint128 valueLimit, uint128 spent, uint128 nativeAllowance, uint128 nativeSpent, CallGrant[] calls)',
])

/** The permissions context of a session: the account's address then the key's. */
export function sessionContext(account: Address, key: Address): Hex {
  return concat([account, key]).toLowerCase() as Hex
}

export function parseSessionContext(pci: string): { account: Address; key: Address } {
  if (!isHex(pci) || size(pci) !== 40) throw new WalletRpcError(-32602, 'The permissions context is not valid')
  return { account: getAddress(slice(pci, 0, 20)), key: getAddress(slice(pci, 20, 40)) }
}

function viemChain(chain: SmartAccountChain): Chain {
  if (chain.chainId === DEVNET_CHAIN_A.id || chain.chainId === DEVNET_CHAIN_B.id) return devnetViemChain(chain.chainId as DevnetChainId, chain.rpcUrl)
  throw new WalletRpcError(4901, `Chain ${chain.chainId} is not a devnet chain`)
}

function publicClientFor(chain: SmartAccountChain): PublicClient {
  return createPublicClient({ chain: viemChain(chain), transport: http(chain.rpcUrl), pollingInterval: 50 })
}

function bundlerFor(chain: SmartAccountChain, account: SmartAccount, client: PublicClient): BundlerClient {
  if (chain.bundlerUrl === undefined) throw new WalletRpcError(4200, `No bundler for chain ${chain.chainId}`)
  const transport = http(chain.bundlerUrl)
  const bundler: BundlerClient = createBundlerClient({
    account,
    client,
    transport,
    pollingInterval: 100,
    userOperation: {
      // The bundler's own price: it refuses user operations priced under it.
      async estimateFeesPerGas() {
        const prices = (await bundler.request({ method: 'pimlico_getUserOperationGasPrice' as never, params: [] as never })) as {
          fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex }
        }
        return { maxFeePerGas: BigInt(prices.fast.maxFeePerGas), maxPriorityFeePerGas: BigInt(prices.fast.maxPriorityFeePerGas) }
      },
    },
  })
  return bundler
}

/** The smart account's address for an owner: the factory's CREATE2 address for the owner's salt. */
export async function smartAccountAddress(owner: Address, chain: SmartAccountChain): Promise<Address> {
  return publicClientFor(chain).readContract({
    address: DEVNET_SMART_ACCOUNT.factory,
    abi: parseAbi(['function getAddress(bytes32 salt) view returns (address)']),
    functionName: 'getAddress',
    args: [smartAccountSalt(owner)],
  })
}

async function soladyAccount(client: PublicClient, owner: LocalAccount, address?: Address): Promise<SmartAccount> {
  return toSoladySmartAccount({
    client,
    owner,
    factoryAddress: DEVNET_SMART_ACCOUNT.factory,
    salt: smartAccountSalt(owner.address),
    ...(address === undefined ? {} : { address }),
  })
}

/** Reads an account's session keys from chain state (none when it is not deployed yet). */
export async function listSessions(account: Address, chain: SmartAccountChain): Promise<SessionOnChain[]> {
  const client = publicClientFor(chain)
  const code = await client.getCode({ address: account })
  if (code === undefined || code === '0x') return []
  const [keys, block] = await Promise.all([
    client.readContract({ address: account, abi: SESSION_ABI, functionName: 'sessionKeys' }),
    client.getBlock({ blockTag: 'latest' }),
  ])
  return Promise.all(
    keys.map(async (key) => {
      const [validUntil, valueLimit, spent, nativeAllowance, nativeSpent, calls] = await client.readContract({ address: account, abi: SESSION_ABI, functionName: 'getSession', args: [key] })
      return {
        chainId: chain.chainId,
        pci: sessionContext(account, key),
        account,
        key,
        expiry: validUntil,
        valueLimit,
        spent,
        nativeAllowance,
        nativeSpent,
        calls: calls.map((c) => ({ target: c.target, selector: c.selector, anyFunction: c.anyFunction, valueLimit: c.valueLimit, spent: c.spent })),
        targets: [...new Set(calls.map((c) => c.target))],
        active: BigInt(validUntil) > block.timestamp,
      }
    }),
  )
}

/** Every call's `to` must be an address written with 0x (the spec's validation rule). */
export function checkCalls(calls: unknown): SmartAccountCall[] {
  if (!Array.isArray(calls) || calls.length === 0) throw new WalletRpcError(-32602, 'The request has no calls')
  return calls.map((raw, i) => {
    const call = (raw ?? {}) as { to?: unknown; value?: unknown; data?: unknown }
    if (typeof call.to !== 'string' || !call.to.startsWith('0x')) throw new WalletRpcError(-32602, `Call ${i + 1} needs a "to" address starting with 0x`)
    if (!isAddress(call.to, { strict: false })) throw new WalletRpcError(-32602, `Call ${i + 1} has a "to" that is not an address`)
    if (call.data !== undefined && !isHex(call.data)) throw new WalletRpcError(-32602, `Call ${i + 1} has data that is not hex`)
    return { to: getAddress(call.to), value: call.value === undefined ? 0n : amount(call.value, `Call ${i + 1}'s value`), ...(call.data === undefined ? {} : { data: call.data as Hex }) }
  })
}

export interface DevnetSmartAccount {
  readonly address: Address
  readonly owner: Address
  readonly chainId: number
  isDeployed(): Promise<boolean>
  /** Sends the calls as one user operation (deploying the account first time), its gas paid by `paymaster` when given; returns its hash. */
  sendCalls(calls: readonly SmartAccountCall[], options?: { paymaster?: SmartAccountPaymaster }): Promise<Hex>
  /** Waits for the user operation's receipt; rejects if it reverted. */
  waitForCalls(id: Hex): Promise<{ transactionHash: Hex; success: boolean }>
  callsStatus(id: Hex): Promise<{ version: string; id: Hex; chainId: Hex; status: number; atomic: true; receipts: unknown[] }>
  capabilities(): Record<Hex, Record<string, unknown>>
  /** ERC-7715: adds the session key on chain and answers with the request and its context. */
  grantPermissions(request: PermissionRequest): Promise<Record<string, unknown>>
  /** Removes a session key by an owner-signed user operation; resolves once it is gone on chain. */
  revokeSession(key: Address): Promise<void>
  sessions(): Promise<SessionOnChain[]>
  /** The EIP-5792 / ERC-7715 methods as a wallet answers them (`paymasterToken`: the session a paymaster service is shown, this request's). */
  request(args: { method: string; params?: unknown; paymasterToken?: string }): Promise<unknown>
  /** The viem smart account (signMessage gives ERC-1271 / ERC-6492 signatures). */
  readonly account: SmartAccount
}

/** A paymaster service's client: its JSON-RPC over HTTP with the visitor's session token. */
function paymasterClient(paymaster: SmartAccountPaymaster) {
  return createPaymasterClient({ transport: http(paymaster.url, paymaster.token === undefined ? {} : { fetchOptions: { headers: { authorization: `Bearer ${paymaster.token}` } } }) })
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `owner`: a key (tests), or an account that opens the user's sealed key for each signature (the
 * auth service). `paymasterToken`: the session token wallet_sendCalls shows a paymaster service
 * the app names (the visitor's embedded-wallet session), only when that service is on one of
 * `paymasterOrigins` (the wallet's own service): the app names the URL, and a session token sent
 * to an origin of its choosing would be the visitor's wallet session handed to the app.
 */
export async function devnetSmartAccount(
  ownerKeyOrAccount: Hex | LocalAccount,
  chain: SmartAccountChain,
  options: { paymasterToken?: string; paymasterOrigins?: readonly string[] } = {},
): Promise<DevnetSmartAccount> {
  const owner = typeof ownerKeyOrAccount === 'string' ? privateKeyToAccount(ownerKeyOrAccount) : ownerKeyOrAccount
  const client = publicClientFor(chain)
  const account = await soladyAccount(client, owner)
  const address = await account.getAddress()
  const bundler = (): BundlerClient => bundlerFor(chain, account, client)
  const chainHex = numberToHex(chain.chainId)

  const sendCalls = async (calls: readonly SmartAccountCall[], options: { paymaster?: SmartAccountPaymaster } = {}): Promise<Hex> => {
    const b = bundler()
    const wanted = calls.map((c) => ({ to: c.to, value: c.value ?? 0n, data: c.data ?? '0x' as Hex }))
    // With a paymaster: its stub data for the estimate, then its signed data for the final gas
    // (viem asks pm_getPaymasterStubData, then pm_getPaymasterData), which the account signs over.
    const pm = options.paymaster === undefined ? undefined : paymasterClient(options.paymaster)
    const sponsor = pm === undefined ? {} : { paymaster: pm, paymasterContext: options.paymaster?.context ?? {} }
    // The estimate runs on the stub data alone: the signed data is asked for once, for the
    // operation that is sent (each one counts against the app's limits).
    const estimating =
      pm === undefined
        ? {}
        : {
            paymaster: { getPaymasterStubData: pm.getPaymasterStubData, getPaymasterData: pm.getPaymasterStubData },
            paymasterContext: options.paymaster?.context ?? {},
          }
    // The bundler's call gas estimate comes out short for calls that pass gas on to nested calls
    // (a router paying the account out in ETH after an approval in the same batch): the operation
    // then runs out of gas on chain and reverts with no reason. Twice the estimate; what is not
    // used goes back to the account (less the EntryPoint's 10 % on unused call gas).
    const gas = await b.estimateUserOperationGas({ account, calls: wanted, ...estimating })
    return b.sendUserOperation({ account, calls: wanted, callGasLimit: gas.callGasLimit * CALL_GAS_HEADROOM, ...sponsor })
  }

  const waitForCalls = async (id: Hex): Promise<{ transactionHash: Hex; success: boolean }> => {
    const receipt = await bundler().waitForUserOperationReceipt({ hash: id, timeout: 30_000 })
    return { transactionHash: receipt.receipt.transactionHash, success: receipt.success }
  }

  const callsStatus: DevnetSmartAccount['callsStatus'] = async (id) => {
    const base = { version: '2.0.0', id, chainId: chainHex, atomic: true as const }
    const b = bundler()
    try {
      const receipt = await b.getUserOperationReceipt({ hash: id })
      const r = receipt.receipt
      return {
        ...base,
        status: receipt.success ? CALLS_STATUS.confirmed : CALLS_STATUS.reverted,
        receipts: [
          { logs: receipt.logs.map((l) => ({ address: l.address, data: l.data, topics: l.topics })), status: receipt.success ? '0x1' : '0x0', blockHash: r.blockHash, blockNumber: numberToHex(r.blockNumber), gasUsed: numberToHex(r.gasUsed), transactionHash: r.transactionHash },
        ],
      }
    } catch (error) {
      if (!(error instanceof UserOperationReceiptNotFoundError)) throw error
    }
    // No receipt yet: the bundler says whether it still holds the operation or dropped it.
    const state = (await b.request({ method: 'pimlico_getUserOperationStatus' as never, params: [id] as never }).catch(() => undefined)) as { status?: string } | undefined
    if (state?.status === 'not_found') throw new WalletRpcError(5730, 'This calls id is unknown to the bundler')
    const dropped = state?.status === 'rejected' || state?.status === 'failed'
    return { ...base, status: dropped ? CALLS_STATUS.dropped : CALLS_STATUS.pending, receipts: [] }
  }

  const capabilities = (): Record<Hex, Record<string, unknown>> => ({
    [chainHex]: {
      atomic: { status: 'supported' },
      paymasterService: { supported: true },
      permissions: {
        supported: true,
        signerTypes: ['account', 'key', 'keys'],
        keyTypes: ['secp256k1'],
        permissionTypes: ['native-token-transfer', 'native-token-recurring-allowance', 'contract-call'],
        policyTypes: ['token-allowance'],
      },
    },
  })

  const runOwnerCall = async (data: Hex): Promise<void> => {
    const id = await sendCalls([{ to: address, data }])
    const { success, transactionHash } = await waitForCalls(id)
    if (!success) throw new WalletRpcError(-32603, `The user operation reverted (transaction ${transactionHash})`)
  }

  const grantPermissions = async (request: PermissionRequest): Promise<Record<string, unknown>> => {
    if (request.chainId !== undefined && Number(request.chainId) !== chain.chainId) throw new WalletRpcError(4901, `This account is on chain ${chain.chainId}`)
    if (request.address !== undefined && request.address.toLowerCase() !== address.toLowerCase()) throw new WalletRpcError(4100, 'The request is for another account')
    if (!Number.isInteger(request.expiry) || request.expiry <= 0 || request.expiry >= 2 ** 48) throw new WalletRpcError(-32602, 'The expiry must be a time in unix seconds')
    const key = requestedKey(request.signer)
    const policy = sessionPolicy({ ...request, address })
    const calls = policy.calls.map((c) => ({ target: c.target, selector: c.selector, anyFunction: c.anyFunction, valueLimit: c.valueLimit }))
    await runOwnerCall(encodeFunctionData({ abi: SESSION_ABI, functionName: 'addSessionKey', args: [key, request.expiry, policy.nativeAllowance, calls] }))
    const context = sessionContext(address, key)
    return {
      ...request,
      chainId: chainHex,
      address,
      context,
      // viem's erc7715 actions read these two names.
      permissionsContext: context,
      grantedPermissions: request.permissions,
    }
  }

  const revokeSession = async (key: Address): Promise<void> => {
    await runOwnerCall(encodeFunctionData({ abi: SESSION_ABI, functionName: 'removeSessionKey', args: [key] }))
  }

  /**
   * Whether the app's paymaster would pay for `calls` (its stub data: nothing is counted), asked
   * with the wallet's session, which goes to `url` only when it is one of the wallet's own
   * paymaster origins: a page naming another URL gets an error and that URL gets nothing.
   */
  const paymasterVerdict = async (url: string, token: string | undefined, calls: readonly SmartAccountCall[]): Promise<WalletPaymasterVerdict> => {
    if (!trustedPaymaster(url, options.paymasterOrigins ?? [])) throw new WalletRpcError(4100, "This wallet asks only its own paymaster service")
    if (token === undefined) return { sponsored: false, reason: 'not-signed-in' }
    const [nonce, deployed, fees] = await Promise.all([account.getNonce(), account.isDeployed(), client.estimateFeesPerGas()])
    const factory = deployed ? {} : await account.getFactoryArgs()
    const operation = {
      sender: address,
      nonce: numberToHex(nonce),
      ...(factory.factory === undefined ? {} : { factory: factory.factory, factoryData: factory.factoryData }),
      callData: await account.encodeCalls(calls.map((c) => ({ to: c.to, value: c.value ?? 0n, data: c.data ?? '0x' }))),
      callGasLimit: numberToHex(400_000n),
      verificationGasLimit: numberToHex(600_000n),
      preVerificationGas: numberToHex(100_000n),
      maxFeePerGas: numberToHex(fees.maxFeePerGas),
      maxPriorityFeePerGas: numberToHex(fees.maxPriorityFeePerGas),
      paymasterVerificationGasLimit: numberToHex(100_000n),
      paymasterPostOpGasLimit: '0x0',
    }
    const res = await fetch(url, {
      method: 'POST',
      // The session goes to this URL only: never on to wherever a redirect would point.
      redirect: 'error',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [operation, account.entryPoint.address, chainHex, {}] }),
    })
    const answer = (await res.json().catch(() => ({}))) as { result?: { sponsor?: { name?: unknown } }; error?: { data?: { reason?: unknown } } }
    if (answer.result !== undefined) return { sponsored: true, ...(typeof answer.result.sponsor?.name === 'string' ? { sponsorName: answer.result.sponsor.name } : {}) }
    return { sponsored: false, reason: typeof answer.error?.data?.reason === 'string' ? answer.error.data.reason : 'unavailable' }
  }

  const request = async ({ method, params, paymasterToken = options.paymasterToken }: { method: string; params?: unknown; paymasterToken?: string }): Promise<unknown> => {
    const list = Array.isArray(params) ? (params as unknown[]) : []
    switch (method) {
      case 'wallet_getCapabilities':
        return capabilities()
      case 'wallet_sendCalls': {
        const p = (list[0] ?? {}) as { chainId?: unknown; from?: unknown; calls?: unknown; capabilities?: { paymasterService?: { url?: unknown; context?: unknown } } }
        if (p.chainId !== undefined && Number(p.chainId) !== chain.chainId) throw new WalletRpcError(4901, `This account is on chain ${chain.chainId}`)
        if (typeof p.from === 'string' && p.from.toLowerCase() !== address.toLowerCase()) throw new WalletRpcError(4100, 'The calls are from another account')
        // ERC-7677: the app names its paymaster service; the account's own session pays nothing to it.
        const service = p.capabilities?.paymasterService
        const trusted = typeof service?.url === 'string' && trustedPaymaster(service.url, options.paymasterOrigins ?? [])
        const paymaster =
          service !== undefined && typeof service.url === 'string' && /^https?:\/\//.test(service.url)
            ? { url: service.url, ...(paymasterToken === undefined || !trusted ? {} : { token: paymasterToken }), ...(isRecord(service.context) ? { context: service.context } : {}) }
            : undefined
        return { id: await sendCalls(checkCalls(p.calls), paymaster === undefined ? {} : { paymaster }) }
      }
      case WALLET_PAYMASTER_STUB_METHOD: {
        const p = (list[0] ?? {}) as { chainId?: unknown; from?: unknown; calls?: unknown; paymasterService?: { url?: unknown } }
        if (p.chainId !== undefined && Number(p.chainId) !== chain.chainId) throw new WalletRpcError(4901, `This account is on chain ${chain.chainId}`)
        // Only the account this wallet holds: the session speaks for no other.
        if (typeof p.from !== 'string' || p.from.toLowerCase() !== address.toLowerCase()) throw new WalletRpcError(4100, 'The calls are from another account')
        const url = p.paymasterService?.url
        if (typeof url !== 'string') throw new WalletRpcError(-32602, 'The request names no paymaster service')
        return paymasterVerdict(url, paymasterToken, checkCalls(p.calls))
      }
      case 'wallet_getCallsStatus': {
        const id = list[0]
        if (!isHex(id) || size(id) !== 32) throw new WalletRpcError(-32602, 'The calls id is not valid')
        return callsStatus(id)
      }
      case 'wallet_grantPermissions':
        return grantPermissions((list[0] ?? {}) as PermissionRequest)
      default:
        throw new WalletRpcError(4200, `Method ${method} is not supported`)
    }
  }

  return {
    address,
    owner: owner.address,
    chainId: chain.chainId,
    account,
    isDeployed: () => account.isDeployed(),
    sendCalls,
    waitForCalls,
    callsStatus,
    capabilities,
    grantPermissions,
    revokeSession,
    sessions: () => listSessions(address, chain),
    request,
  }
}

/** The stub signature viem's Solady account estimates with, prefixed with a key (the session path). */
const STUB_SIGNATURE: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/**
 * The account as a session key drives it (what an app holding a granted key does): user
 * operations signed by the key, which the account checks against the session's budget, targets
 * and expiry.
 */
export async function sessionKeyClient(
  sessionKey: Hex,
  accountAddress: Address,
  chain: SmartAccountChain,
): Promise<{ account: SmartAccount; sendCalls(calls: readonly SmartAccountCall[]): Promise<Hex>; waitForCalls(id: Hex): Promise<{ success: boolean }> }> {
  const key = privateKeyToAccount(sessionKey)
  // The account tells a session signature by its length: the key's address, then its signature.
  const signer = toAccount({
    address: key.address,
    signMessage: async ({ message }) => concat([key.address, await key.signMessage({ message })]),
    signTransaction: () => Promise.reject(new Error('a session key signs user operations only')),
    signTypedData: () => Promise.reject(new Error('a session key signs user operations only')),
  })
  const client = publicClientFor(chain)
  const base = await soladyAccount(client, signer, accountAddress)
  // Estimating with a session-shaped stub runs the account's policy checks, so the gas covers them.
  const account = { ...base, getStubSignature: async () => concat([key.address, STUB_SIGNATURE]) } as SmartAccount
  const bundler = bundlerFor(chain, account, client)
  return {
    account,
    sendCalls: (calls) => bundler.sendUserOperation({ account, calls: calls.map((c) => ({ to: c.to, value: c.value ?? 0n, data: c.data ?? '0x' })) }),
    waitForCalls: async (id) => ({ success: (await bundler.waitForUserOperationReceipt({ hash: id, timeout: 30_000 })).success }),
  }
}

/**
 * The auth service's session endpoints, read from chain state:
 *   GET  /v1/sessions/{address}[?chainId=]   -> { sessions: [{ pci, chainId, key, expiry, valueLimit, spent, targets, active,
 *        nativeAllowance, nativeSpent, calls: [{ target, selector, anyFunction, valueLimit, spent }], permissions }] }
 *   POST /v1/sessions/{address}/revoke { pci, signature } -> { revoked: true } once the key is gone on
 *        chain; 409 while it is still there (the owner revokes by a user operation; this service
 *        cannot revoke by itself).
 * Answers undefined for any other path.
 */
export async function sessionsRoute(
  method: string,
  path: string,
  query: URLSearchParams,
  readJson: () => Promise<Record<string, unknown>>,
  chains: readonly SmartAccountChain[],
): Promise<{ status?: number; json: unknown } | undefined> {
  const match = /^\/v1\/sessions\/([^/]+)(\/revoke)?$/.exec(path)
  if (match === null) return undefined
  const raw = decodeURIComponent(match[1]!)
  const addressText = raw.includes(':') ? raw.slice(raw.lastIndexOf(':') + 1) : raw
  if (!isAddress(addressText, { strict: false })) return { status: 400, json: { message: 'That is not an account address' } }
  const address = getAddress(addressText)
  if (method === 'GET' && match[2] === undefined) {
    const only = query.get('chainId')
    const wanted = chains.filter((c) => only === null || String(c.chainId) === only)
    const sessions = (await Promise.all(wanted.map((c) => listSessions(address, c)))).flat()
    return {
      json: {
        sessions: sessions.map((s) => ({
          pci: s.pci,
          chainId: s.chainId,
          key: s.key,
          expiry: s.expiry,
          valueLimit: numberToHex(s.valueLimit),
          spent: numberToHex(s.spent),
          targets: s.targets,
          active: s.active,
          nativeAllowance: numberToHex(s.nativeAllowance),
          nativeSpent: numberToHex(s.nativeSpent),
          calls: s.calls.map((c) => ({ ...c, valueLimit: numberToHex(c.valueLimit), spent: numberToHex(c.spent) })),
          // What the chain enforces, as ERC-7715 permissions.
          permissions: [
            ...(s.nativeAllowance > 0n ? [{ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: numberToHex(s.nativeAllowance) } }] }] : []),
            ...s.targets.flatMap((t) => {
              const listed = s.calls.filter((c) => c.target === t && !c.anyFunction)
              const any = s.calls.some((c) => c.target === t && c.anyFunction)
              return [
                ...(listed.length > 0 ? [{ type: 'contract-call', data: { address: t, functions: listed.map((c) => ({ functionName: c.selector, valueLimit: numberToHex(c.valueLimit) })) }, policies: [] }] : []),
                // No function listed: any function of the contract, sending no value.
                ...(any ? [{ type: 'contract-call', data: { address: t, functions: [] }, policies: [] }] : []),
              ]
            }),
          ],
        })),
      },
    }
  }
  if (method === 'POST' && match[2] !== undefined) {
    const body = await readJson()
    if (typeof body.pci !== 'string' || body.pci === '') return { status: 400, json: { message: 'Missing field pci' } }
    let context: { account: Address; key: Address }
    try {
      context = parseSessionContext(body.pci)
    } catch {
      return { status: 400, json: { message: 'The permissions context is not valid' } }
    }
    if (context.account !== address) return { status: 400, json: { message: 'The session belongs to another account' } }
    const still = (await Promise.all(chains.map((c) => listSessions(address, c)))).flat().filter((s) => s.key === context.key)
    if (still.length > 0) {
      return { status: 409, json: { message: 'The session is still granted on chain: the account owner removes its key first', chainIds: still.map((s) => s.chainId) } }
    }
    return { json: { revoked: true, pci: body.pci.toLowerCase() } }
  }
  return { status: 405, json: { message: `${method} is not allowed here` } }
}
