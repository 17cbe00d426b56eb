import type { ApprovalRequest } from './provider'

const CSS = `
:host { all: initial; position: fixed; right: 16px; bottom: 16px; z-index: 2147483000; font-family: system-ui, sans-serif; }
.panel { width: 300px; max-width: calc(100vw - 32px); padding: 14px; border: 2px solid #f5a623; border-radius: 12px;
  background: #fffdf7; color: #1b1d22; box-shadow: 0 8px 28px rgb(0 0 0 / 30%); }
h2 { margin: 0 0 4px; font-size: 14px; }
p { margin: 0 0 12px; font-size: 13px; overflow-wrap: anywhere; }
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
 */
export class ApprovalPanel {
  private host: HTMLElement | undefined
  private readonly queue: Waiting[] = []

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
      this.host?.remove()
      this.host = undefined
      return
    }
    if (this.host === undefined) {
      this.host = document.createElement('div')
      this.host.setAttribute('data-devnet-wallet-panel', '')
      const shadow = this.host.attachShadow({ mode: 'open' })
      const sheet = new CSSStyleSheet()
      sheet.replaceSync(CSS)
      shadow.adoptedStyleSheets = [sheet]
      document.body.append(this.host)
    }
    const shadow = this.host.shadowRoot
    if (shadow === null) return
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
  }
}
