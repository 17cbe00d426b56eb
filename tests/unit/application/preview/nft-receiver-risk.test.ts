import { describe, expect, it } from 'vitest'
import { TransactionPreview } from '../../../../src/application/preview/transaction-preview'
import type { SimulationOutcome, TransactionSimulator } from '../../../../src/ports/transaction-simulator'
import { aCaipNetwork } from '../../../builders/a-caip-network'
import { RecordingLogger } from '../../../fakes/recording-logger'

const NETWORK = aCaipNetwork()
const simulating = (outcome: SimulationOutcome): TransactionSimulator => ({ simulate: () => Promise.resolve(outcome) })
const input = { chainId: NETWORK.caipNetworkId, from: '0x1111111111111111111111111111111111111111', calls: [{ to: '0x2222222222222222222222222222222222222222', data: '0x23b872dd' }], tokens: [] }

describe('the preview of calls the modal did not build', () => {
  it('adds the NFT receiver line when the chain says the receiver has no hook', async () => {
    const preview = new TransactionPreview({ simulator: simulating({ status: 'ok', transfers: [], gasUsed: 1n, tokens: [], nftReceiverWithoutHook: true }), network: () => NETWORK, logger: new RecordingLogger() })
    expect(await preview.preview(input)).toMatchObject({ status: 'ready', risks: [{ kind: 'nftReceiverWithoutHook' }] })
  })

  it('adds nothing when the chain found nothing', async () => {
    const preview = new TransactionPreview({ simulator: simulating({ status: 'ok', transfers: [], gasUsed: 1n, tokens: [] }), network: () => NETWORK, logger: new RecordingLogger() })
    expect(await preview.preview(input)).toMatchObject({ status: 'ready', risks: [] })
  })
})
