/** The Analytics and Telemetry contracts, run against the Fetch adapters (devnet) and the fakes. */
import { firstValueFrom, take, toArray } from 'rxjs'
import { beforeEach, describe, expect, it } from 'vitest'
import { ALERT_ERRORS } from '../../../src/domain/errors'
import type { Analytics } from '../../../src/ports/analytics'
import type { Telemetry, TelemetryOutcome } from '../../../src/ports/telemetry'
import { wrapAction } from '../../../src/application/telemetry/wrap-action'
import { WalletRequestError } from '../../../src/ports/chain-family'
import { DisconnectError } from '../../../src/domain/errors'
import type { ManualClock } from '../../fakes/manual-clock'

export interface SeenEvent {
  readonly event: string
  readonly properties: Record<string, unknown>
  readonly address?: string
}

export interface AnalyticsWorld {
  /** An instance whose project the service knows. */
  readonly analytics: Analytics
  /** A fresh instance whose project is refused with 403. */
  forbidden(): Analytics
  /** Events the service accepted since the world was made (or last cleared). */
  seen(): Promise<SeenEvent[]>
  clear(): Promise<void>
}

export function analyticsContract(label: string, makeWorld: () => Promise<AnalyticsWorld>): void {
  describe(`Analytics contract: ${label}`, () => {
    let w: AnalyticsWorld

    beforeEach(async () => {
      w = await makeWorld()
      await w.clear()
    })

    it('delivers an event with its properties and address', async () => {
      await w.analytics.sendEvent({ event: 'MODAL_OPEN', properties: { connected: false } })
      await w.analytics.sendEvent({ event: 'SELECT_WALLET', properties: { name: 'Devnet Wallet' }, address: '0xabc' })
      const seen = await w.seen()
      expect(seen).toEqual([
        { event: 'MODAL_OPEN', properties: { connected: false } },
        { event: 'SELECT_WALLET', properties: { name: 'Devnet Wallet' }, address: '0xabc' },
      ])
    })

    it('raises "Invalid App Configuration" once when the service answers 403, and never rejects', async () => {
      const analytics = w.forbidden()
      await expect(analytics.sendEvent({ event: 'MODAL_OPEN' })).resolves.toBeUndefined()
      await expect(analytics.sendEvent({ event: 'MODAL_CLOSE' })).resolves.toBeUndefined()
      // A late subscriber still sees the alert; there is exactly one.
      const alerts: unknown[] = []
      const subscription = analytics.alerts$.subscribe((a) => alerts.push(a))
      await analytics.sendEvent({ event: 'MODAL_OPEN' })
      subscription.unsubscribe()
      expect(alerts).toEqual([ALERT_ERRORS.invalidAppConfiguration])
      expect(ALERT_ERRORS.invalidAppConfiguration.shortMessage).toBe('Invalid App Configuration')
      expect(await w.seen()).toEqual([])
    })

    it('raises no alert while the service accepts events', async () => {
      const alerts: unknown[] = []
      const subscription = w.analytics.alerts$.subscribe((a) => alerts.push(a))
      await w.analytics.sendEvent({ event: 'MODAL_OPEN' })
      subscription.unsubscribe()
      expect(alerts).toEqual([])
    })

    it('delivers the alert to a subscriber already waiting for it', async () => {
      const analytics = w.forbidden()
      const firstAlert = firstValueFrom(analytics.alerts$.pipe(take(1), toArray()))
      await analytics.sendEvent({ event: 'MODAL_OPEN' })
      await expect(firstAlert).resolves.toEqual([ALERT_ERRORS.invalidAppConfiguration])
    })
  })
}

export interface TelemetryWorld {
  readonly telemetry: Telemetry
  readonly clock: ManualClock
  /** Errors the service received since the world was made, oldest first. */
  reported(): Promise<{ name: string; message: string; stack: string }[]>
  clear(): Promise<void>
}

export function telemetryContract(label: string, makeWorld: () => Promise<TelemetryWorld>): void {
  describe(`Telemetry contract: ${label}`, () => {
    let w: TelemetryWorld

    beforeEach(async () => {
      w = await makeWorld()
      await w.clear()
    })

    it('sends an error with its name, message and stack', async () => {
      const error = new TypeError('Boom')
      await expect(w.telemetry.reportError(error)).resolves.toBe('sent')
      expect(await w.reported()).toEqual([{ name: 'TypeError', message: 'Boom', stack: error.stack }])
    })

    it('reports a thrown non-Error by its text', async () => {
      await expect(w.telemetry.reportError('plain failure')).resolves.toBe('sent')
      expect((await w.reported())[0]).toMatchObject({ name: 'Error', message: 'plain failure' })
    })

    it('sends at most 5 errors in 60 s and drops the rest, then sends again once the window moved on', async () => {
      const outcomes = []
      for (let i = 0; i < 7; i++) {
        outcomes.push(await w.telemetry.reportError(new Error(`e${i}`)))
        w.clock.advance(1_000)
      }
      expect(outcomes).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'dropped', 'dropped'])
      // The first error was sent at t0; 60 s later it has left the window.
      w.clock.advance(60_000 - 7_000)
      await expect(w.telemetry.reportError(new Error('e7'))).resolves.toBe('sent')
      await expect(w.telemetry.reportError(new Error('e8'))).resolves.toBe('dropped')
      expect((await w.reported()).map((e) => e.message)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e7'])
    })

    it('an error from a wrapped action reaches the service and is rethrown as itself; a declined request does not', async () => {
      // Keeps the port's answers, so the test waits for the post instead of for time.
      const outcomes: Promise<TelemetryOutcome>[] = []
      const watched: Telemetry = {
        reportError: (error) => {
          const outcome = w.telemetry.reportError(error)
          outcomes.push(outcome)
          return outcome
        },
      }
      const error = new DisconnectError({ cause: new Error('relay down') })
      await expect(wrapAction(watched, () => Promise.reject(error))).rejects.toBe(error)
      const declined = new WalletRequestError('rejected', 'User rejected the request.', { code: 4001 })
      await expect(wrapAction(watched, () => Promise.reject(declined))).rejects.toBe(declined)
      await expect(Promise.all(outcomes)).resolves.toEqual(['sent'])
      expect(await w.reported()).toEqual([{ name: 'DisconnectError', message: 'Failed to disconnect', stack: error.stack }])
    })
  })
}
