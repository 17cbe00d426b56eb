/**
 * Email login's use case over a fake embedded wallet: what the visitor typed survives every error,
 * the spec's words are shown, the cooldown counts down, a new device waits for its approval.
 */
import { BehaviorSubject, Subject } from 'rxjs'
import { describe, expect, it, vi } from 'vitest'
import { AlertStore } from '../../../../src/application/alert-store'
import type { ConnectExternal, ConnectExternalState } from '../../../../src/application/connection/connect-external'
import { DEVICE_POLL_MS, EmailLogin, type EmailLoginTimers } from '../../../../src/application/embedded-wallet/email-login'
import { ModalStore } from '../../../../src/application/modal-store'
import { STORAGE_KEYS } from '../../../../src/domain/constants'
import { EmbeddedWalletRequestError, type EmbeddedWallet, type EmbeddedWalletUser } from '../../../../src/ports/embedded-wallet'
import type { Failure } from '../../../../src/domain/failure'
import { SomethingWentWrongError } from '../../../../src/domain/errors'
import { en } from '../../../../src/presentation/i18n/catalogue'
import { InMemoryKeyValueStorage } from '../../../fakes/in-memory-key-value-storage'
import { RecordingLogger } from '../../../fakes/recording-logger'

const USER: EmbeddedWalletUser = { address: '0x1111111111111111111111111111111111111111', chainId: 31337, accountType: 'eoa', email: 'ada@example.test' }

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
    socialRedirectUrl: vi.fn(async () => 'http://auth.test/social/google/auth'),
    connectSocial: vi.fn(async () => USER),
    farcasterChannel: vi.fn(async () => ({ url: 'http://relay.test/app?channelToken=c', channelToken: 'c' })),
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

/** Timers the test runs by hand. */
class ManualTimers implements EmailLoginTimers {
  callbacks = new Map<number, () => void>()
  private next = 1
  setInterval(callback: () => void): unknown {
    const id = this.next++
    this.callbacks.set(id, callback)
    return id
  }
  clearInterval(handle: unknown): void {
    this.callbacks.delete(handle as number)
  }
  tick(): void {
    for (const callback of [...this.callbacks.values()]) callback()
  }
}

function world(wallet: EmbeddedWallet | (() => Promise<EmbeddedWallet>), connected: ConnectExternalState['status'] = 'connected') {
  let now = 1_000_000
  const clock = { now: () => now }
  const storage = new InMemoryKeyValueStorage()
  const modal = new ModalStore()
  modal.open({}, false)
  const alerts = new AlertStore()
  const connect = {
    connect: vi.fn(async () => undefined),
    get snapshot() {
      return connected === 'error'
        ? { status: 'error', connector: { id: 'AUTH', name: 'Email', type: 'AUTH', chain: 'eip155' }, error: new Error('The wallet returned no account') }
        : { status: connected }
    },
  } as unknown as ConnectExternal
  const timers = new ManualTimers()
  const load = typeof wallet === 'function' ? wallet : () => Promise.resolve(wallet)
  const login = new EmailLogin({ loadWallet: load, connect, modal, storage, clock, alerts, logger: new RecordingLogger(), timers })
  return { login, modal, alerts, storage, connect, timers, advance: (ms: number) => (now += ms) }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** A failure in the catalogue's English, as the views show it to an English reader. */
function words(failure: Failure | undefined): string | undefined {
  if (failure === undefined) return undefined
  const template = (en as Record<string, string>)[failure.code] ?? failure.code
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(failure.params?.[name] ?? whole))
}

describe('EmailLogin', () => {
  it('refuses a malformed email with the spec words and keeps what was typed', async () => {
    const wallet = fakeWallet()
    const { login } = world(wallet)
    login.setEmail('ada@')
    await login.submit()
    expect(login.snapshot).toMatchObject({ email: 'ada@', errorOn: 'email', step: 'email' })
    expect(words(login.snapshot.error)).toBe('Invalid email')
    expect(wallet.startEmailLogin).not.toHaveBeenCalled()
  })

  it('sends the code, shows EmailVerifyOtp, and a right code connects the AUTH connector', async () => {
    const wallet = fakeWallet()
    const { login, modal, connect } = world(wallet)
    login.setEmail(' ada@example.test ')
    await login.submit()
    expect(wallet.startEmailLogin).toHaveBeenCalledWith('ada@example.test')
    expect(modal.snapshot.router.view).toBe('EmailVerifyOtp')
    await login.verify('123456')
    expect(wallet.verifyOtp).toHaveBeenCalledWith('123456')
    expect(connect.connect).toHaveBeenCalledWith('AUTH', 'EmailVerifyOtp')
    expect(login.snapshot.step).toBe('email')
  })

  it('"Continue with a passkey" connects the AUTH connector from Connect with no code; a passkey not used is said on the field, keeping the email', async () => {
    const wallet = fakeWallet()
    const { login, connect } = world(wallet)
    login.setEmail('ada@example.test')
    await login.passkey()
    expect(wallet.connectPasskey).toHaveBeenCalledTimes(1)
    expect(wallet.startEmailLogin).not.toHaveBeenCalled()
    expect(connect.connect).toHaveBeenCalledWith('AUTH', 'Connect')

    const refused = fakeWallet({ connectPasskey: vi.fn(async () => Promise.reject(new EmbeddedWalletRequestError('request', 'No passkey was used'))) })
    const second = world(refused)
    second.login.setEmail('ada@example.test')
    await second.login.passkey()
    expect(second.connect.connect).not.toHaveBeenCalled()
    expect(second.login.snapshot).toMatchObject({ email: 'ada@example.test', errorOn: 'email', busy: false })
    expect(words(second.login.snapshot.error)).toBe('No passkey was used')
  })

  it("shows a wrong code's words with the attempts left and keeps the email", async () => {
    const wallet = fakeWallet({
      verifyOtp: vi.fn(async () => {
        throw new EmbeddedWalletRequestError('request', 'That code is not valid', { attemptsLeft: 2 })
      }),
    })
    const { login } = world(wallet)
    login.setEmail('ada@example.test')
    await login.submit()
    await login.verify('000000')
    expect(login.snapshot).toMatchObject({ errorOn: 'otp', email: 'ada@example.test', busy: false })
    expect(words(login.snapshot.error)).toBe('That code is not valid (2 attempts left)')
  })

  it("shows a refusal in the spec's words by its catalogue code (so in the visitor's language)", async () => {
    const wrong = new SomethingWentWrongError()
    const wallet = fakeWallet({
      startEmailLogin: vi.fn(async () => {
        throw new EmbeddedWalletRequestError('request', wrong.message, {}, { cause: wrong })
      }),
    })
    const { login } = world(wallet)
    login.setEmail('ada@example.test')
    await login.submit()
    expect(login.snapshot.error).toEqual({ code: 'error.SOMETHING_WENT_WRONG' })
    expect(words(login.snapshot.error)).toBe('Something went wrong')
  })

  it('refuses Resend within 30 s with "Please try again after N seconds", N counting down', async () => {
    const wallet = fakeWallet()
    const { login, advance } = world(wallet)
    login.setEmail('ada@example.test')
    await login.submit()
    advance(4_000)
    await login.resend()
    expect(words(login.cooldownFailure())).toBe('Please try again after 26 seconds')
    advance(10_500)
    expect(words(login.cooldownFailure())).toBe('Please try again after 16 seconds')
    expect(wallet.startEmailLogin).toHaveBeenCalledTimes(1)
    advance(16_000)
    expect(login.cooldownFailure()).toBeUndefined()
    await login.resend()
    expect(wallet.startEmailLogin).toHaveBeenLastCalledWith('ada@example.test', { resend: true })
  })

  it('keeps the cooldown across a reload through the stored last email time', async () => {
    // The wallet stores the time of each email it sends; after a reload the use case reads it.
    const again = world(fakeWallet())
    again.storage.set(STORAGE_KEYS.lastEmailLoginTime, String(1_000_000 - 5_000))
    again.login.setEmail('ada@example.test')
    await again.login.resend()
    expect(words(again.login.cooldownFailure())).toBe('Please try again after 25 seconds')
  })

  it('waits on EmailVerifyDevice until the emailed link is opened, then asks for the code', async () => {
    let approved = false
    const wallet = fakeWallet({ startEmailLogin: vi.fn(async () => 'VERIFY_DEVICE' as const), deviceApproved: vi.fn(async () => approved) })
    const { login, modal, timers } = world(wallet)
    login.setEmail('ada@example.test')
    await login.submit()
    expect(modal.snapshot.router.view).toBe('EmailVerifyDevice')
    expect(timers.callbacks.size).toBe(1)
    timers.tick()
    await flush()
    expect(modal.snapshot.router.view).toBe('EmailVerifyDevice')
    approved = true
    timers.tick()
    await flush()
    expect(modal.snapshot.router.view).toBe('EmailVerifyOtp')
    expect(login.snapshot.step).toBe('otp')
    expect(timers.callbacks.size).toBe(0)
    expect(DEVICE_POLL_MS).toBe(2_000)
  })

  it('shows the spec alert when the frame does not load, and keeps the email', async () => {
    const { login, alerts } = world(() => Promise.reject(new EmbeddedWalletRequestError('load', 'Network Error - Could not load embedded wallet')))
    login.setEmail('ada@example.test')
    await login.submit()
    expect(alerts.alert?.shortMessage).toBe('Network Error - Could not load embedded wallet')
    expect(login.snapshot).toMatchObject({ email: 'ada@example.test', busy: false })
    expect(words(login.snapshot.error)).toBe('Network Error - Could not load embedded wallet')
  })

  it('says "Unable to load email login dependency" when its code does not load', async () => {
    const { login } = world(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
    login.setEmail('ada@example.test')
    await login.submit()
    expect(words(login.snapshot.error)).toBe('Unable to load email login dependency')
  })

  it('ignores a second submit while the first is on its way (a double click)', async () => {
    let release!: () => void
    const wallet = fakeWallet({ startEmailLogin: vi.fn(() => new Promise<'VERIFY_OTP'>((resolve) => (release = () => resolve('VERIFY_OTP')))) })
    const { login } = world(wallet)
    login.setEmail('ada@example.test')
    const first = login.submit()
    await flush()
    await login.submit()
    release()
    await first
    expect(wallet.startEmailLogin).toHaveBeenCalledTimes(1)
  })

  it('tells a failed connect after a right code in words and stays on the code view', async () => {
    const { login, modal } = world(fakeWallet(), 'error')
    login.setEmail('ada@example.test')
    await login.submit()
    await login.verify('123456')
    expect(login.snapshot).toMatchObject({ errorOn: 'otp' })
    expect(words(login.snapshot.error)).toBe('The wallet returned no account')
    expect(modal.snapshot.router.view).toBe('EmailVerifyOtp')
  })
})
