/**
 * The offchain resolver returns a gateway's answer only when one of its signers signed it, for this
 * resolver, for this request and this result, and it has not expired. Each forgery below starts
 * from a real answer of the devnet's gateway and must be refused; the untouched answer (and one
 * the gateway's key signs afresh) must go through, so the test fails if a check is removed.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  concat,
  decodeAbiParameters,
  encodeAbiParameters,
  encodeFunctionData,
  keccak256,
  namehash,
  parseAbi,
  toHex,
  type Address,
  type Hex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { packetToBytes } from 'viem/ens'
import { DEVNET_ENS } from '../../devnet/src/config'
import { DEVNET_ENS_GATEWAY_KEY_FILE } from '../../devnet/src/service/gateway-key'
import { chainClients, devnet, freshOwner, registerName } from '../contract/ens/helpers'

const RESOLVER_ABI = parseAbi([
  'function resolve(bytes name, bytes data) view returns (bytes)',
  'function resolveWithProof(bytes response, bytes extraData) view returns (bytes)',
  'function addr(bytes32 node) view returns (address)',
  'error AnswerExpired(uint64 expires)',
  'error UntrustedSigner(address recovered)',
])
const ANSWER = [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }] as const

const { publicClient } = chainClients(31337)
const resolver = DEVNET_ENS.offchainResolver

/** The call data a client sends the gateway for `addr(name)`: the resolver's `resolve(name, data)`. */
function addrRequest(name: string): Hex {
  const data = encodeFunctionData({ abi: RESOLVER_ABI, functionName: 'addr', args: [namehash(name)] })
  return encodeFunctionData({ abi: RESOLVER_ABI, functionName: 'resolve', args: [toHex(packetToBytes(name)), data] })
}

async function gatewayAnswer(sender: Address, request: Hex): Promise<Hex> {
  const res = await fetch(`${devnet.serviceUrl}/ens-gateway/${sender.toLowerCase()}/${request}.json`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: Hex }).data
}

/** An answer signed by `key` as the gateway signs (raw signature over the EIP-3668 digest). */
async function signedAnswer(key: Hex, sender: Address, request: Hex, result: Hex, expires: bigint): Promise<Hex> {
  const digest = keccak256(concat(['0x1900', sender, toHex(expires, { size: 8 }), keccak256(request), keccak256(result)]))
  const sig = await privateKeyToAccount(key).sign({ hash: digest })
  return encodeAbiParameters(ANSWER, [result, expires, sig])
}

const withProof = (response: Hex, extraData: Hex) =>
  publicClient.readContract({ address: resolver, abi: RESOLVER_ABI, functionName: 'resolveWithProof', args: [response, extraData] })

describe("the offchain resolver's proof check", () => {
  const owner = freshOwner('proof')
  const request = addrRequest(owner.name)
  let answer: Hex, result: Hex, expires: bigint, sig: Hex, now: bigint
  beforeAll(async () => {
    await registerName(owner.name, owner.privateKey)
    answer = await gatewayAnswer(resolver, request)
    ;[result, expires, sig] = decodeAnswer(answer)
    now = (await publicClient.getBlock()).timestamp
  })

  it("accepts the gateway's own answer", async () => {
    expect(await withProof(answer, request)).toBe(encodeAbiParameters([{ type: 'address' }], [owner.address]))
  })

  it('refuses an answer whose signature has a byte changed', async () => {
    const bytes = [...Buffer.from(sig.slice(2), 'hex')]
    bytes[10]! ^= 0x01
    await expect(withProof(encodeAbiParameters(ANSWER, [result, expires, toHex(Uint8Array.from(bytes))]), request)).rejects.toThrow(/UntrustedSigner/)
  })

  it('refuses an answer whose result was changed', async () => {
    const forged = encodeAbiParameters([{ type: 'address' }], [privateKeyToAccount(generatePrivateKey()).address])
    await expect(withProof(encodeAbiParameters(ANSWER, [forged, expires, sig]), request)).rejects.toThrow(/UntrustedSigner/)
  })

  it('refuses an answer for another request', async () => {
    await expect(withProof(answer, addrRequest(freshOwner('other').name))).rejects.toThrow(/UntrustedSigner/)
  })

  it('refuses an expired answer, even signed by the gateway key', async () => {
    const key = (await readFile(join(devnet.dataDir, DEVNET_ENS_GATEWAY_KEY_FILE), 'utf8')).trim() as Hex
    expect(privateKeyToAccount(key).address).toBe(devnet.ensGateway.signer)
    // The same key's fresh answer goes through: only the expiry differs.
    expect(await withProof(await signedAnswer(key, resolver, request, result, now + 60n), request)).toBe(result)
    await expect(withProof(await signedAnswer(key, resolver, request, result, now - 60n), request)).rejects.toThrow(/AnswerExpired/)
  })

  it('refuses an answer signed by another key', async () => {
    await expect(withProof(await signedAnswer(generatePrivateKey(), resolver, request, result, now + 60n), request)).rejects.toThrow(/UntrustedSigner/)
  })

  it('refuses an answer the gateway made for another resolver', async () => {
    const replayed = await gatewayAnswer(DEVNET_ENS.publicResolver, request)
    expect(decodeAnswer(replayed)[0]).toBe(result)
    await expect(withProof(replayed, request)).rejects.toThrow(/UntrustedSigner/)
  })
})

function decodeAnswer(answer: Hex): [Hex, bigint, Hex] {
  return decodeAbiParameters(ANSWER, answer) as [Hex, bigint, Hex]
}
