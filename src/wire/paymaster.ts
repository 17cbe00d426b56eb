/**
 * The paymaster service (ERC-7677, docs/sponsorship.md): JSON-RPC 2.0 over HTTP at
 * `POST /v1/paymaster/{chainId}?projectId=`, `pm_getPaymasterStubData` and `pm_getPaymasterData`
 * for an ERC-4337 v0.7 user operation, behind the caller's session (`Authorization: Bearer`) or
 * a sponsorship ticket in the request's context (`params[3].ticket`).
 */
import { z } from 'zod/mini'
import { withoutZodJit } from './jit.js'

// Bounded so a request cannot make the server hash or simulate megabytes: 24 KiB of call data
// (EIP-170's code size) is more than any call a policy allows needs.
const quantity = z.string().check(z.regex(/^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const bytes = z.string().check(z.regex(/^0x([0-9a-fA-F]{2}){0,24576}$/))

/** The largest call data (bytes) a user operation may carry to the paymaster service. */
export const MAX_USER_OPERATION_CALL_DATA_BYTES = 24_576

/** An ERC-4337 v0.7 user operation as ERC-7677 sends it (unsigned: no signature needed). */
export const userOperationSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
    sender: address,
    nonce: quantity,
    factory: z.optional(z.nullable(address)),
    factoryData: z.optional(z.nullable(bytes)),
    callData: bytes,
    callGasLimit: quantity,
    verificationGasLimit: quantity,
    preVerificationGas: quantity,
    maxFeePerGas: quantity,
    maxPriorityFeePerGas: quantity,
    paymasterVerificationGasLimit: z.optional(z.nullable(quantity)),
    paymasterPostOpGasLimit: z.optional(z.nullable(quantity)),
  }),
)

export const PAYMASTER_METHODS = ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const

const rpcId = z.union([z.string().check(z.maxLength(128)), z.number(), z.null()])

/** A JSON-RPC request: params are [userOperation, entryPoint, chainId (hex), context]. */
export const paymasterRequestSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
    jsonrpc: z.literal('2.0'),
    id: rpcId,
    method: z.enum(PAYMASTER_METHODS),
    params: z.tuple([userOperationSchema, address, quantity], z.optional(z.nullable(z.record(z.string(), z.unknown())))).check(z.maxLength(4)),
  }),
)

/** Who pays, as a wallet shows it ("Gas paid by <name>"). */
const sponsorSchema = z.object({ name: z.string(), icon: z.optional(z.string()) })

export const paymasterStubDataSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
    paymaster: address,
    paymasterData: bytes,
    paymasterVerificationGasLimit: quantity,
    paymasterPostOpGasLimit: quantity,
    sponsor: z.optional(sponsorSchema),
    isFinal: z.boolean(),
  }),
)
export const paymasterDataSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ paymaster: address, paymasterData: bytes }))

/**
 * Why an operation is not sponsored (the error's `data.reason`): the visitor then pays the gas
 * as usual, and the wallet may say why.
 */
export const NOT_SPONSORED_REASONS = [
  'not-signed-in',
  'not-your-account',
  'no-policy',
  'policy-expired',
  'chain',
  'entry-point',
  'contract',
  'function',
  'value',
  'deployment',
  'gas',
  'project-daily-limit',
  'account-daily-limit',
  'simulation-failed',
] as const
export type NotSponsoredReason = (typeof NOT_SPONSORED_REASONS)[number]
/** The JSON-RPC error code of a refusal under the policy. */
export const NOT_SPONSORED_CODE = -32001

const rpcErrorSchema = z.object({
  code: z.number().check(z.int()),
  message: z.string(),
  data: z.optional(z.object({ reason: z.enum(NOT_SPONSORED_REASONS) })),
})

/** A JSON-RPC answer of the paymaster service: its result, or an error (a refusal, or a malformed request). */
export const paymasterAnswerSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.union([
    z.object({ jsonrpc: z.literal('2.0'), id: rpcId, result: z.union([paymasterStubDataSchema, paymasterDataSchema]) }),
    z.object({ jsonrpc: z.literal('2.0'), id: rpcId, error: rpcErrorSchema }),
  ]),
)
export const paymasterPathSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ chainId: z.string().check(z.regex(/^[1-9]\d{0,15}$/)) }))

/**
 * A sponsorship ticket (`POST /v1/paymaster/tickets?projectId=`, the visitor's session as bearer):
 * what a browser wallet carries to the paymaster service in ERC-7677's `context` (`{ ticket }`) in
 * place of the session it cannot send. Opaque; good a few minutes, for one account's operations
 * on one chain of one project, and nowhere else.
 */
export const paymasterTicketBodySchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({ chainId: z.string().check(z.regex(/^eip155:[1-9]\d{0,15}$/)), account: address }),
)
export const paymasterTicketSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({ ticket: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/)), expiresAt: z.string() }),
)
/** What a ticket looks like in a paymaster request's context: anything else is no ticket. */
export const PAYMASTER_TICKET_PATTERN = /^wgpt_[A-Za-z0-9_-]{43}$/
