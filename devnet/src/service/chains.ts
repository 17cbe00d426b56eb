/** Live chain access for the service: one viem public client per devnet chain. */
import { createPublicClient, erc20Abi, formatUnits, getAddress, http, isAddress, type Address, type PublicClient } from 'viem'
import {
  DEVNET_CHAINS,
  DEVNET_FUNGIBLES,
  NATIVE_TOKEN_ADDRESS,
  devnetViemChain,
  type DevnetChainId,
  type FungibleMeta,
} from '../config'
import { HttpError } from './http'

export interface ChainSet {
  ids: DevnetChainId[]
  client(chainId: DevnetChainId): PublicClient
}

export function createChainSet(rpcUrls: Record<number, string>): ChainSet {
  const clients = new Map<number, PublicClient>()
  for (const c of DEVNET_CHAINS) {
    const url = rpcUrls[c.id]
    if (!url) continue
    clients.set(c.id, createPublicClient({ chain: devnetViemChain(c.id, url), transport: http(url), pollingInterval: 100 }) as PublicClient)
  }
  return {
    ids: DEVNET_CHAINS.map((c) => c.id).filter((id) => clients.has(id)),
    client(chainId) {
      const c = clients.get(chainId)
      if (!c) throw new HttpError(400, `Unsupported chain eip155:${chainId}`)
      return c
    },
  }
}

export function isDevnetChainId(id: number): id is DevnetChainId {
  return DEVNET_CHAINS.some((c) => c.id === id)
}

/**
 * Reads a chain id given as CAIP-2 ("eip155:31337") or a bare number. Returns null when the
 * value names a chain the devnet does not run (callers then answer an empty result).
 */
export function parseChainId(value: string): DevnetChainId | null {
  const m = /^(?:eip155:)?(\d+)$/.exec(value.trim())
  if (!m) return null
  const id = Number(m[1])
  return isDevnetChainId(id) ? id : null
}

/** Reads an address given plain ("0xabc…") or as CAIP-10 ("eip155:31337:0xabc…"). */
export function parseAccount(value: string): { address: Address; chainId: number | null } {
  const parts = value.trim().split(':')
  const raw = parts.length === 3 ? parts[2]! : parts.length === 1 ? parts[0]! : ''
  if (!isAddress(raw, { strict: false })) throw new HttpError(400, `Invalid address ${value}`)
  const chainId = parts.length === 3 && parts[0] === 'eip155' ? Number(parts[1]) : null
  return { address: getAddress(raw), chainId }
}

export function fungibleByAddress(address: string): FungibleMeta | undefined {
  const a = address.toLowerCase()
  return DEVNET_FUNGIBLES.find((f) => f.address.toLowerCase() === a)
}

export function fungibleByKey(key: FungibleMeta['key']): FungibleMeta {
  return DEVNET_FUNGIBLES.find((f) => f.key === key)!
}

export interface RawBalance {
  meta: FungibleMeta
  chainId: DevnetChainId
  amount: bigint
}

export async function readBalances(chains: ChainSet, chainId: DevnetChainId, address: Address): Promise<RawBalance[]> {
  const client = chains.client(chainId)
  return Promise.all(
    DEVNET_FUNGIBLES.map(async (meta) => {
      const amount =
        meta.address === NATIVE_TOKEN_ADDRESS
          ? await client.getBalance({ address })
          : await client.readContract({ address: meta.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
      return { meta, chainId, amount }
    }),
  )
}

export function formatAmount(amount: bigint, decimals: number): string {
  return formatUnits(amount, decimals)
}
