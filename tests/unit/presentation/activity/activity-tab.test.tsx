// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { asyncScheduler } from 'rxjs'
import { afterEach, describe, expect, it } from 'vitest'
import { ActivityStore } from '../../../../src/application/activity/activity-store'
import { ConnectionStore } from '../../../../src/application/connection-store'
import type { Transaction } from '../../../../src/domain/transactions/transaction'
import { HttpError } from '../../../../src/ports/http-errors'
import { DiProvider } from '../../../../src/presentation/di-context'
import ActivityTab from '../../../../src/presentation/views/activity/ActivityTab'
import { aFungibleTransfer, aTransaction } from '../../../builders/a-transaction'
import { aModalConfig } from '../../../builders/config'
import { FakeTokenTransfers } from '../../../fakes/fake-token-transfers'
import { InMemoryActivityApi } from '../../../fakes/blockchain/in-memory-activity-api'
import { createTestContainer } from '../../../support/test-container'
import { FROM, RecordingLogger, RecordingNotifier, TO, connect } from '../../application/send/support'

afterEach(cleanup)

const ACCOUNT = `eip155:31337:${FROM}`

function setup(history: Transaction[], explorer?: string, failFirst = false) {
  const api = new InMemoryActivityApi({ supportedChains: ['eip155:31337'], transactions: { [ACCOUNT]: history }, historyPageSize: 2 })
  if (failFirst) api.failNext('getTransactions', new HttpError(new Response(null, { status: 500 })))
  const notifier = new RecordingNotifier()
  const config = aModalConfig()
  const networks = config.networks.map((n) => ({ ...n, ...(explorer ? { blockExplorerUrl: explorer } : {}) }))
  const container = createTestContainer({ ...config, networks }, (c) => {
    c.rebind(ActivityStore).toDynamicValue(
      (ctx) =>
        new ActivityStore({
          api,
          connection: ctx.get(ConnectionStore),
          transfers: new FakeTokenTransfers(),
          scheduler: asyncScheduler,
          notifier,
          logger: new RecordingLogger(),
        }),
    )
  })
  connect(container.get(ConnectionStore))
  const store = container.get(ActivityStore)
  render(
    <DiProvider container={container}>
      <ActivityTab />
    </DiProvider>,
  )
  return { api, store, notifier }
}

describe('ActivityTab', () => {
  it('lists entries by month newest first with direction, amount, counterparty, status and explorer link', async () => {
    const sent = aTransaction({
      metadata: { minedAt: '2026-11-20T10:00:00.000Z', sentTo: TO },
      transfers: [aFungibleTransfer({ direction: 'out', quantity: { numeric: '0.25' } })],
    })
    const received = aTransaction({
      metadata: { minedAt: '2026-10-02T10:00:00.000Z', operationType: 'receive', sentFrom: TO, status: 'failed' },
      transfers: [aFungibleTransfer({ direction: 'in', quantity: { numeric: '10.5' }, fungible_info: { name: 'Devnet USD', symbol: 'dUSD', icon: { url: '' } } })],
    })
    setup([sent, received], 'https://explorer.example')

    const november = await screen.findByTestId('activity-month-2026-11')
    const october = screen.getByTestId('activity-month-2026-10')
    expect(november.compareDocumentPosition(october) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    const sentRow = within(november).getByTestId(`activity-${sent.metadata.hash}`)
    expect(within(sentRow).getByTestId('activity-direction').textContent).toBe('Sent')
    expect(within(sentRow).getByTestId('activity-amount').textContent).toBe('−0.250 ETH')
    expect(within(sentRow).getByTestId('activity-status').textContent).toBe('Confirmed')
    expect(sentRow.textContent).toContain('To 0x7099…79C8')
    expect(within(sentRow).getByRole('link').getAttribute('href')).toBe(`https://explorer.example/tx/${sent.metadata.hash}`)

    const receivedRow = within(october).getByTestId(`activity-${received.metadata.hash}`)
    expect(within(receivedRow).getByTestId('activity-amount').textContent).toBe('+10.500 dUSD')
    expect(within(receivedRow).getByTestId('activity-status').textContent).toBe('Failed')
    expect(receivedRow.textContent).toContain('From 0x7099…79C8')
  })

  it('a contract call without a transfer reads "Contract interaction", with no dangling sign', async () => {
    const call = aTransaction({ metadata: { minedAt: '2026-11-21T10:00:00.000Z', operationType: 'execute', sentTo: TO }, transfers: [] })
    setup([call])
    const row = await screen.findByTestId(`activity-${call.metadata.hash.toLowerCase()}`)
    expect(within(row).getByTestId('activity-direction').textContent).toBe('Contract interaction')
    expect(within(row).getByTestId('activity-amount').textContent).toBe('')
  })

  it('loads the next page from the Load more control', async () => {
    const history = [1, 2, 3].map((d) => aTransaction({ metadata: { minedAt: `2026-11-0${d}T00:00:00.000Z` } }))
    setup(history)
    await screen.findByTestId('activity-list')
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    fireEvent.click(screen.getByTestId('activity-load-more'))
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3))
    expect(screen.queryByTestId('activity-load-more')).toBeNull()
  })

  it('a failed fetch shows the empty state with a retry, and the snack', async () => {
    const tx = aTransaction({ metadata: { minedAt: '2026-11-01T00:00:00.000Z' } })
    const world = setup([tx], undefined, true)
    await screen.findByTestId('activity-retry')
    expect(world.notifier.errors).toEqual(['Failed to fetch transactions'])
    fireEvent.click(screen.getByTestId('activity-retry'))
    await screen.findByTestId(`activity-${tx.metadata.hash}`)
  })

  it('an account without history says so', async () => {
    setup([])
    expect((await screen.findByTestId('activity-empty')).textContent).toContain('No activity yet')
  })
})
