/**
 * The host side of the embedded wallet's frame: mounts the wallet frame (a page of the auth origin)
 * in a hidden iframe, waits for its READY (20 s, then the 500 ms settle of spec section 9), and
 * speaks the frame protocol (frame-protocol.ts) with it: one id per request, answers matched by id,
 * a time limit per request. Messages are posted to the frame's origin only, and a message is taken
 * only from that origin, from that iframe's window, in the protocol's shape, answering an id this
 * client is waiting for; anything else is dropped.
 */
import { Subject, type Observable } from 'rxjs'
import { CONNECT_REQUEST_TIMEOUT_MS, FRAME_LOAD_TIMEOUT_MS, FRAME_READY_DELAY_MS } from '../../domain/constants'
import { ALERT_ERRORS } from '../../domain/messages'
import {
  ActionNotAllowedError,
  EmbeddedWalletError,
  RequestAbortedError,
  RpcCallNotAllowedError,
  SomethingWentWrongError,
  type DomainError,
} from '../../domain/errors'
import { EmbeddedWalletRequestError, type FrameRect } from '../../ports/embedded-wallet'
import {
  FRAME_ACTIONS,
  FRAME_CHANNEL,
  FRAME_MESSAGES,
  FRAME_PATH,
  frameEventSchema,
  frameResponseSchema,
  type FrameAction,
  type FrameError,
  type FrameEvent,
  type FrameRequest,
  type FrameRequestPayload,
  type FrameResponsePayload,
} from './frame-protocol'

export interface FrameClientOptions {
  /** The auth service's origin (config `services.auth`). */
  readonly authUrl: string
  readonly projectId: string
  readonly window?: Window
  readonly loadTimeoutMs?: number
  readonly readyDelayMs?: number
}

interface Waiting {
  readonly action: FrameAction
  resolve(payload: unknown): void
  reject(error: Error): void
  readonly timer: ReturnType<typeof setTimeout>
}

const SESSION_EXPIRED_CODE = 4100
const REJECTED_CODE = 4001

export class FrameClient {
  private readonly events = new Subject<FrameEvent>()
  /** Events the frame sent (SESSION_UPDATE, APPROVAL); READY is handled here. */
  readonly events$: Observable<FrameEvent> = this.events.asObservable()
  private readonly waiting = new Map<string, Waiting>()
  private readonly frameOrigin: string
  private readonly win: Window
  private iframe: HTMLIFrameElement | undefined
  private loading: Promise<void> | undefined
  private onReady: (() => void) | undefined
  private nextId = 0

  constructor(private readonly options: FrameClientOptions) {
    this.win = options.window ?? window
    this.frameOrigin = new URL(options.authUrl).origin
    this.win.addEventListener('message', this.onMessage)
  }

  /** Mounts the frame and resolves once it is ready; a failed load is tried again by the next call. */
  load(): Promise<void> {
    this.loading ??= this.mount().catch((error: unknown) => {
      this.loading = undefined
      this.iframe?.remove()
      this.iframe = undefined
      throw error
    })
    return this.loading
  }

  /** Sends one request and resolves its answer; rejects EmbeddedWalletRequestError. */
  async request<A extends FrameAction>(action: A, payload: FrameRequestPayload<A>, timeoutMs = CONNECT_REQUEST_TIMEOUT_MS): Promise<FrameResponsePayload<A>> {
    await this.load()
    const target = this.iframe?.contentWindow
    if (!target) throw loadError()
    const id = `${Date.now().toString(36)}-${(this.nextId++).toString(36)}`
    return new Promise<FrameResponsePayload<A>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id)
        reject(new EmbeddedWalletRequestError('timeout', ALERT_ERRORS.embeddedWalletTimeout.shortMessage))
      }, timeoutMs)
      this.waiting.set(id, { action, resolve: resolve as (payload: unknown) => void, reject, timer })
      const message: FrameRequest = { channel: FRAME_CHANNEL, kind: 'request', id, action, payload }
      target.postMessage(message, this.frameOrigin)
    })
  }

  /** Shows the frame over `rect` (the visitor confirms a request inside the modal), or hides it. */
  place(rect: FrameRect | null): void {
    const frame = this.iframe
    if (!frame) return
    Object.assign(frame.style, rect === null ? HIDDEN : { ...SHOWN, left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px` })
    frame.tabIndex = rect === null ? -1 : 0
    frame.setAttribute('aria-hidden', rect === null ? 'true' : 'false')
    if (rect !== null) frame.focus()
  }

  /** Removes the frame and fails what still waits (the modal is destroyed). */
  destroy(): void {
    this.win.removeEventListener('message', this.onMessage)
    for (const [id, waiting] of this.waiting) {
      clearTimeout(waiting.timer)
      waiting.reject(loadError())
      this.waiting.delete(id)
    }
    this.iframe?.remove()
    this.iframe = undefined
    this.loading = undefined
    this.events.complete()
  }

  private mount(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const doc = this.win.document
      const frame = doc.createElement('iframe')
      const src = new URL(FRAME_PATH, this.options.authUrl)
      src.searchParams.set('projectId', this.options.projectId)
      src.searchParams.set('origin', this.win.location.origin)
      frame.src = src.href
      frame.title = 'Embedded wallet'
      // Passkeys of the wallet origin are made and used inside the frame (to its origin only, the `src` default).
      frame.setAttribute('allow', 'publickey-credentials-get; publickey-credentials-create')
      frame.setAttribute('data-walletgate-frame', '')
      frame.setAttribute('aria-hidden', 'true')
      frame.tabIndex = -1
      Object.assign(frame.style, HIDDEN)
      const timer = setTimeout(() => {
        this.onReady = undefined
        reject(loadError())
      }, this.options.loadTimeoutMs ?? FRAME_LOAD_TIMEOUT_MS)
      this.onReady = () => {
        this.onReady = undefined
        clearTimeout(timer)
        // Spec section 4: ready a short settle after the frame says so.
        setTimeout(resolve, this.options.readyDelayMs ?? FRAME_READY_DELAY_MS)
      }
      this.iframe = frame
      doc.body.appendChild(frame)
    })
  }

  private readonly onMessage = (event: MessageEvent): void => {
    if (event.origin !== this.frameOrigin) return
    if (this.iframe === undefined || event.source !== this.iframe.contentWindow) return
    const data: unknown = event.data
    const response = frameResponseSchema.safeParse(data)
    if (response.success) {
      const answer = response.data
      const waiting = this.waiting.get(answer.id)
      if (waiting === undefined) return
      this.waiting.delete(answer.id)
      clearTimeout(waiting.timer)
      if (answer.ok) {
        const payload = FRAME_ACTIONS[waiting.action].response.safeParse(answer.payload)
        if (payload.success) waiting.resolve(payload.data)
        else waiting.reject(catalogued('request', new SomethingWentWrongError()))
      } else {
        waiting.reject(failure(answer.error))
      }
      return
    }
    const parsed = frameEventSchema.safeParse(data)
    if (!parsed.success) return
    if (parsed.data.event === 'READY') this.onReady?.()
    else this.events.next(parsed.data)
  }
}

function loadError(): EmbeddedWalletRequestError {
  return new EmbeddedWalletRequestError('load', ALERT_ERRORS.embeddedWalletLoadFailed.shortMessage)
}

function failure(error: FrameError): EmbeddedWalletRequestError {
  const details = {
    ...(error.code === undefined ? {} : { code: error.code }),
    ...(error.attemptsLeft === undefined ? {} : { attemptsLeft: error.attemptsLeft }),
    ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
  }
  if (error.code === SESSION_EXPIRED_CODE) return new EmbeddedWalletRequestError('sessionExpired', ALERT_ERRORS.sessionExpired.shortMessage, details)
  const kind = error.code === REJECTED_CODE ? 'rejected' : 'request'
  // No words at all: the spec's "An error occurred" rather than an empty message.
  const known = error.message.trim() === '' ? new EmbeddedWalletError() : FRAME_ERRORS.get(error.message)?.()
  return known === undefined ? new EmbeddedWalletRequestError(kind, error.message, details) : catalogued(kind, known, details)
}

/** The frame's refusals in the spec's words (section 8, embedded wallet messages), as the catalogue's errors. */
const FRAME_ERRORS: ReadonlyMap<string, () => DomainError> = new Map<string, () => DomainError>([
  [FRAME_MESSAGES.rpcNotAllowed, () => new RpcCallNotAllowedError()],
  [FRAME_MESSAGES.actionNotAllowed, () => new ActionNotAllowedError()],
  [FRAME_MESSAGES.aborted, () => new RequestAbortedError()],
  [FRAME_MESSAGES.somethingWrong, () => new SomethingWentWrongError()],
])

/** A failure of `kind` in the words of the catalogue's `error`, which it carries as its cause (callers keep the class). */
function catalogued(kind: 'request' | 'rejected', error: DomainError, details: EmbeddedWalletRequestError['details'] = {}): EmbeddedWalletRequestError {
  return new EmbeddedWalletRequestError(kind, error.message, details, { cause: error })
}

const HIDDEN = {
  position: 'fixed',
  left: '0px',
  top: '0px',
  width: '0px',
  height: '0px',
  border: '0',
  opacity: '0',
  pointerEvents: 'none',
  zIndex: '2147483647',
  colorScheme: 'normal',
} as const

const SHOWN = { opacity: '1', pointerEvents: 'auto', borderRadius: '16px' } as const
