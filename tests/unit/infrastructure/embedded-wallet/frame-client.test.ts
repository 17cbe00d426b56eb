// @vitest-environment jsdom
/**
 * The host side of the frame protocol: what the modal takes from the wallet frame and what it
 * drops, and its time limits (the frame's load, the settle after READY, each request).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FrameClient } from '../../../../src/infrastructure/embedded-wallet/frame-client'
import { FRAME_CHANNEL, FRAME_MESSAGES, type FrameRequest } from '../../../../src/infrastructure/embedded-wallet/frame-protocol'
import {
  ActionNotAllowedError,
  EmbeddedWalletError,
  RequestAbortedError,
  RpcCallNotAllowedError,
  SomethingWentWrongError,
} from '../../../../src/domain/errors'
import { EmbeddedWalletRequestError } from '../../../../src/ports/embedded-wallet'

const AUTH = 'http://localhost:8790'
const USER = { address: '0x1111111111111111111111111111111111111111', chainId: 31337, accounts: [], preferredAccountType: 'eoa' as const, email: 'a@b.co' }

let client: FrameClient
let posted: FrameRequest[]

function frame(): HTMLIFrameElement {
  const el = document.querySelector<HTMLIFrameElement>('iframe[data-walletgate-frame]')
  if (el === null) throw new Error('no frame mounted')
  return el
}

/** A message as the frame (or an impostor) would post it to the host. */
function fromFrame(data: unknown, options: { origin?: string; source?: Window | null } = {}): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin: options.origin ?? AUTH, source: options.source === undefined ? frame().contentWindow : options.source }))
}

async function ready(): Promise<void> {
  const loading = client.load()
  fromFrame({ channel: FRAME_CHANNEL, kind: 'event', event: 'READY', payload: {} })
  await vi.advanceTimersByTimeAsync(500)
  await loading
}

beforeEach(() => {
  vi.useFakeTimers()
  posted = []
  client = new FrameClient({ authUrl: AUTH, projectId: 'walletgate-test' })
})

afterEach(() => {
  client.destroy()
  vi.useRealTimers()
})

/** Captures what the host posts to the frame (jsdom's iframe window accepts postMessage). */
function capture(): void {
  const target = frame().contentWindow!
  vi.spyOn(target, 'postMessage').mockImplementation(((message: FrameRequest, targetOrigin: string) => {
    expect(targetOrigin).toBe(AUTH)
    posted.push(message)
  }) as never)
}

describe('FrameClient', () => {
  it('loads the frame of the auth origin with the project and the host origin, hidden', async () => {
    void client.load()
    const src = new URL(frame().src)
    expect(src.origin).toBe(AUTH)
    expect(src.pathname).toBe('/frame')
    expect(src.searchParams.get('projectId')).toBe('walletgate-test')
    expect(src.searchParams.get('origin')).toBe(window.location.origin)
    expect(frame().getAttribute('aria-hidden')).toBe('true')
    expect(frame().style.width).toBe('0px')
    // Passkeys are delegated to the wallet origin alone (no origin list: the frame's own).
    expect(frame().getAttribute('allow')).toBe('publickey-credentials-get; publickey-credentials-create')
  })

  it('is ready only 500 ms after the frame says READY', async () => {
    let done = false
    void client.load().then(() => (done = true))
    fromFrame({ channel: FRAME_CHANNEL, kind: 'event', event: 'READY', payload: {} })
    await vi.advanceTimersByTimeAsync(499)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
  })

  it('fails with the spec alert when the frame is not ready after 20 s, and mounts a new frame on the next try', async () => {
    const loading = client.load()
    const outcome = loading.then(
      () => 'loaded',
      (error: unknown) => error,
    )
    await vi.advanceTimersByTimeAsync(20_000)
    const error = await outcome
    expect(error).toBeInstanceOf(EmbeddedWalletRequestError)
    expect((error as EmbeddedWalletRequestError).kind).toBe('load')
    expect((error as Error).message).toBe('Network Error - Could not load embedded wallet')
    expect(document.querySelectorAll('iframe[data-walletgate-frame]')).toHaveLength(0)
    void client.load()
    expect(document.querySelectorAll('iframe[data-walletgate-frame]')).toHaveLength(1)
  })

  it('ignores a READY from another origin or another window', async () => {
    let done = false
    void client.load().then(() => (done = true))
    fromFrame({ channel: FRAME_CHANNEL, kind: 'event', event: 'READY', payload: {} }, { origin: 'http://evil.test' })
    fromFrame({ channel: FRAME_CHANNEL, kind: 'event', event: 'READY', payload: {} }, { source: window })
    await vi.advanceTimersByTimeAsync(1000)
    expect(done).toBe(false)
  })

  it('matches answers by id and checks their payload', async () => {
    await ready()
    capture()
    const answer = client.request('GET_USER', {})
    await vi.advanceTimersByTimeAsync(0)
    const request = posted[0]!
    expect(request).toMatchObject({ channel: FRAME_CHANNEL, kind: 'request', action: 'GET_USER', payload: {} })
    fromFrame({ channel: FRAME_CHANNEL, kind: 'response', id: request.id, ok: true, payload: { user: USER } })
    await expect(answer).resolves.toEqual({ user: USER })
  })

  it('drops answers from a foreign origin, from another window, with an unknown id or a malformed shape', async () => {
    await ready()
    capture()
    const answer = client.request('IS_CONNECTED', {}, 5_000)
    await vi.advanceTimersByTimeAsync(0)
    const { id } = posted[0]!
    const settled = vi.fn()
    answer.then(settled, settled)
    fromFrame({ channel: FRAME_CHANNEL, kind: 'response', id, ok: true, payload: { isConnected: true } }, { origin: 'http://evil.test' })
    fromFrame({ channel: FRAME_CHANNEL, kind: 'response', id, ok: true, payload: { isConnected: true } }, { source: window })
    fromFrame({ channel: FRAME_CHANNEL, kind: 'response', id: 'not-waiting', ok: true, payload: { isConnected: true } })
    fromFrame({ channel: 'someone-else', kind: 'response', id, ok: true, payload: { isConnected: true } })
    fromFrame({ channel: FRAME_CHANNEL, kind: 'response', id, ok: 'yes' })
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).not.toHaveBeenCalled()
    fromFrame({ channel: FRAME_CHANNEL, kind: 'response', id, ok: true, payload: { isConnected: false } })
    await expect(answer).resolves.toEqual({ isConnected: false })
  })

  it('refuses an answer whose payload does not fit its action', async () => {
    await ready()
    capture()
    const answer = client.request('IS_CONNECTED', {})
    await vi.advanceTimersByTimeAsync(0)
    fromFrame({ channel: FRAME_CHANNEL, kind: 'response', id: posted[0]!.id, ok: true, payload: { isConnected: 'maybe' } })
    const error = (await answer.catch((e: unknown) => e)) as EmbeddedWalletRequestError
    expect([error.kind, error.message]).toEqual(['request', 'Something went wrong'])
    expect(error.cause).toBeInstanceOf(SomethingWentWrongError)
  })

  it("carries the catalogue's error when the frame refuses in the spec's words, and says \"An error occurred\" for no words", async () => {
    await ready()
    capture()
    const refusals = [
      { message: FRAME_MESSAGES.rpcNotAllowed, code: 4200 },
      { message: FRAME_MESSAGES.actionNotAllowed },
      { message: FRAME_MESSAGES.aborted, code: 4001 },
      { message: FRAME_MESSAGES.somethingWrong },
      { message: '  ' },
      { message: 'That code is not valid' },
    ]
    const errors: EmbeddedWalletRequestError[] = []
    for (const [i, refusal] of refusals.entries()) {
      const answer = client.request('RPC_REQUEST', { chainId: 31337, method: 'eth_sign', params: [] }).catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(0)
      fromFrame({ channel: FRAME_CHANNEL, kind: 'response', id: posted[i]!.id, ok: false, error: refusal })
      errors.push((await answer) as EmbeddedWalletRequestError)
    }
    expect(errors.map((e) => [e.kind, e.message, e.details.code, (e.cause as Error | undefined)?.constructor])).toEqual([
      ['request', 'Requested RPC call is not allowed', 4200, RpcCallNotAllowedError],
      ['request', 'Action not allowed', undefined, ActionNotAllowedError],
      ['rejected', 'Request was aborted', 4001, RequestAbortedError],
      ['request', 'Something went wrong', undefined, SomethingWentWrongError],
      ['request', 'An error occurred', undefined, EmbeddedWalletError],
      ['request', 'That code is not valid', undefined, undefined],
    ])
    // What the frame says is what the catalogue says: the words shown do not change.
    expect(refusals.slice(0, 4).map((r) => r.message)).toEqual(errors.slice(0, 4).map((e) => e.message))
  })

  it('times a request out after 30 s with the spec alert text', async () => {
    await ready()
    capture()
    const answer = client.request('GET_USER', {})
    const outcome = answer.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(30_000)
    const error = (await outcome) as EmbeddedWalletRequestError
    expect(error.kind).toBe('timeout')
    expect(error.message).toBe('Embedded Wallet Request Timed Out')
  })

  it("keeps the frame's words and details, and maps its codes to kinds", async () => {
    await ready()
    capture()
    const wrong = client.request('CONNECT_OTP', { otp: '123456' }).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(0)
    fromFrame({ channel: FRAME_CHANNEL, kind: 'response', id: posted[0]!.id, ok: false, error: { message: 'That code is not valid', attemptsLeft: 2 } })
    const error = (await wrong) as EmbeddedWalletRequestError
    expect([error.kind, error.message, error.details.attemptsLeft]).toEqual(['request', 'That code is not valid', 2])

    const expired = client.request('GET_USER', {}).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(0)
    fromFrame({ channel: FRAME_CHANNEL, kind: 'response', id: posted[1]!.id, ok: false, error: { message: 'whatever', code: 4100 } })
    expect(((await expired) as EmbeddedWalletRequestError).message).toBe('Session Expired')

    const refused = client.request('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: [] }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(0)
    fromFrame({ channel: FRAME_CHANNEL, kind: 'response', id: posted[2]!.id, ok: false, error: { message: 'User rejected the request', code: 4001 } })
    expect(((await refused) as EmbeddedWalletRequestError).kind).toBe('rejected')
  })

  it('passes SESSION_UPDATE and APPROVAL events on, and drops malformed ones', async () => {
    await ready()
    const events: unknown[] = []
    client.events$.subscribe((e) => events.push(e.event))
    fromFrame({ channel: FRAME_CHANNEL, kind: 'event', event: 'APPROVAL', payload: { pending: true, title: 'Approve transaction' } })
    fromFrame({ channel: FRAME_CHANNEL, kind: 'event', event: 'APPROVAL', payload: { pending: 'yes' } })
    fromFrame({ channel: FRAME_CHANNEL, kind: 'event', event: 'SESSION_UPDATE', payload: { user: null } })
    fromFrame({ channel: FRAME_CHANNEL, kind: 'event', event: 'SESSION_UPDATE', payload: { user: null } }, { origin: 'http://evil.test' })
    expect(events).toEqual(['APPROVAL', 'SESSION_UPDATE'])
  })

  it('shows the frame over a rectangle and hides it again', async () => {
    await ready()
    client.place({ left: 10, top: 20, width: 300, height: 400 })
    expect([frame().style.left, frame().style.width, frame().style.opacity, frame().getAttribute('aria-hidden')]).toEqual(['10px', '300px', '1', 'false'])
    client.place(null)
    expect([frame().style.width, frame().style.opacity, frame().getAttribute('aria-hidden')]).toEqual(['0px', '0', 'true'])
  })
})
