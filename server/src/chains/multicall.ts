/** Multicall3, where chain readers batch their calls into one eth_call. */
import type { Address, PublicClient } from 'viem'

/** Multicall3, at the same address on every chain it is deployed to. */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/**
 * Whether a chain has Multicall3 at its canonical address, asked once (again after a failed ask: a
 * node that did not answer says nothing about the chain). Without it, readers run it deployless.
 */
export class Multicall3Presence {
  private known: Promise<boolean> | undefined

  constructor(private readonly client: PublicClient) {}

  has(): Promise<boolean> {
    this.known ??= this.client.getCode({ address: MULTICALL3_ADDRESS }).then(
      (code) => code !== undefined && code !== '0x',
      (error: unknown) => {
        this.known = undefined
        throw error
      },
    )
    return this.known
  }
}
