/**
 * The CCIP-read gateway (../src/ens-gateway.ts) over the server's routes: a name registered here is
 * answered for an ENSIP-10 resolver's `resolve(name, data)` lookups (its address by the chain's coin
 * type and by default, its reverse name), every answer signed by the gateway key over the digest the
 * resolver checks, good for five minutes; a malformed request is a plain 400.
 */
import type { FastifyInstance } from 'fastify'
import { decodeAbiParameters, encodeFunctionData, namehash, parseAbi, recoverAddress, stringToBytes, toHex, zeroAddress, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../src/app.js'
import { ManualClock } from '../src/clock.js'
import { DEFAULT_CONFIG } from '../src/config.js'
import type { Database } from '../src/db/database.js'
import { GATEWAY_ANSWER_TTL_S, gatewayDigest, readGatewayAnswer } from '../src/ens-gateway.js'
import { COIN_TYPE, registerName, registration } from './signing.js'
import { migratedDatabase } from './support.js'

const SERVICE = parseAbi(['function resolve(bytes name, bytes data) view returns (bytes, uint64, bytes)'])
const RESOLVER = parseAbi(['function addr(bytes32 node) view returns (address)', 'function addr(bytes32 node, uint256 coinType) view returns (bytes)', 'function text(bytes32 node, string key) view returns (string)', 'function name(bytes32 node) view returns (string)'])
/** The zone's offchain resolver, as a client names it in `sender`. */
const RESOLVER_ADDRESS = '0x00000000000000000000000000000000000e5501' as Address

/** A name in DNS wire format (ENSIP-10). */
function dns(name: string): Hex {
  const parts = name.split('.').map((label) => stringToBytes(label))
  return toHex(new Uint8Array([...parts.flatMap((label) => [label.length, ...label]), 0]))
}

let db: Database
let app: FastifyInstance
const clock = new ManualClock(Date.UTC(2026, 11, 7, 12))
const gateway = privateKeyToAccount(generatePrivateKey())
let owner: Address

beforeAll(async () => {
  db = await migratedDatabase()
  app = await buildServer({ config: DEFAULT_CONFIG, db, clock, ensGatewaySigner: gateway })
  const signed = await registration('gateway-alice')
  owner = signed.address
  expect((await registerName(app, signed.body)).statusCode).toBe(200)
})
afterAll(async () => {
  await app.close()
  await db.close()
})

async function lookup(name: string, inner: Hex, sender: Address = RESOLVER_ADDRESS) {
  const request = encodeFunctionData({ abi: SERVICE, functionName: 'resolve', args: [dns(name), inner] })
  const res = await app.inject(`/ens-gateway/${sender}/${request}.json`)
  expect(res.statusCode).toBe(200)
  expect(res.headers['access-control-allow-origin']).toBe('*')
  const answer = readGatewayAnswer((res.json() as { data: Hex }).data)
  return { ...answer, request }
}

describe('the CCIP-read gateway', () => {
  it("answers a registered name's address, signed by the gateway key over the resolver's digest, for five minutes", async () => {
    const node = namehash('gateway-alice.wg.id')
    const { result, expires, signature, request } = await lookup('gateway-alice.wg.id', encodeFunctionData({ abi: RESOLVER, functionName: 'addr', args: [node] }))
    expect(decodeAbiParameters([{ type: 'address' }], result)[0]).toBe(owner)
    expect(expires).toBe(BigInt(Math.floor(clock.now() / 1000) + GATEWAY_ANSWER_TTL_S))
    expect(await recoverAddress({ hash: gatewayDigest(RESOLVER_ADDRESS, expires, request, result), signature })).toBe(gateway.address)
    // Signed for this resolver: the same answer does not check out for another one.
    expect(await recoverAddress({ hash: gatewayDigest('0x00000000000000000000000000000000000bad01', expires, request, result), signature })).not.toBe(gateway.address)
  })

  it("answers the address by the chain's coin type, and the address's primary name in reverse", async () => {
    const node = namehash('gateway-alice.wg.id')
    const byCoin = await lookup('gateway-alice.wg.id', encodeFunctionData({ abi: RESOLVER, functionName: 'addr', args: [node, BigInt(COIN_TYPE)] }))
    expect(decodeAbiParameters([{ type: 'bytes' }], byCoin.result)[0].toLowerCase()).toBe(owner.toLowerCase())
    const reverseName = `${owner.slice(2).toLowerCase()}.addr.reverse`
    const reverse = await lookup(reverseName, encodeFunctionData({ abi: RESOLVER, functionName: 'name', args: [namehash(reverseName)] }))
    expect(decodeAbiParameters([{ type: 'string' }], reverse.result)[0]).toBe('gateway-alice.wg.id')
  })

  it('answers no record, not an error, for a name nobody registered or a record it does not keep', async () => {
    const node = namehash('nobody-here.wg.id')
    const none = await lookup('nobody-here.wg.id', encodeFunctionData({ abi: RESOLVER, functionName: 'addr', args: [node] }))
    expect(decodeAbiParameters([{ type: 'address' }], none.result)[0]).toBe(zeroAddress)
    const text = await lookup('gateway-alice.wg.id', encodeFunctionData({ abi: RESOLVER, functionName: 'text', args: [namehash('gateway-alice.wg.id'), 'com.twitter'] }))
    expect(decodeAbiParameters([{ type: 'string' }], text.result)[0]).toBe('')
  })

  it('refuses a malformed request plainly', async () => {
    const bad = async (path: string) => {
      const res = await app.inject(path)
      return [res.statusCode, (res.json() as { message: string }).message]
    }
    expect(await bad(`/ens-gateway/not-an-address/0x00.json`)).toEqual([400, "sender must be the resolver's address"])
    expect(await bad(`/ens-gateway/${RESOLVER_ADDRESS}/0x12345678.json`)).toEqual([400, 'Expected resolve(bytes,bytes) call data'])
    const unsupported = encodeFunctionData({ abi: SERVICE, functionName: 'resolve', args: [dns('gateway-alice.wg.id'), '0xdeadbeef'] })
    expect(await bad(`/ens-gateway/${RESOLVER_ADDRESS}/${unsupported}.json`)).toEqual([400, 'Unsupported resolver call'])
    const broken = encodeFunctionData({ abi: SERVICE, functionName: 'resolve', args: ['0x05616c696365', '0x3b3b57de'] })
    expect(await bad(`/ens-gateway/${RESOLVER_ADDRESS}/${broken}.json`)).toEqual([400, 'Malformed DNS name'])
  })

  it('is not served without a gateway key', async () => {
    const plain = await buildServer({ config: DEFAULT_CONFIG, db, clock })
    expect((await plain.inject(`/ens-gateway/${RESOLVER_ADDRESS}/0x.json`)).statusCode).toBe(404)
    await plain.close()
  })
})
