/**
 * `POST /v1/paymaster/:chainId?projectId=`: the paymaster service as JSON-RPC 2.0 (ERC-7677). The
 * project guard and the wire contract run first (a malformed request is 400, a JSON-RPC error);
 * a refusal under the policy is a JSON-RPC error with `data.reason` (HTTP 200), so a wallet's
 * paymaster client reads it as any JSON-RPC error and the visitor pays the gas as usual.
 *
 * `POST /v1/paymaster/tickets?projectId=`: a sponsorship ticket (./tickets.ts) for an account the
 * bearer's session speaks for, which a browser wallet then carries in `params[3].ticket`.
 */
import type { FastifyInstance } from 'fastify'
import { getAddress, type Hex } from 'viem'
import { NOT_SPONSORED_CODE, PAYMASTER_TICKET_PATTERN, type paymasterRequestSchema, type paymasterTicketBodySchema } from '../wire.js'
import type { z } from 'zod/mini'
import { NotSponsoredError, type UserOperation } from './policy.js'
import type { PaymasterService } from './paymaster.js'
import type { SignedInAccounts } from './signed-in-accounts.js'
import { TooManyTicketsError, type SponsorshipTickets } from './tickets.js'
import { HttpError } from '../http-error.js'

type PaymasterRequestBody = z.output<typeof paymasterRequestSchema>
type TicketBody = z.output<typeof paymasterTicketBodySchema>

export const PAYMASTER_ROUTE = '/v1/paymaster/:chainId'
export const PAYMASTER_TICKETS_ROUTE = '/v1/paymaster/tickets'

/** The ticket in a request's context, when it has the shape of one (anything else is no ticket). */
function ticketOf(context: PaymasterRequestBody['params'][3]): string | undefined {
  const ticket = context?.ticket
  return typeof ticket === 'string' && PAYMASTER_TICKET_PATTERN.test(ticket) ? ticket : undefined
}

function operationOf(raw: PaymasterRequestBody['params'][0]): UserOperation {
  return {
    sender: getAddress(raw.sender),
    nonce: BigInt(raw.nonce),
    ...(raw.factory === undefined || raw.factory === null ? {} : { factory: getAddress(raw.factory), factoryData: (raw.factoryData ?? '0x') as Hex }),
    callData: raw.callData as Hex,
    callGasLimit: BigInt(raw.callGasLimit),
    verificationGasLimit: BigInt(raw.verificationGasLimit),
    preVerificationGas: BigInt(raw.preVerificationGas),
    maxFeePerGas: BigInt(raw.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(raw.maxPriorityFeePerGas),
    paymasterVerificationGasLimit: BigInt(raw.paymasterVerificationGasLimit ?? '0x0'),
    paymasterPostOpGasLimit: BigInt(raw.paymasterPostOpGasLimit ?? '0x0'),
  }
}

function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header ?? '')
  return match?.[1]
}

export function registerPaymasterRoutes(app: FastifyInstance, paymaster: PaymasterService, tickets: { store: SponsorshipTickets; accounts: SignedInAccounts }): void {
  app.post(PAYMASTER_TICKETS_ROUTE, { config: { api: 'project' } }, async (request, reply) => {
    // The wire contract has checked the query and the body (./contract.ts).
    const body = request.body as TicketBody
    const token = bearerOf(request.headers.authorization)
    if (token === undefined) throw new HttpError(401, 'Sign in first: no session token')
    const projectId = request.projectId ?? ''
    const chainId = Number(body.chainId.slice('eip155:'.length))
    const accounts = await tickets.accounts.accountsOf(token, projectId, chainId)
    if (accounts.length === 0) throw new HttpError(401, 'The session token is unknown, signed out or expired')
    const account = accounts.find((a) => a.toLowerCase() === body.account.toLowerCase())
    if (account === undefined) throw new HttpError(403, 'The session does not speak for this account')
    try {
      const minted = await tickets.store.mint(projectId, chainId, account)
      return reply.code(201).send({ ticket: minted.ticket, expiresAt: new Date(minted.expiresAt).toISOString() })
    } catch (error) {
      if (error instanceof TooManyTicketsError) throw new HttpError(429, error.message)
      throw error
    }
  })
  app.post(PAYMASTER_ROUTE, { config: { api: 'project' } }, async (request) => {
    // The wire contract has checked the path, the query and the body (./contract.ts).
    const body = request.body as PaymasterRequestBody
    const chainId = Number((request.params as { chainId: string }).chainId)
    const [rawOperation, entryPoint, chainIdParam] = body.params
    const answer = (fields: Record<string, unknown>) => ({ jsonrpc: '2.0' as const, id: body.id, ...fields })
    if (BigInt(chainIdParam) !== BigInt(chainId)) return answer({ error: { code: -32602, message: 'The chainId parameter is not the chain of the path' } })
    const call = {
      projectId: request.projectId ?? '',
      chainId,
      entryPoint,
      token: bearerOf(request.headers.authorization),
      ticket: ticketOf(body.params[3]),
      operation: operationOf(rawOperation),
    }
    try {
      const result = body.method === 'pm_getPaymasterStubData' ? await paymaster.stubData(call) : await paymaster.data(call)
      return answer({ result })
    } catch (error) {
      if (error instanceof NotSponsoredError) return answer({ error: { code: NOT_SPONSORED_CODE, message: error.message, data: { reason: error.reason } } })
      throw error
    }
  })
}
