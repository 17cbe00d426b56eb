/** A wallet's own words are untrusted text: bounded on screen and in analytics. */
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../../src/domain/config'
import { EventReporter } from '../../../../src/application/connection/report-event'
import { MAX_WALLET_MESSAGE_LENGTH } from '../../../../src/domain/validation/text-bounds'
import { TransferFailedError } from '../../../../src/ports/token-transfers'
import { aModalConfig } from '../../../builders/config'
import { InMemoryAnalytics } from '../../../fakes/in-memory-analytics'
import { ETH, TO, aSendWorld, fill, shownError, RecordingLogger } from './support'

const HUGE = 'E'.repeat(5_000_000)
const length = (s: string | undefined) => Array.from(s ?? '').length

describe('wallet text bounds', () => {
  it('a 5 MB failure message from the wallet is shown and reported cut to 300 characters', async () => {
    const world = aSendWorld()
    world.modal.reset('Account')
    world.modal.push('Send')
    fill(world, { token: ETH, amount: '0.1', receiver: TO })
    await world.review.review()
    world.transfers.failNextSend(new TransferFailedError(HUGE))
    await world.confirm.confirm()
    const shown = shownError(world)
    expect(length(shown)).toBe(MAX_WALLET_MESSAGE_LENGTH)
    expect(shown?.startsWith('EEE')).toBe(true)
    expect(shown?.endsWith('…')).toBe(true)
    const reported = world.events.find((e) => e.event === 'SEND_ERROR')?.properties?.message as string
    expect(length(reported)).toBeLessThanOrEqual(MAX_WALLET_MESSAGE_LENGTH)
  })

  it('every text property of a reported event is bounded, for the analytics service and the host', () => {
    const analytics = new InMemoryAnalytics()
    const seen: unknown[] = []
    const reporter = new EventReporter(
      { ...parseConfig(aModalConfig()), onEvent: (e) => void seen.push(e.data) },
      analytics,
      new RecordingLogger(),
    )
    reporter.report('CONNECT_ERROR', { message: HUGE, connectorId: 'a.wallet', attempt: 2 })
    expect(analytics.events[0]?.properties).toMatchObject({ connectorId: 'a.wallet', attempt: 2 })
    expect(length(analytics.events[0]?.properties?.message as string)).toBe(MAX_WALLET_MESSAGE_LENGTH)
    expect(length((seen[0] as { message: string }).message)).toBe(MAX_WALLET_MESSAGE_LENGTH)
  })
})
