/**
 * What an ERC-7715 grant request asks of the devnet account's session keys, read once and used by
 * both sides: the auth service turns it into `addSessionKey` (./smart-account), and the wallet
 * frame shows it to the visitor before anything is granted (./frame/frame-handler). Both read the
 * same policy, so the dialog says exactly what the chain will enforce.
 *
 * The policy (devnet/contracts/DevnetAccount.sol enforces it):
 * - `native-token-transfer` with a `token-allowance` policy, and `native-token-recurring-allowance`
 *   (one period; it does not renew): plain transfers, with no call data and a value above zero, to
 *   any address but the account itself, up to the sum of their allowances. A plain transfer to a
 *   contract runs its `receive`/`fallback` as any transfer from the account would; that is
 *   accepted: only the value leaves, counted against the allowance.
 * - `contract-call` on `data.address`: only the functions listed, each with its own total value
 *   limit (`valueLimit`, 0 when absent). A function is written as its signature
 *   (`transfer(address,uint256)`, `function transfer(address to, uint256 amount)`), as a 4-byte
 *   selector, or by name with the contract's `abi` (every overload of that name). Listed as
 *   AppKit sends them (`functions: [{ functionName, valueLimit? }]`) or as viem's type says
 *   (`calls: [signature]`). No function listed means any function of that contract, sending no
 *   value. Argument rules (`args`) cannot be enforced and are refused.
 * - Nothing else: no other permission or policy type, no call with data to a contract not listed,
 *   never a call to the account itself. The session's budget is the sum of all limits.
 */
import { getAddress, isAddress, isHex, size, toFunctionSelector, toFunctionSignature, type Abi, type Address, type Hex } from 'viem'
import { publicKeyToAddress } from 'viem/accounts'

export class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'WalletRpcError'
  }
}

/** A grant request, as viem's grantPermissions and AppKit's smart sessions send it. */
export interface PermissionRequest {
  chainId?: Hex | number
  address?: Address
  expiry: number
  signer?: { type: string; data?: Record<string, unknown> }
  permissions: { type: string | { custom: string }; data?: Record<string, unknown>; policies?: { type: string | { custom: string }; data?: Record<string, unknown> }[]; required?: boolean }[]
}

/** One call permission as `addSessionKey` takes it. */
export interface SessionCallPermission {
  readonly target: Address
  /** 0x00000000 when `anyFunction`. */
  readonly selector: Hex
  /** Any function of the target, sending no value. */
  readonly anyFunction: boolean
  /** Total value the key may send with this function, in wei. */
  readonly valueLimit: bigint
  /** The function's signature, when the request or a well-known token function names it. */
  readonly signature?: string
}

export interface SessionPolicy {
  /** The budget: the native allowance plus every call permission's value limit. */
  readonly valueLimit: bigint
  /** Plain transfers, in total. */
  readonly nativeAllowance: bigint
  /** The part of the native allowance asked as a recurring allowance (one period, not renewed). */
  readonly recurringAllowance: bigint
  readonly calls: readonly SessionCallPermission[]
  /** Every contract the key may call, in request order. */
  readonly targets: readonly Address[]
}

const ANY_SELECTOR: Hex = '0x00000000'

/**
 * Token functions a visitor must recognise; a signature naming another function with one of
 * these selectors (a 4-byte collision is cheap to find) is refused rather than shown as harmless.
 */
const WELL_KNOWN_FUNCTIONS = [
  'transfer(address,uint256)',
  'approve(address,uint256)',
  'transferFrom(address,address,uint256)',
  'increaseAllowance(address,uint256)',
  'setApprovalForAll(address,bool)',
  'safeTransferFrom(address,address,uint256)',
  'safeTransferFrom(address,address,uint256,bytes)',
  'safeTransferFrom(address,address,uint256,uint256,bytes)',
  'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
  'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  'deposit()',
  'withdraw(uint256)',
]
const WELL_KNOWN_BY_SELECTOR = new Map(WELL_KNOWN_FUNCTIONS.map((s) => [toFunctionSelector(s), s]))

function keyAddress(id: unknown): Address {
  if (typeof id === 'string' && isAddress(id)) return getAddress(id)
  if (typeof id === 'string' && isHex(id) && size(id) === 65) return publicKeyToAddress(id)
  throw new WalletRpcError(-32602, 'The signer must be a secp256k1 key: an address or an uncompressed public key')
}

/** The session key a request names (signer type key, keys with one key, or account). */
export function requestedKey(signer: PermissionRequest['signer']): Address {
  if (signer === undefined) throw new WalletRpcError(-32602, 'The request names no signer')
  const data = signer.data ?? {}
  if (signer.type === 'account' || signer.type === 'key') return keyAddress(data.id ?? data.publicKey)
  if (signer.type === 'keys') {
    const ids = Array.isArray(data.ids) ? data.ids : Array.isArray(data.keys) ? (data.keys as { publicKey?: unknown }[]).map((k) => k.publicKey) : []
    if (ids.length !== 1) throw new WalletRpcError(-32602, 'Exactly one session key is supported')
    return keyAddress(ids[0])
  }
  throw new WalletRpcError(-32602, `Signer type ${signer.type} is not supported`)
}

export const amount = (value: unknown, what: string): bigint => {
  if (typeof value === 'bigint' && value >= 0n) return value
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(value)) return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  throw new WalletRpcError(-32602, `${what} must be an amount`)
}

const typeName = (type: string | { custom: string }): string => (typeof type === 'string' ? type : type.custom)

/** The selectors (and signatures) one listed function stands for. */
function functionsOf(name: unknown, abi: unknown): { selector: Hex; signature?: string }[] {
  if (typeof name !== 'string' || name.trim() === '') throw new WalletRpcError(-32602, 'A contract-call function needs a functionName')
  const text = name.trim()
  if (/^0x[0-9a-fA-F]{8}$/.test(text)) {
    const selector = text.toLowerCase() as Hex
    const known = WELL_KNOWN_BY_SELECTOR.get(selector)
    return [known === undefined ? { selector } : { selector, signature: known }]
  }
  if (text.includes('(')) {
    let signature: string
    try {
      signature = toFunctionSignature(text.startsWith('function ') ? text : `function ${text}`)
    } catch {
      throw new WalletRpcError(-32602, `The function ${text} is not a function signature`)
    }
    return [{ selector: checkedSelector(signature), signature }]
  }
  if (!/^[A-Za-z_$][\w$]*$/.test(text)) throw new WalletRpcError(-32602, `The function ${text} is not a function signature`)
  const overloads = (Array.isArray(abi) ? (abi as Abi) : []).filter((item) => item.type === 'function' && item.name === text)
  if (overloads.length === 0) {
    throw new WalletRpcError(-32602, `The function ${text} needs its signature (such as transfer(address,uint256)), its selector or the contract's ABI`)
  }
  return overloads.map((item) => {
    const signature = toFunctionSignature(item as Parameters<typeof toFunctionSignature>[0])
    return { selector: checkedSelector(signature), signature }
  })
}

function checkedSelector(signature: string): Hex {
  const selector = toFunctionSelector(signature)
  const known = WELL_KNOWN_BY_SELECTOR.get(selector)
  if (known !== undefined && known !== signature) throw new WalletRpcError(-32602, `The function ${signature} has the selector of ${known}`)
  return selector
}

/** The calls one contract-call permission grants. */
function contractCalls(data: Record<string, unknown>): SessionCallPermission[] {
  if (typeof data.address !== 'string' || !isAddress(data.address)) throw new WalletRpcError(-32602, 'A contract-call permission needs a contract address')
  const target = getAddress(data.address)
  const listed: { functionName?: unknown; valueLimit?: unknown; args?: unknown }[] = []
  if (data.functions !== undefined) {
    if (!Array.isArray(data.functions)) throw new WalletRpcError(-32602, 'A contract-call permission lists its functions in an array')
    listed.push(...(data.functions as { functionName?: unknown }[]).map((f) => (typeof f === 'object' && f !== null ? f : { functionName: f })))
  }
  if (data.calls !== undefined) {
    if (!Array.isArray(data.calls)) throw new WalletRpcError(-32602, 'A contract-call permission lists its calls in an array')
    listed.push(...(data.calls as unknown[]).map((functionName) => ({ functionName })))
  }
  if (listed.length === 0) return [{ target, selector: ANY_SELECTOR, anyFunction: true, valueLimit: 0n }]
  return listed.flatMap((fn) => {
    if (fn.args !== undefined && !(Array.isArray(fn.args) && fn.args.length === 0)) {
      throw new WalletRpcError(-32602, 'Argument rules of a contract-call function are not supported')
    }
    const valueLimit = fn.valueLimit === undefined ? 0n : amount(fn.valueLimit, 'A value limit')
    return functionsOf(fn.functionName, data.abi).map((f) => ({ target, anyFunction: false, valueLimit, ...f }))
  })
}

/**
 * The on-chain policy a request asks for. Throws WalletRpcError (-32602) for anything the account
 * could not enforce exactly as asked: such a request is refused, never granted as something else.
 */
export function sessionPolicy(request: PermissionRequest): SessionPolicy {
  let nativeAllowance = 0n
  let recurringAllowance = 0n
  const calls: SessionCallPermission[] = []
  for (const permission of Array.isArray(request.permissions) ? request.permissions : []) {
    const type = typeName(permission.type)
    const data = permission.data ?? {}
    let allowances = 0
    for (const policy of permission.policies ?? []) {
      const policyType = typeName(policy.type)
      if (policyType !== 'token-allowance' || type !== 'native-token-transfer') throw new WalletRpcError(-32602, `Policy type ${policyType} is not supported`)
      nativeAllowance += amount(policy.data?.allowance, 'The allowance')
      allowances++
    }
    if (type === 'native-token-transfer') {
      if (allowances === 0) throw new WalletRpcError(-32602, 'A native-token-transfer permission needs a token-allowance policy')
      continue
    }
    if (type === 'native-token-recurring-allowance') {
      const allowance = amount(data.allowance, 'The allowance')
      nativeAllowance += allowance
      recurringAllowance += allowance
      continue
    }
    if (type === 'contract-call') {
      for (const call of contractCalls(data)) {
        // The same function twice: one permission with both limits.
        const same = calls.findIndex((c) => c.target === call.target && c.selector === call.selector && c.anyFunction === call.anyFunction)
        if (same === -1) calls.push(call)
        else calls[same] = { ...calls[same]!, valueLimit: calls[same]!.valueLimit + call.valueLimit }
      }
      continue
    }
    throw new WalletRpcError(-32602, `Permission type ${type} is not supported`)
  }
  if (request.address !== undefined && calls.some((c) => c.target.toLowerCase() === request.address!.toLowerCase())) {
    throw new WalletRpcError(-32602, 'A session key cannot be granted calls to the account itself')
  }
  const targets = [...new Set(calls.map((c) => c.target))]
  const valueLimit = calls.reduce((sum, c) => sum + c.valueLimit, nativeAllowance)
  if (valueLimit >= 2n ** 128n) throw new WalletRpcError(-32602, 'The limits add up to more than the account can hold')
  return { valueLimit, nativeAllowance, recurringAllowance, calls, targets }
}
