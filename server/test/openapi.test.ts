import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { SERVER_VERSION } from '../src/app.js'
import type { ManualClock } from '../src/clock.js'
import type { Database } from '../src/db/database.js'
import { z } from 'zod'
import { ROUTES } from '../src/contract.js'
import { registerName, registration, siwe } from './signing.js'
import { migratedDatabase, SDK, serverWithProject } from './support.js'

let db: Database
let app: FastifyInstance
let clock: ManualClock

beforeAll(async () => {
  db = await migratedDatabase()
  ;({ app, clock } = await serverWithProject(db, {}, { signInChains: [{ id: 'eip155:31337' }] }))
})
afterAll(async () => {
  await app.close()
  await db.close()
})

const EVENT = { eventId: 'openapi-1', url: 'https://app.example/', domain: 'app.example', timestamp: 1, props: { type: 'track', event: 'MODAL_OPEN' } }
const KEY = generatePrivateKey()
const PAGE = { origin: 'https://app.example' }

async function signedIn(): Promise<string> {
  const nonce = (await app.inject({ method: 'POST', url: '/auth/v1/nonce' })).json<{ nonce: string }>().nonce
  const session = await siwe(KEY, { nonce, issuedAtMs: clock.now(), expiresAtMs: clock.now() + 3_600_000 })
  return (await app.inject({ method: 'POST', url: '/auth/v1/authenticate', headers: PAGE, payload: { ...session, caipNetworkId: 'eip155:31337' } })).json<{ token: string }>().token
}

/** The request that gets each route's success answer, where the route's path and query alone do not. */
const REQUESTS: Record<string, () => Promise<InjectOptions>> = {
  'post /e': async () => ({ method: 'POST', url: `/e?projectId=wg-test&${SDK}`, payload: EVENT }),
  'get /v1/profile/account/{name}': async () => {
    await registerName(app, (await registration('documented', KEY)).body)
    return { method: 'GET', url: `/v1/profile/account/documented?apiVersion=2&projectId=wg-test&${SDK}` }
  },
  'get /v1/profile/reverse/{address}': async () => ({ method: 'GET', url: `/v1/profile/reverse/${(await registration('x', KEY)).address}?projectId=wg-test&${SDK}` }),
  'get /v1/identity/{address}': async () => ({ method: 'GET', url: `/v1/identity/eip155:31337:${(await registration('x', KEY)).address}?projectId=wg-test&${SDK}` }),
  'get /v1/profile/suggestions/{name}': async () => ({ method: 'GET', url: `/v1/profile/suggestions/documented?zone=wg.id&projectId=wg-test&${SDK}` }),
  'post /v1/profile/account': async () => ({ method: 'POST', url: '/v1/profile/account', payload: (await registration('documented-too', KEY)).body }),
  'post /auth/v1/nonce': async () => ({ method: 'POST', url: '/auth/v1/nonce' }),
  'post /auth/v1/authenticate': async () => {
    const nonce = (await app.inject({ method: 'POST', url: '/auth/v1/nonce' })).json<{ nonce: string }>().nonce
    const session = await siwe(KEY, { nonce, issuedAtMs: clock.now(), expiresAtMs: clock.now() + 3_600_000 })
    return { method: 'POST', url: '/auth/v1/authenticate', headers: PAGE, payload: { ...session, caipNetworkId: 'eip155:31337' } }
  },
  'get /auth/v1/me': async () => ({ method: 'GET', url: '/auth/v1/me', headers: { authorization: `Bearer ${await signedIn()}` } }),
  'post /auth/v1/sign-out': async () => ({ method: 'POST', url: '/auth/v1/sign-out', headers: { authorization: `Bearer ${await signedIn()}` } }),
  'post /v1/paymaster/tickets': async () => ({
    method: 'POST',
    url: '/v1/paymaster/tickets?projectId=wg-test',
    headers: { authorization: `Bearer ${await signedIn()}` },
    payload: { chainId: 'eip155:31337', account: privateKeyToAccount(KEY).address },
  }),
  // A server without a sponsorship policy answers the JSON-RPC call with its refusal.
  'post /v1/paymaster/{chainId}': async () => ({
    method: 'POST',
    url: '/v1/paymaster/31337?projectId=wg-test',
    payload: {
      jsonrpc: '2.0',
      id: 1,
      method: 'pm_getPaymasterStubData',
      params: [
        { sender: '0x0000000000000000000000000000000000000001', nonce: '0x0', callData: '0x', callGasLimit: '0x1', verificationGasLimit: '0x1', preVerificationGas: '0x1', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1' },
        '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
        '0x7a69',
        {},
      ],
    },
  }),
}

describe('/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document of this version', async () => {
    const document = (await app.inject('/openapi.json')).json()
    expect(document).toMatchObject({ openapi: '3.1.0', info: { version: SERVER_VERSION } })
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('says what each route answers: every one answers so', async () => {
    const checked: string[] = []
    for (const [path, methods] of Object.entries(ROUTES)) {
      for (const [method, route] of Object.entries(methods)) {
        // The chain-data calls answer from a source (./chain-data.test.ts has them); this server has none.
        if (route === undefined || route.chainData === true) continue
        const prepare = REQUESTS[`${method} ${path}`]
        const request: InjectOptions = prepare === undefined ? { method: method.toUpperCase() as 'GET' | 'POST', url: route.query === undefined ? path : `${path}?projectId=wg-test&${SDK}` } : await prepare()
        const reply = await app.inject(request)
        expect([path, reply.statusCode]).toEqual([path, Number(route.ok[0])])
        expect([path, z.safeParse(route.ok[1], reply.json()).success]).toEqual([path, true])
        checked.push(`${method} ${path}`)
      }
    }
    expect(checked.length).toBe(18)
  })
})
