// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ModalStore } from '../../../../src/application/modal-store'
import { TransactionPreview } from '../../../../src/application/preview/transaction-preview'
import { TransactionApprovals } from '../../../../src/application/send/transaction-approvals'
import { GasEstimationError } from '../../../../src/ports/token-transfers'
import { DiProvider } from '../../../../src/presentation/di-context'
import ApproveTransactionView from '../../../../src/presentation/views/ApproveTransactionView'
import { aCaipNetwork } from '../../../builders/a-caip-network'
import { InMemoryTransactionSimulator } from '../../../fakes/in-memory-transaction-simulator'
import { RecordingLogger } from '../../../fakes/recording-logger'
import { createTestContainer } from '../../../support/test-container'
import { DUSD, DUSD_CONTRACT, FROM, TO, aSendWorld, fill, type SendWorld } from '../../application/send/support'

afterEach(cleanup)

const DEVNET = aCaipNetwork()

function aWorld(options: { denyList?: string[] } = {}) {
  const simulator = new InMemoryTransactionSimulator().addToken(DUSD_CONTRACT, 'dUSD', 6).fund(FROM, 10n ** 18n).fund(FROM, 100n * 10n ** 6n, DUSD_CONTRACT)
  const preview = new TransactionPreview({ simulator, network: (id) => (id === DEVNET.caipNetworkId ? DEVNET : undefined), logger: new RecordingLogger() })
  const world = aSendWorld({ previews: { preview, pastReceivers: () => undefined, ...(options.denyList === undefined ? {} : { denyList: options.denyList }) } })
  world.modal.reset('Account')
  world.modal.push('Send')
  return { world, simulator, preview }
}

function renderApproval(world: SendWorld) {
  const container = createTestContainer(undefined, (c) => {
    c.rebind(TransactionApprovals).toConstantValue(world.approvals)
    c.rebind(ModalStore).toConstantValue(world.modal)
  })
  return render(
    <DiProvider container={container}>
      <ApproveTransactionView />
    </DiProvider>,
  )
}

/** Reviews a dUSD send and hands it to a wallet that has not answered yet. */
async function waitingInWallet(world: SendWorld, receiver = TO) {
  fill(world, { token: DUSD, amount: '12.5', receiver })
  expect(await world.review.review()).toBe(true)
  world.transfers.hold()
  act(() => {
    void world.confirm.confirm({ acknowledged: true })
  })
}

describe('ApproveTransaction shows the review’s preview while the wallet asks', () => {
  it('draws the simulated balance change of the request the wallet has', async () => {
    const { world } = aWorld()
    await waitingInWallet(world)
    renderApproval(world)
    expect(world.modal.view).toBe('ApproveTransaction')
    await waitFor(() => expect(screen.getByTestId('preview-change-amount').textContent).toBe('−12.5 dUSD'))
    world.transfers.release()
  })

  it('says "Preview unavailable" when the chain cannot simulate', async () => {
    const { world, simulator } = aWorld()
    simulator.unavailable = true
    await waitingInWallet(world)
    renderApproval(world)
    await waitFor(() => expect(screen.getByTestId('preview-unavailable').textContent).toBe('Preview unavailable'))
    world.transfers.release()
  })

  it('repeats the reason a transfer would fail, in place of balance changes', async () => {
    const { world } = aWorld()
    world.transfers.estimateFailure = new GasEstimationError()
    await waitingInWallet(world, '0x0000000000000000000000000000000000000000')
    renderApproval(world)
    expect((await screen.findByTestId('preview-reverted')).textContent).toBe('This transaction would fail: transfer to zero')
    expect(screen.queryByTestId('preview-changes')).toBeNull()
    world.transfers.release()
  })

  it('keeps the review’s risk lines (a deny-listed receiver)', async () => {
    const { world } = aWorld({ denyList: [TO] })
    await waitingInWallet(world)
    renderApproval(world)
    expect((await screen.findByTestId('risk-deniedReceiver')).textContent).toBe("This receiver is on this site's list of addresses to avoid.")
    world.transfers.release()
  })

  it('a request without a preview (previews turned off) shows the summary alone', async () => {
    const world = aSendWorld()
    world.modal.push('Send')
    await waitingInWallet(world)
    renderApproval(world)
    expect(screen.getByTestId('approve-waiting')).toBeTruthy()
    expect(screen.queryByTestId('preview-unavailable')).toBeNull()
    expect(screen.queryByTestId('preview-changes')).toBeNull()
    world.transfers.release()
  })
})
