/**
 * Sign-in for eip155: EIP-4361 messages through viem's own builder (strict: `Chain ID: 31337`, the
 * number, so viem's parser and other EIP-4361 verifiers read it back), and signatures checked by
 * `verifySiweMessage` over a public client of the message's chain, so a smart account's signature
 * verifies through its contract (ERC-1271, or ERC-6492 before it is deployed). Loaded only when a
 * wallet connects on a modal with sign-in configured.
 */
import { createPublicClient, fallback, http, type Client, type Hex } from 'viem'
import { createSiweMessage, verifySiweMessage } from 'viem/siwe'
import type { CaipNetwork, SiwxMessageData, SiwxSession } from '../../../../domain/entities'
import type { SiwxFamilyMessenger } from '../../../../ports/siwx'

/** The public client of an eip155 chain by its numeric id; undefined for a chain the host did not configure. */
export type SiweClientFor = (chainId: number) => Client | undefined

export class ViemSiweMessenger implements SiwxFamilyMessenger {
  constructor(private readonly clientFor: SiweClientFor) {}

  createMessage(data: SiwxMessageData): string {
    return createSiweMessage({
      address: data.accountAddress as Hex,
      chainId: eip155ChainId(data.chainId),
      domain: data.domain,
      uri: data.uri,
      version: '1',
      nonce: data.nonce,
      ...(data.statement === undefined ? {} : { statement: data.statement }),
      ...(data.issuedAt === undefined ? {} : { issuedAt: new Date(data.issuedAt) }),
      ...(data.expirationTime === undefined ? {} : { expirationTime: new Date(data.expirationTime) }),
      ...(data.notBefore === undefined ? {} : { notBefore: new Date(data.notBefore) }),
      ...(data.requestId === undefined ? {} : { requestId: data.requestId }),
      ...(data.resources === undefined ? {} : { resources: data.resources }),
    })
  }

  async verify(session: SiwxSession, nowMs: number): Promise<boolean> {
    const { data, message, signature } = session
    // The signed text must say exactly what the stored data says: nothing altered on either side.
    let expected: string
    try {
      expected = this.createMessage(data)
    } catch {
      return false
    }
    if (expected !== message || !/^0x[0-9a-fA-F]*$/.test(signature)) return false
    const client = this.clientFor(eip155ChainId(data.chainId))
    if (client === undefined) return false
    return verifySiweMessage(client, {
      message,
      signature: signature as Hex,
      address: data.accountAddress as Hex,
      domain: data.domain,
      nonce: data.nonce,
      time: new Date(nowMs),
    })
  }
}

/** 31337 from `eip155:31337` (NaN for anything else, which createSiweMessage refuses). */
function eip155ChainId(caipNetworkId: string): number {
  const match = /^eip155:(\d{1,16})$/.exec(caipNetworkId)
  return match === null ? Number.NaN : Number(match[1])
}

/** The messenger over a public client per configured eip155 network (its RPC URLs, in order). */
export function eip155SiwxMessenger(networks: readonly CaipNetwork[]): ViemSiweMessenger {
  const clients = new Map<number, Client>()
  return new ViemSiweMessenger((chainId) => {
    const known = clients.get(chainId)
    if (known !== undefined) return known
    const network = networks.find((n) => n.chainNamespace === 'eip155' && Number(n.id) === chainId)
    if (network === undefined) return undefined
    const client = createPublicClient({ transport: fallback(network.rpcUrls.map((url) => http(url))) })
    clients.set(chainId, client)
    return client
  })
}
