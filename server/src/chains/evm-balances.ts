/**
 * An account's balances on an EVM chain, read from the chain itself: the native coin and every token
 * of the chain's token list, in one round trip. Where the chain has Multicall3 at its canonical
 * address, one `eth_call` to it (its `getEthBalance` and each token's `balanceOf`); where it has
 * not, Multicall3 runs without being deployed (viem's deployless multicall: an `eth_call` carrying
 * its code) beside an `eth_getBalance`, the two in one JSON-RPC batch when the transport batches.
 * A token whose call fails (not a token at all) is left out, as are zero balances and tokens of 0
 * decimals (spec section 5).
 */
import { erc20Abi, multicall3Abi, type Address, type ContractFunctionParameters, type PublicClient } from 'viem'
import { Multicall3Presence, MULTICALL3_ADDRESS } from './multicall.js'
import type { ListedToken } from './token-list.js'

export interface HeldToken {
  /** The token's address; absent for the native coin. */
  readonly address?: Address
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  /** Base units. */
  readonly amount: bigint
  readonly logoURI?: string
}

export interface NativeCurrency {
  readonly name: string
  readonly symbol: string
  readonly decimals: number
}

export class EvmBalanceReader {
  private readonly multicall3: Multicall3Presence

  constructor(
    private readonly client: PublicClient,
    private readonly native: NativeCurrency,
    private readonly tokens: readonly ListedToken[],
  ) {
    this.multicall3 = new Multicall3Presence(client)
  }

  async balances(account: Address): Promise<HeldToken[]> {
    const deployless = !(await this.multicall3.has())
    const balanceOf = this.tokens.map((token) => ({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [account] }) as const)
    let native: bigint | undefined
    let results: readonly { status: 'success' | 'failure'; result?: unknown }[]
    if (deployless) {
      // The contract runs where it is not deployed: it has no address to ask for the native
      // balance. eth_getBalance goes with the eth_call in one JSON-RPC batch when the transport batches.
      const [balance, tokens] = await Promise.all([
        this.client.getBalance({ address: account }),
        this.tokens.length === 0 ? [] : this.client.multicall({ allowFailure: true, deployless: true, batchSize: 0, contracts: balanceOf }),
      ])
      native = balance
      results = tokens
    } else {
      const calls: ContractFunctionParameters[] = [{ address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: 'getEthBalance', args: [account] }, ...balanceOf]
      const [first, ...tokens] = await this.client.multicall({ allowFailure: true, multicallAddress: MULTICALL3_ADDRESS, batchSize: 0, contracts: calls })
      native = first?.status === 'success' && typeof first.result === 'bigint' ? first.result : undefined
      results = tokens
    }
    const held: HeldToken[] = []
    if (native !== undefined && native > 0n) held.push({ ...this.native, amount: native })
    results.forEach((result, i) => {
      const token = this.tokens[i]!
      if (result.status !== 'success' || typeof result.result !== 'bigint' || result.result === 0n || token.decimals === 0) return
      held.push({ address: token.address, name: token.name, symbol: token.symbol, decimals: token.decimals, amount: result.result, ...(token.logoURI === undefined ? {} : { logoURI: token.logoURI }) })
    })
    return held
  }
}
