import type { ApprovalRequest } from './eip155/provider'

const CSS = `
:host { all: initial; position: fixed; inset: auto 16px 16px auto; z-index: 2147483000; font-family: system-ui, sans-serif; }
/* On a phone the modal is a sheet at the bottom: the wallet's box goes to the top, clear of it. */
@media (max-width: 430px) { :host { inset: 12px 12px auto auto; } }
.panel { width: 300px; max-width: calc(100vw - 32px); padding: 14px; border: 2px solid #f5a623; border-radius: 12px;
  background: #fffdf7; color: #1b1d22; box-shadow: 0 8px 28px rgb(0 0 0 / 30%); }
h2 { margin: 0 0 4px; font-size: 14px; }
p { margin: 0 0 12px; font-size: 13px; overflow-wrap: anywhere; white-space: pre-line; max-height: 40vh; overflow-y: auto; }
.actions { display: flex; gap: 8px; }
button { flex: 1; min-height: 44px; border-radius: 8px; border: 1px solid #c9ccd3; background: #fff; color: #1b1d22; font: inherit; font-weight: 600; cursor: pointer; }
button.approve { background: #146c43; border-color: #146c43; color: #fff; }
button:focus-visible { outline: 3px solid #4f7cff; outline-offset: 2px; }
`

interface Waiting {
  readonly request: ApprovalRequest
  readonly resolve: (approved: boolean) => void
}

/**
 * The Devnet Wallet's approval panel: a small box in the page (its own shadow root, so the host's
 * CSS and the modal's cannot touch it) that asks the person to approve or reject each request.
 *
 * It stands in for an extension's popup window, which a real wallet opens outside the page. In the
 * page, a modal `<dialog>` (the Walletgate modal's, or any host's) makes everything outside it
 * inert, popovers included: the panel would be seen but could not be clicked or focused. So while
 * a modal dialog is open the panel moves inside that dialog (it is fixed-positioned, so it stays in
 * its corner), and back to <body> when the dialog closes. The modal itself is untouched.
 *
 * Like a popup window, a new request takes the keyboard focus (Enter approves; Escape rejects);
 * once answered, focus returns to where it was.
 */
export class ApprovalPanel {
  private host: HTMLElement | undefined
  private readonly queue: Waiting[] = []
  /** Watches for modal dialogs opening and closing while a request waits. */
  private observer: MutationObserver | undefined
  private readonly watchedRoots = new WeakSet<ShadowRoot>()
  /** Where the focus was before the panel took it. */
  private focusBefore: HTMLElement | null = null

  ask(request: ApprovalRequest): Promise<boolean> {
    return new Promise((resolve) => {
      this.queue.push({ request, resolve })
      this.render()
    })
  }

  /** Answers the oldest waiting request (tests and keyboard users). Returns false when none waits. */
  answer(approved: boolean): boolean {
    const waiting = this.queue.shift()
    if (waiting === undefined) return false
    waiting.resolve(approved)
    this.render()
    return true
  }

  /** Takes every waiting request off the screen, each refused (the site lost its access). */
  dismissAll(): void {
    const dismissed = this.queue.splice(0)
    for (const waiting of dismissed) waiting.resolve(false)
    if (dismissed.length > 0) this.render()
  }

  get waiting(): readonly ApprovalRequest[] {
    return this.queue.map((w) => w.request)
  }

  private render(): void {
    const current = this.queue[0]
    if (current === undefined) {
      const hadFocus = this.hasFocus()
      this.observer?.disconnect()
      this.observer = undefined
      this.host?.remove()
      this.host = undefined
      if (hadFocus && this.focusBefore?.isConnected === true) this.focusBefore.focus()
      this.focusBefore = null
      return
    }
    const fresh = this.host === undefined
    if (this.host === undefined) {
      this.host = document.createElement('div')
      this.host.setAttribute('data-devnet-wallet-panel', '')
      // Set through the CSSOM (allowed under the demo's CSP): inside a modal's shadow tree the
      // modal's own rules could otherwise reach this element.
      this.host.style.setProperty('position', 'fixed')
      this.host.style.setProperty('margin', '0')
      const shadow = this.host.attachShadow({ mode: 'open' })
      const sheet = new CSSStyleSheet()
      sheet.replaceSync(CSS)
      shadow.adoptedStyleSheets = [sheet]
      // A separate window for the keyboard too: its keys do not reach the page's modal.
      this.host.addEventListener('keydown', (event) => {
        event.stopPropagation()
        if (event.key === 'Escape') {
          event.preventDefault()
          this.answer(false)
        }
      })
      this.observer = new MutationObserver(() => this.place())
      this.observer.observe(document.body, { childList: true, subtree: true })
      this.place()
    }
    const shadow = this.host.shadowRoot
    if (shadow === null) return
    const hadFocus = this.hasFocus()
    const panel = document.createElement('section')
    panel.className = 'panel'
    panel.setAttribute('role', 'region')
    panel.setAttribute('aria-label', 'Devnet Wallet request')
    panel.setAttribute('data-testid', 'devnet-wallet-panel')
    const title = document.createElement('h2')
    title.textContent = 'Devnet Wallet'
    const text = document.createElement('p')
    text.textContent = current.request.summary
    const actions = document.createElement('div')
    actions.className = 'actions'
    const reject = document.createElement('button')
    reject.type = 'button'
    reject.textContent = 'Reject'
    reject.setAttribute('data-testid', 'devnet-wallet-reject')
    reject.addEventListener('click', () => this.answer(false))
    const approve = document.createElement('button')
    approve.type = 'button'
    approve.className = 'approve'
    approve.textContent = 'Approve'
    approve.setAttribute('data-testid', 'devnet-wallet-approve')
    approve.addEventListener('click', () => this.answer(true))
    actions.append(reject, approve)
    panel.append(title, text, actions)
    shadow.replaceChildren(panel)
    if (fresh) this.focusBefore = deepActiveElement()
    if (fresh || hadFocus) approve.focus()
  }

  private hasFocus(): boolean {
    return this.host?.shadowRoot?.activeElement != null
  }

  /** Puts the panel in the topmost open modal dialog, or in <body> when none is open. */
  private place(): void {
    const host = this.host
    if (host === undefined) return
    const target = topModalDialog(this.observer, this.watchedRoots) ?? document.body
    if (host.parentNode === target) return
    const hadFocus = this.hasFocus()
    target.append(host)
    if (hadFocus) host.shadowRoot?.querySelector<HTMLElement>('button.approve')?.focus()
  }
}

/** The last open modal dialog of the page, looking into open shadow roots (watching each for `open`). */
function topModalDialog(observer: MutationObserver | undefined, watched: WeakSet<ShadowRoot>): HTMLDialogElement | undefined {
  let top: HTMLDialogElement | undefined
  const visit = (root: Document | ShadowRoot) => {
    for (const dialog of root.querySelectorAll('dialog')) if (dialog.matches(':modal')) top = dialog
    for (const element of root.querySelectorAll('*')) {
      const shadow = element.shadowRoot
      if (shadow === null || element.hasAttribute('data-devnet-wallet-panel')) continue
      if (observer !== undefined && !watched.has(shadow)) {
        watched.add(shadow)
        observer.observe(shadow, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] })
      }
      visit(shadow)
    }
  }
  visit(document)
  return top
}

/** The focused element, looking through open shadow roots. */
function deepActiveElement(): HTMLElement | null {
  let active: Element | null = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active instanceof HTMLElement ? active : null
}
