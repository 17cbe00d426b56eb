/**
 * The rules that keep a host page from steering a click onto the wallet frame's Approve: where
 * the visitor confirms (in the frame only when the browser reports visibility), when Approve is
 * armed (after 500 ms of visibility without a break, disarmed at once), and who may answer for
 * the confirmation popup (only the window the frame opened, at the auth origin, with its token).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ARM_DELAY_MS, ArmingGate, CLICK_SETTLE_MS, confirmationPlace } from '../../../devnet/src/auth/frame/approval-arming'
import { CONFIRM_CHANNEL, CONFIRM_POPUP_PATH, confirmInPopup, servePopup, type PopupOpener, type PopupWindow } from '../../../devnet/src/auth/frame/confirm-popup'
import type { ApprovalDetails } from '../../../devnet/src/auth/frame/frame-handler'

describe('where the visitor confirms', () => {
  class Observer {}
  it('in the frame when IntersectionObserver v2 reports isVisible', () => {
    class EntryV2 {
      get isVisible() {
        return true
      }
    }
    expect(confirmationPlace({ IntersectionObserver: Observer, IntersectionObserverEntry: EntryV2 })).toBe('frame')
  })

  it('in a popup when entries have no isVisible (v1 only), or there is no IntersectionObserver at all', () => {
    class EntryV1 {
      get isIntersecting() {
        return true
      }
    }
    expect(confirmationPlace({ IntersectionObserver: Observer, IntersectionObserverEntry: EntryV1 })).toBe('popup')
    expect(confirmationPlace({})).toBe('popup')
    expect(confirmationPlace({ IntersectionObserverEntry: { prototype: { isVisible: true } } })).toBe('popup')
  })
})

describe('Approve arms after 500 ms of visibility', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())
  const timers = { set: (fn: () => void, ms: number) => setTimeout(fn, ms), clear: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>) }

  it('stays disarmed while hidden, arms 500 ms after it becomes visible, and not a moment before', () => {
    const changes: boolean[] = []
    const gate = new ArmingGate(timers, (armed) => changes.push(armed))
    gate.visible(false)
    vi.advanceTimersByTime(5_000)
    expect(gate.isArmed).toBe(false)
    gate.visible(true)
    vi.advanceTimersByTime(ARM_DELAY_MS - 1)
    expect(gate.isArmed).toBe(false)
    gate.visible(true)
    vi.advanceTimersByTime(1)
    expect(gate.isArmed).toBe(true)
    expect(changes).toEqual([true])
  })

  it('a loss of visibility disarms at once and restarts the delay; a flicker before the delay never arms', () => {
    const changes: boolean[] = []
    const gate = new ArmingGate(timers, (armed) => changes.push(armed))
    gate.visible(true)
    vi.advanceTimersByTime(ARM_DELAY_MS)
    gate.visible(false)
    expect(gate.isArmed).toBe(false)
    gate.visible(true)
    vi.advanceTimersByTime(400)
    gate.visible(false)
    gate.visible(true)
    vi.advanceTimersByTime(400)
    expect(gate.isArmed).toBe(false)
    vi.advanceTimersByTime(100)
    expect(gate.isArmed).toBe(true)
    expect(changes).toEqual([true, false, true])
  })

  it('stopped, it never arms', () => {
    const gate = new ArmingGate(timers, () => undefined)
    gate.visible(true)
    gate.stop()
    vi.advanceTimersByTime(ARM_DELAY_MS * 2)
    expect(gate.isArmed).toBe(false)
  })
})

describe('the confirmation popup answers only for the frame that opened it', () => {
  const AUTH = 'http://localhost:8790'
  const details: ApprovalDetails = { title: 'Approve transaction', method: 'eth_sendTransaction', appName: 'Shop', rows: [{ label: 'Amount', value: '1 ETH on Devnet A' }] }

  function anOpener(popupOpens = true) {
    const listeners = new Set<(event: MessageEvent) => void>()
    const toPopup: unknown[] = []
    const popup: PopupWindow & { closed: boolean } = { closed: false, postMessage: (m) => void toPopup.push(m), close: () => void (popup.closed = true) }
    const opened: string[] = []
    const win: PopupOpener = {
      origin: AUTH,
      open: (url) => {
        opened.push(url)
        return popupOpens ? popup : null
      },
      addEventListener: (_t, l) => void listeners.add(l),
      removeEventListener: (_t, l) => void listeners.delete(l),
      randomId: () => 'token-1',
    }
    const deliver = (data: unknown, from: { source?: unknown; origin?: string } = {}) => {
      for (const l of [...listeners]) l({ data, source: from.source ?? popup, origin: from.origin ?? AUTH } as MessageEvent)
    }
    return { win, popup, toPopup, opened, deliver, listeners }
  }

  it('opens the auth origin page, sends the request when the popup is ready, and takes its answer with the token', async () => {
    const o = anOpener()
    const answer = confirmInPopup(o.win, details, new AbortController().signal)
    expect(o.opened).toEqual([`${AUTH}${CONFIRM_POPUP_PATH}`])
    o.deliver({ channel: CONFIRM_CHANNEL, kind: 'ready' })
    expect(o.toPopup).toEqual([{ channel: CONFIRM_CHANNEL, kind: 'show', token: 'token-1', details }])
    o.deliver({ channel: CONFIRM_CHANNEL, kind: 'answer', token: 'token-1', approved: true })
    await expect(answer).resolves.toBe(true)
    expect(o.popup.closed).toBe(true)
    expect(o.listeners.size).toBe(0)
  })

  it('ignores answers from the host origin, from another window, or without the token', async () => {
    const o = anOpener()
    let settled = false
    const answer = confirmInPopup(o.win, details, new AbortController().signal).then((a) => {
      settled = true
      return a
    })
    o.deliver({ channel: CONFIRM_CHANNEL, kind: 'answer', token: 'token-1', approved: true }, { origin: 'http://127.0.0.1:5173' })
    o.deliver({ channel: CONFIRM_CHANNEL, kind: 'answer', token: 'token-1', approved: true }, { source: { name: 'a window the host opened' } })
    o.deliver({ channel: CONFIRM_CHANNEL, kind: 'answer', token: 'guess', approved: true })
    o.deliver({ channel: CONFIRM_CHANNEL, kind: 'ready' }, { origin: 'http://127.0.0.1:5173' })
    await Promise.resolve()
    expect(settled).toBe(false)
    expect(o.toPopup).toEqual([])
    o.deliver({ channel: CONFIRM_CHANNEL, kind: 'answer', token: 'token-1', approved: false })
    await expect(answer).resolves.toBe(false)
  })

  it('a blocked popup resolves undefined; an abort closes the popup', async () => {
    await expect(confirmInPopup(anOpener(false).win, details, new AbortController().signal)).resolves.toBeUndefined()
    const o = anOpener()
    const abort = new AbortController()
    const answer = confirmInPopup(o.win, details, abort.signal)
    abort.abort()
    await expect(answer).resolves.toBeUndefined()
    expect(o.popup.closed).toBe(true)
  })

  it('the popup shows only what its opener sends from its own origin, and answers only there', async () => {
    const listeners: ((event: MessageEvent) => void)[] = []
    const toOpener: { message: unknown; origin: string }[] = []
    const opener: PopupWindow = { postMessage: (message, origin) => void toOpener.push({ message, origin }), close: () => undefined }
    const shown: ApprovalDetails[] = []
    let closed = false
    const served = servePopup(
      { origin: AUTH, opener, addEventListener: (_t, l) => void listeners.push(l), close: () => void (closed = true) },
      { confirm: async (d) => (shown.push(d), true), setTheme: () => undefined },
    )
    expect(served).toBe(true)
    expect(toOpener).toEqual([{ message: { channel: CONFIRM_CHANNEL, kind: 'ready' }, origin: AUTH }])
    const deliver = (data: unknown, from: { source: unknown; origin: string }) => listeners.forEach((l) => l({ data, ...from } as MessageEvent))
    deliver({ channel: CONFIRM_CHANNEL, kind: 'show', token: 't', details: { ...details, title: 'Forged' } }, { source: { name: 'someone else' }, origin: AUTH })
    deliver({ channel: CONFIRM_CHANNEL, kind: 'show', token: 't', details: { ...details, title: 'Forged' } }, { source: opener, origin: 'http://127.0.0.1:5173' })
    deliver({ channel: CONFIRM_CHANNEL, kind: 'show', token: 't', details }, { source: opener, origin: AUTH })
    await new Promise<void>((resolve) => setImmediate(resolve))
    expect(shown).toEqual([details])
    expect(toOpener.at(-1)).toEqual({ message: { channel: CONFIRM_CHANNEL, kind: 'answer', token: 't', approved: true }, origin: AUTH })
    expect(closed).toBe(true)
    expect(servePopup({ origin: AUTH, opener: null, addEventListener: () => undefined, close: () => undefined }, { confirm: async () => true, setTheme: () => undefined })).toBe(false)
  })
})

describe('a click on an armed Approve counts only if visibility holds just after it', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())
  const timers = { set: (fn: () => void, ms: number) => setTimeout(fn, ms), clear: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>) }
  const armedGate = () => {
    const gate = new ArmingGate(timers, () => undefined)
    gate.visible(true)
    vi.advanceTimersByTime(ARM_DELAY_MS)
    return gate
  }

  it('accepted after the settle time when nothing changed', () => {
    const gate = armedGate()
    const accepted = vi.fn()
    expect(gate.click(accepted)).toBe(true)
    vi.advanceTimersByTime(CLICK_SETTLE_MS - 1)
    expect(accepted).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(accepted).toHaveBeenCalledOnce()
  })

  it('dropped when a loss of visibility is reported after it, even if visibility comes back and re-arms', () => {
    const gate = armedGate()
    const accepted = vi.fn()
    gate.click(accepted)
    vi.advanceTimersByTime(100)
    gate.visible(false)
    gate.visible(true)
    vi.advanceTimersByTime(ARM_DELAY_MS + CLICK_SETTLE_MS)
    expect(gate.isArmed).toBe(true)
    expect(accepted).not.toHaveBeenCalled()
  })

  it('not taken at all before the gate is armed', () => {
    const gate = new ArmingGate(timers, () => undefined)
    gate.visible(true)
    const accepted = vi.fn()
    expect(gate.click(accepted)).toBe(false)
    vi.advanceTimersByTime(ARM_DELAY_MS + CLICK_SETTLE_MS)
    expect(accepted).not.toHaveBeenCalled()
  })
})
