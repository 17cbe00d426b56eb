import { describe, expect, it } from 'vitest'
import { TransactionPreview } from '../../../../src/application/preview/transaction-preview'
import { aCaipNetwork } from '../../../builders/a-caip-network'
import { NATIVE_ASSET } from '../../../../src/domain/preview/balance-changes'
import { GasEstimationError } from '../../../../src/ports/token-transfers'
import { InMemoryTransactionSimulator } from '../../../fakes/in-memory-transaction-simulator'
import { RecordingLogger } from '../../../fakes/recording-logger'
import { DUSD, DUSD_CONTRACT, ETH, FROM, TO, aSendWorld, fill, previewOf, shownError } from './support'

const DEVNET = aCaipNetwork()

function aPreviewWorld(options: { denyList?: string[]; pastReceivers?: readonly string[] } = {}) {
  const simulator = new InMemoryTransactionSimulator().addToken(DUSD_CONTRACT, 'dUSD', 6).fund(FROM, 10n ** 18n).fund(FROM, 100n * 10n ** 6n, DUSD_CONTRACT)
  const preview = new TransactionPreview({ simulator, network: (id) => (id === DEVNET.caipNetworkId ? DEVNET : undefined), logger: new RecordingLogger() })
  const world = aSendWorld({
    previews: {
      preview,
      ...(options.denyList === undefined ? {} : { denyList: options.denyList }),
      pastReceivers: () => options.pastReceivers,
    },
  })
  world.modal.reset('Account')
  world.modal.push('Send')
  return { world, simulator, preview }
}

/** Settles the preview the review started in the background. */
async function settled(preview: TransactionPreview) {
  for (let i = 0; i < 10 && preview.snapshot.status === 'simulating'; i++) await Promise.resolve()
  return preview.snapshot
}

describe('the send review previews the transfer on the chain', () => {
  it('shows the token leaving the account, named and priced as the balances say', async () => {
    const { world, preview } = aPreviewWorld()
    fill(world, { token: DUSD, amount: '12.5', receiver: TO })
    expect(await world.review.review()).toBe(true)
    const state = await settled(preview)
    expect(state).toMatchObject({ status: 'ready', changes: [{ asset: DUSD_CONTRACT.toLowerCase(), delta: -12_500_000n, token: { symbol: 'dUSD', decimals: 6, priceUsd: 1 } }] })
  })

  it('an ether send previews the ether going out', async () => {
    const { world, preview } = aPreviewWorld()
    fill(world, { token: ETH, amount: '0.25', receiver: TO })
    await world.review.review()
    expect(await settled(preview)).toMatchObject({ status: 'ready', changes: [{ asset: NATIVE_ASSET, delta: -(25n * 10n ** 16n), token: { symbol: 'ETH' } }] })
  })

  it('a transfer the chain would revert is reviewed with its reason, and can still be sent', async () => {
    const { world } = aPreviewWorld()
    world.transfers.estimateFailure = new GasEstimationError()
    fill(world, { token: DUSD, amount: '1', receiver: '0x0000000000000000000000000000000000000000' })
    expect(await world.review.review()).toBe(true)
    expect(previewOf(world)).toMatchObject({ revert: 'transfer to zero', warnings: [{ kind: 'zeroAddress' }], needsAcknowledgement: true, fee: '' })
    await world.confirm.confirm({ acknowledged: true })
    expect(world.transfers.sends).toHaveLength(1)
  })

  it('a failed estimate the chain cannot explain stays the failure it was', async () => {
    const { world, simulator } = aPreviewWorld()
    simulator.unavailable = true
    world.transfers.estimateFailure = new GasEstimationError()
    fill(world, { token: DUSD, amount: '1', receiver: TO })
    expect(await world.review.review()).toBe(false)
    expect(shownError(world)).toBeDefined()
    expect(previewOf(world)).toBeUndefined()
  })

  it('a chain that cannot simulate leaves the review as it was, with the preview unavailable', async () => {
    const { world, simulator, preview } = aPreviewWorld()
    simulator.unavailable = true
    fill(world, { token: DUSD, amount: '1', receiver: TO })
    expect(await world.review.review()).toBe(true)
    expect(previewOf(world)?.revert).toBeUndefined()
    expect((await settled(preview)).status).toBe('unavailable')
  })

  it('warns about a deny-listed receiver and a first transfer, without blocking', async () => {
    const { world } = aPreviewWorld({ denyList: [TO.toLowerCase()], pastReceivers: [] })
    fill(world, { token: DUSD, amount: '1', receiver: TO })
    await world.review.review()
    expect(previewOf(world)).toMatchObject({ risks: [{ kind: 'deniedReceiver' }, { kind: 'firstTransfer' }], needsAcknowledgement: false })
  })

  it('a receiver sent to before, and an unknown history, give no first-transfer line', async () => {
    for (const past of [[TO], undefined]) {
      const { world } = aPreviewWorld(past === undefined ? {} : { pastReceivers: past })
      fill(world, { token: DUSD, amount: '1', receiver: TO })
      await world.review.review()
      expect(previewOf(world)?.risks).toEqual([])
    }
  })

  it('a newer preview wins over one still on its way', async () => {
    const { preview } = aPreviewWorld()
    const first = preview.preview({ chainId: 'eip155:31337', from: FROM, calls: [{ to: TO, value: 1n }], tokens: [] })
    const second = preview.preview({ chainId: 'eip155:31337', from: FROM, calls: [{ to: TO, value: 2n }], tokens: [] })
    await Promise.all([first, second])
    expect(preview.snapshot).toMatchObject({ status: 'ready', changes: [{ delta: -2n }] })
  })
})
