import { describe, expect, it } from 'vitest'
import { TransactionPreview } from '../../../../src/application/preview/transaction-preview'
import { simulateSwap } from '../../../../src/application/swap/swap-simulation'
import type { SwapPreview, SwapQuoteInfo, SwapTokenRow } from '../../../../src/application/swap/swap-state'
import { MAX_UINT256 } from '../../../../src/domain/signing/known-tokens'
import type { ApproveTransaction, BuildApproveParams } from '../../../../src/ports/blockchain/swap'
import { aCaipNetwork } from '../../../builders/a-caip-network'
import { InMemorySwapApi } from '../../../fakes/blockchain/in-memory-swap-api'
import { InMemoryTransactionSimulator } from '../../../fakes/in-memory-transaction-simulator'
import { RecordingLogger } from '../../../fakes/recording-logger'

const CHAIN = 'eip155:31337' as const
const USER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const DUSD_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const row = (symbol: string, address: string, decimals: number, price: number): SwapTokenRow => ({
  name: symbol,
  symbol,
  address: `${CHAIN}:${address}`,
  decimals,
  logoUri: '',
  balance: 0n,
  balanceText: '0',
  price,
})
const ETH_ROW = row('ETH', '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', 18, 2500)
const DUSD_ROW = row('dUSD', DUSD_CONTRACT, 6, 1)
const PREVIEW: SwapPreview = {
  from: DUSD_ROW,
  to: ETH_ROW,
  amountText: '25',
  quote: { fromAmount: 25_000_000n } as SwapQuoteInfo,
  needsApproval: true,
}

/** A swap service whose approvals are whatever the test says (a careless or hostile one). */
class ApprovingSwapApi extends InMemorySwapApi {
  approval: bigint | undefined
  override buildApproveTransaction(params: BuildApproveParams): Promise<ApproveTransaction> {
    return super.buildApproveTransaction({ ...params, ...(this.approval === undefined ? {} : { amount: this.approval.toString() }) })
  }
}

function aSwapPreviewWorld() {
  const api = new ApprovingSwapApi({ supportedChains: [CHAIN] })
  const simulator = new InMemoryTransactionSimulator()
  const previewer = new TransactionPreview({ simulator, network: () => aCaipNetwork(), logger: new RecordingLogger() })
  const logger = new RecordingLogger()
  return { api, simulator, previewer, run: () => simulateSwap({ api, logger }, previewer, PREVIEW, { address: USER, caipNetworkId: CHAIN }) }
}

describe('the swap review asks the chain', () => {
  it('simulates the approval and the swap as the service built them, in that order, from the account', async () => {
    const { simulator, run } = aSwapPreviewWorld()
    await run()
    expect(simulator.requests).toHaveLength(1)
    expect(simulator.requests[0]!.from).toBe(USER)
    expect(simulator.requests[0]!.calls.map((c) => c.data?.slice(0, 10))).toEqual(['0x095ea7b3', '0x00000000'])
  })

  it('an approval of exactly the amount is not warned about', async () => {
    const { previewer, run } = aSwapPreviewWorld()
    await run()
    expect(previewer.snapshot.status === 'idle' ? undefined : previewer.snapshot.risks).toEqual([])
  })

  it('an unlimited approval, or one above the amount, built by the service is warned about', async () => {
    const { api, previewer, run } = aSwapPreviewWorld()
    api.approval = MAX_UINT256
    await run()
    expect(previewer.snapshot).toMatchObject({ risks: [{ kind: 'unlimitedApproval', symbol: 'dUSD' }] })
    api.approval = 25_000_001n
    await run()
    expect(previewer.snapshot).toMatchObject({ risks: [{ kind: 'approvalAboveNeed', symbol: 'dUSD' }] })
  })

  it('a service that cannot build the transactions makes the preview unavailable', async () => {
    const { api, previewer, run } = aSwapPreviewWorld()
    api.failNext('buildSwapTransaction', new Error('service down'))
    await run()
    expect(previewer.snapshot.status).toBe('unavailable')
  })
})
