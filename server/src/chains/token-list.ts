/**
 * Token lists in the common token-list JSON format (the one Uniswap's lists use): the tokens whose
 * balances the server reads on each chain. A file the host curates, checked in full when it is read.
 */
import { readFileSync } from 'node:fs'
import { getAddress, isAddress } from 'viem'
import { z } from 'zod'

const tokenSchema = z.object({
  chainId: z.int().positive(),
  address: z.string().refine((value) => isAddress(value, { strict: false }), 'an 0x address of 20 bytes'),
  name: z.string().min(1).max(200),
  symbol: z.string().min(1).max(40),
  decimals: z.int().min(0).max(255),
  logoURI: z.optional(z.string().max(2_048)),
})

export const tokenListSchema = z.object({
  name: z.string(),
  tokens: z.array(tokenSchema).max(10_000),
})

export interface ListedToken {
  readonly chainId: number
  readonly address: `0x${string}`
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  readonly logoURI?: string
}

export class TokenListError extends Error {
  override readonly name = 'TokenListError'
  readonly code = 'INVALID_TOKEN_LIST'
}

/** The tokens of `list` (parsed JSON) on each chain, by eip155 chain id; the first of a repeated address wins. */
export function tokensByChain(list: unknown): ReadonlyMap<number, readonly ListedToken[]> {
  const parsed = tokenListSchema.safeParse(list)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new TokenListError(`Invalid token list: ${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'not a token list'}`)
  }
  const byChain = new Map<number, ListedToken[]>()
  for (const token of parsed.data.tokens) {
    const tokens = byChain.get(token.chainId) ?? []
    const address = getAddress(token.address)
    if (tokens.some((known) => known.address === address)) continue
    tokens.push({ ...token, address })
    byChain.set(token.chainId, tokens)
  }
  return byChain
}

/** Reads a token-list file. */
export function readTokenList(path: string): ReadonlyMap<number, readonly ListedToken[]> {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new TokenListError(`Cannot read the token list ${path}: ${error instanceof Error ? error.message : String(error)}`)
  }
  return tokensByChain(value)
}
