/** The BalancesApi contract, run against FetchBalancesApi over HTTP to the devnet and against its fake. */
import { describe, expect, it } from 'vitest'
import type { CaipAddress } from '../../../../src/domain/entities'
import type { BalancesApi } from '../../../../src/ports/blockchain/balances'
import { contractSuite, UNSUPPORTED_CHAIN, type BlockchainWorld } from './world'

export interface BalancesApiWorld extends BlockchainWorld {
  readonly api: BalancesApi
}

export function balancesContract(label: string, makeWorld: () => Promise<BalancesApiWorld>): void {
  contractSuite('BalancesApi', label, makeWorld, (w, account) => {
    describe('balances', () => {
      it('lists the native coin and the token held on the network', async () => {
        const balances = await w.api.getBalances(account(w.funded.address), { forceUpdate: true })
        const native = balances.find((b) => b.address === undefined)
        const token = balances.find((b) => b.address?.toLowerCase() === w.token.caip10.toLowerCase())
        expect(native, 'native balance').toBeDefined()
        expect(Number(native!.quantity.numeric)).toBeGreaterThan(0)
        expect(token?.symbol).toBe(w.token.symbol)
        expect(token?.quantity.decimals).toBe(String(w.token.decimals))
        for (const b of balances) expect(b.chainId).toBe(w.chainId)
      })

      it('answers [] on a network the service does not run and on an unsupported namespace', async () => {
        await expect(w.api.getBalances(account(w.funded.address, UNSUPPORTED_CHAIN))).resolves.toEqual([])
        await expect(
          w.api.getBalances(`polkadot:91b171bb158e2d3848fa23a9f1c25182:${w.funded.address}` as CaipAddress),
        ).resolves.toEqual([])
      })

      it('rejects with the signal reason when the caller has aborted', async () => {
        await expect(
          w.api.getBalances(account(w.funded.address), { signal: AbortSignal.abort() }),
        ).rejects.toMatchObject({ name: 'AbortError' })
      })
    })
  })
}
