/**
 * `POST /v1/paymaster/:chainId?projectId=`: the paymaster service as JSON-RPC 2.0 (ERC-7677). The
 * project guard and the wire contract run first (a malformed request is 400, a JSON-RPC error);
 * a refusal under the policy is a JSON-RPC error with `data.reason` (HTTP 200), so a wallet's
 * paymaster client reads it as any JSON-RPC error and the visitor pays the gas as usual.
 */
import type { FastifyInstance } from 'fastify'
import { getAddress, type Hex } from 'viem'
import { NOT_SPONSORED_CODE, type paymasterRequestSchema } from '../wire.js'
import type { z } from 'zod/mini'
import { NotSponsoredError, type UserOperation } from './policy.js'
import type { PaymasterService } from './paymaster.js'

type PaymasterRequestBody = z.output<typeof paymasterRequestSchema>

export const PAYMASTER_ROUTE = '/v1/paymaster/:chainId'

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

export function registerPaymasterRoutes(app: FastifyInstance, paymaster: PaymasterService): void {
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
