/**
 * Social login's use case over a fake embedded wallet, fake page windows and timers run by hand:
 * the popup path (answer, closed popup, timeout, a stranger's message), the redirect path (a
 * blocked popup, the way back) and Farcaster's polling.
 */
import { BehaviorSubject, Subject, filter, map } from 'rxjs'
import { describe, expect, it, vi } from 'vitest'
import type { ConnectExternal, ConnectExternalState } from '../../../../src/application/connection/connect-external'
import { FARCASTER_POLL_MS, POPUP_CLOSED_POLL_MS, SOCIAL_LOGIN_FAILURES, SocialLogin, type SocialLoginTimers } from '../../../../src/application/embedded-wallet/social-login'
import { ModalStore } from '../../../../src/application/modal-store'
import { CONNECT_REQUEST_TIMEOUT_MS } from '../../../../src/domain/constants'
import type { EmbeddedWallet, EmbeddedWalletUser } from '../../../../src/ports/embedded-wallet'
import type { SocialCallback, SocialPopup, SocialWindows } from '../../../../src/ports/social-window'
import { RecordingLogger } from '../../../fakes/recording-logger'

const AUTH = 'http://localhost:8790'
const PAGE = 'http://127.0.0.1:5173/shop'
const USER: EmbeddedWalletUser = { address: '0x1111111111111111111111111111111111111111', chainId: 31337, accountType: 'eoa', socialProvider: 'google', userName: 'Alice Devnet' }

function fakeWallet(overrides: Partial<EmbeddedWallet> = {}): EmbeddedWallet {
  return {
    user$: new BehaviorSubject<EmbeddedWalletUser | null>(null),
    approval$: new BehaviorSubject({ pending: false }),
    trouble$: new Subject<'timeout' | 'sessionExpired'>(),
    startEmailLogin: vi.fn(async () => 'VERIFY_OTP' as const),
    deviceApproved: vi.fn(async () => false),
    verifyOtp: vi.fn(async () => USER),
    updateEmail: vi.fn(async () => 'VERIFY_PRIMARY_OTP' as const),
    verifyPrimaryOtp: vi.fn(async () => undefined),
    verifySecondaryOtp: vi.fn(async () => 'new@example.test'),
    socialRedirectUrl: vi.fn(async (provider: string, mode: string) => `${AUTH}/social/${provider}/auth?mode=${mode}`),
    connectSocial: vi.fn(async () => USER),
    farcasterChannel: vi.fn(async () => ({ url: 'http://127.0.0.1:8793/app?channelToken=chan', channelToken: 'chan' })),
    connectFarcaster: vi.fn(async () => null),
    placeFrame: vi.fn(),
    abortPending: vi.fn(async () => undefined),
    smartAccount: vi.fn(async () => null),
    signOutEverywhere: vi.fn(async () => undefined),
    exportKeys: vi.fn(async () => false),
    addPasskey: vi.fn(async () => undefined),
    connectPasskey: vi.fn(async () => USER),
    ...overrides,
  }
}

/** The page's windows: messages by origin as a browser would deliver them, and where the page went. */
class FakeWindows implements SocialWindows {
  readonly posted = new Subject<{ origin: string; callback: SocialCallback }>()
  navigatedTo: string[] = []
  returned: SocialCallback | undefined
  callbacks(origin: string) {
    return this.posted.pipe(
      filter((m) => m.origin === origin),
      map((m) => m.callback),
    )
  }
  currentUrl(): string {
    return PAGE
  }
  navigate(url: string): void {
    this.navigatedTo.push(url)
  }
  takeReturn(): SocialCallback | undefined {
    const answer = this.returned
    this.returned = undefined
    return answer
  }
}

class FakePopup implements SocialPopup {
  closed = false
  location = { href: '' }
  close(): void {
    this.closed = true
  }
}

class ManualTimers implements SocialLoginTimers {
  private now = 0
  private next = 1
  private readonly timers = new Map<number, { at: number; every?: number; callback: () => void }>()
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.next++
    this.timers.set(id, { at: this.now + ms, callback })
    return id
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number)
  }
  setInterval(callback: () => void, ms: number): unknown {
    const id = this.next++
    this.timers.set(id, { at: this.now + ms, every: ms, callback })
    return id
  }
  clearInterval(handle: unknown): void {
    this.timers.delete(handle as number)
  }
  get pending(): number {
    return this.timers.size
  }
  advance(ms: number): void {
    const end = this.now + ms
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
      if (due === undefined) break
      const [id, timer] = due
      this.now = timer.at
      if (timer.every === undefined) this.timers.delete(id)
      else timer.at += timer.every
      timer.callback()
    }
    this.now = end
  }
}

function world(options: { wallet?: EmbeddedWallet; outcome?: ConnectExternalState['status'] } = {}) {
  const wallet = options.wallet ?? fakeWallet()
  const modal = new ModalStore()
  modal.open({}, false)
  let status: ConnectExternalState['status'] = 'idle'
  const connect = {
    connect: vi.fn(async () => {
      status = options.outcome ?? 'connected'
    }),
    cancel: vi.fn(() => (status = 'idle')),
    get snapshot() {
      return status === 'error' ? { status, error: new Error('The wallet returned no account') } : { status }
    },
  } as unknown as ConnectExternal
  const windows = new FakeWindows()
  const timers = new ManualTimers()
  const logger = new RecordingLogger()
  const login = new SocialLogin({ loadWallet: () => Promise.resolve(wallet), connect, modal, windows, authOrigin: AUTH, logger, offer: { options: ['google'], popup: true }, timers })
  return { login, wallet, modal, connect, windows, timers }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('SocialLogin on the popup path', () => {
  it('sends the blank popup to the provider, redeems the ticket the auth origin posts, and connects the AUTH connector', async () => {
    const { login, wallet, modal, connect, windows, timers } = world()
    const popup = new FakePopup()
    await login.start('google', popup)
    expect(modal.view).toBe('ConnectingSocial')
    expect(wallet.socialRedirectUrl).toHaveBeenCalledWith('google', 'popup')
    expect(popup.location.href).toBe(`${AUTH}/social/google/auth?mode=popup`)
    expect(login.snapshot).toMatchObject({ provider: 'google', waiting: true })
    windows.posted.next({ origin: AUTH, callback: { ticket: 'ticket-1' } })
    await flush()
    expect(wallet.connectSocial).toHaveBeenCalledWith('ticket-1')
    expect(connect.connect).toHaveBeenCalledWith('AUTH', 'ConnectingSocial')
    expect(login.snapshot).toEqual({ waiting: false })
    // Nothing keeps running after the login: no timeout fires later.
    expect(timers.pending).toBe(0)
  })

  it('ignores a message from any other origin', async () => {
    const { login, wallet, windows, modal } = world()
    await login.start('google', new FakePopup())
    windows.posted.next({ origin: 'http://evil.test', callback: { ticket: 'stolen' } })
    windows.posted.next({ origin: 'http://127.0.0.1:5173', callback: { ticket: 'stolen' } })
    await flush()
    expect(wallet.connectSocial).not.toHaveBeenCalled()
    expect(modal.view).toBe('ConnectingSocial')
    expect(login.snapshot.waiting).toBe(true)
  })

  it('a closed popup returns to Connect with a clear message, nothing left connecting', async () => {
    const { login, modal, timers, wallet } = world()
    const popup = new FakePopup()
    await login.start('github', popup)
    popup.closed = true
    timers.advance(POPUP_CLOSED_POLL_MS * 2)
    expect(modal.view).toBe('Connect')
    expect(login.snapshot).toEqual({ waiting: false, error: SOCIAL_LOGIN_FAILURES.popupClosed })
    expect(wallet.connectSocial).not.toHaveBeenCalled()
    expect(timers.pending).toBe(0)
  })

  it('no answer within 30 s: back to Connect with a clear message, the popup closed', async () => {
    const { login, modal, timers } = world()
    const popup = new FakePopup()
    await login.start('x', popup)
    timers.advance(CONNECT_REQUEST_TIMEOUT_MS - 1)
    expect(modal.view).toBe('ConnectingSocial')
    timers.advance(1)
    expect(modal.view).toBe('Connect')
    expect(login.snapshot.error).toBe(SOCIAL_LOGIN_FAILURES.timeout)
    expect(popup.closed).toBe(true)
  })

  it('a denied consent and a provider error come back as their own words, never the code', async () => {
    const { login, modal, windows } = world()
    await login.start('discord', new FakePopup())
    windows.posted.next({ origin: AUTH, callback: { error: 'access_denied' } })
    await flush()
    expect(modal.view).toBe('Connect')
    expect(login.snapshot.error).toBe(SOCIAL_LOGIN_FAILURES.denied)
    await login.start('discord', new FakePopup())
    windows.posted.next({ origin: AUTH, callback: { error: 'server_error' } })
    await flush()
    expect(login.snapshot.error).toBe(SOCIAL_LOGIN_FAILURES.providerError)
  })

  it('Cancel closes the popup and a late answer is not redeemed', async () => {
    const { login, modal, windows, wallet } = world()
    const popup = new FakePopup()
    await login.start('google', popup)
    login.cancel()
    expect(popup.closed).toBe(true)
    expect(modal.view).toBe('Connect')
    windows.posted.next({ origin: AUTH, callback: { ticket: 'late' } })
    await flush()
    expect(wallet.connectSocial).not.toHaveBeenCalled()
  })
})

describe('SocialLogin on the redirect path', () => {
  it('a blocked popup (null) sends the page to the provider with the current page to come back to', async () => {
    const { login, wallet, windows } = world()
    await login.start('google', null)
    expect(wallet.socialRedirectUrl).toHaveBeenCalledWith('google', 'redirect', PAGE)
    expect(windows.navigatedTo).toEqual([`${AUTH}/social/google/auth?mode=redirect`])
  })

  it('back on the page, the ticket is redeemed and the AUTH connector connects; with no marker nothing happens', async () => {
    const { login, wallet, windows, connect } = world()
    await login.resumeRedirect()
    expect(wallet.connectSocial).not.toHaveBeenCalled()
    windows.returned = { ticket: 'ticket-9' }
    await login.resumeRedirect()
    expect(wallet.connectSocial).toHaveBeenCalledWith('ticket-9')
    expect(connect.connect).toHaveBeenCalledWith('AUTH', 'ConnectingSocial')
  })

  it('back on the page with an error: the modal opens on Connect with the words', async () => {
    const { login, windows, modal } = world()
    modal.close()
    windows.returned = { error: 'access_denied' }
    await login.resumeRedirect()
    expect(modal.snapshot.open).toBe(true)
    expect(modal.view).toBe('Connect')
    expect(login.snapshot.error).toBe(SOCIAL_LOGIN_FAILURES.denied)
  })
})

describe('SocialLogin with Farcaster', () => {
  it('shows the channel link, asks every 1.5 s until approved, then connects; Back stops the asking', async () => {
    let approved = false
    const wallet = fakeWallet({ connectFarcaster: vi.fn(async () => (approved ? { ...USER, socialProvider: 'farcaster', userName: 'alice' } : null)) })
    const { login, modal, connect, timers } = world({ wallet })
    await login.startFarcaster()
    expect(modal.view).toBe('ConnectingFarcaster')
    expect(login.snapshot.farcasterUrl).toBe('http://127.0.0.1:8793/app?channelToken=chan')
    timers.advance(FARCASTER_POLL_MS)
    await flush()
    expect(wallet.connectFarcaster).toHaveBeenCalledTimes(1)
    expect(connect.connect).not.toHaveBeenCalled()
    approved = true
    timers.advance(FARCASTER_POLL_MS)
    await flush()
    expect(connect.connect).toHaveBeenCalledWith('AUTH', 'ConnectingFarcaster')
    expect(timers.pending).toBe(0)

    const second = world({ wallet: fakeWallet() })
    await second.login.startFarcaster()
    second.login.leave()
    second.timers.advance(FARCASTER_POLL_MS * 3)
    await flush()
    expect(second.wallet.connectFarcaster).not.toHaveBeenCalled()
  })
})

