/**
 * The frame's confirmation UI: one request at a time, drawn with DOM calls and text nodes only (a
 * message or an app name is never parsed as HTML). The host shows the frame while it asks.
 */
import type { ApprovalDetails, FrameUi } from './frame-handler'

export class DomApprovalUi implements FrameUi {
  constructor(private readonly doc: Document) {}

  setTheme(mode: 'light' | 'dark'): void {
    this.doc.documentElement.dataset.theme = mode
  }

  confirm(details: ApprovalDetails, signal: AbortSignal): Promise<boolean> {
    const doc = this.doc
    const root = doc.getElementById('frame-root') ?? doc.body
    const section = doc.createElement('section')
    section.className = 'approval'
    section.setAttribute('role', 'dialog')
    section.setAttribute('aria-modal', 'true')
    section.setAttribute('aria-labelledby', 'approval-title')
    section.dataset.testid = 'frame-approval'

    const title = doc.createElement('h1')
    title.id = 'approval-title'
    title.textContent = details.title
    section.append(title)

    const from = doc.createElement('p')
    from.className = 'from'
    from.textContent = details.appName === undefined ? 'An app asks your wallet to confirm this.' : `${details.appName} asks your wallet to confirm this.`
    section.append(from)

    const list = doc.createElement('dl')
    for (const row of details.rows) {
      const dt = doc.createElement('dt')
      dt.textContent = row.label
      const dd = doc.createElement('dd')
      if (row.warning === true) {
        // Marked in words and weight, not by colour alone.
        dt.className = 'warning'
        dd.className = 'warning'
        const mark = doc.createElement('strong')
        mark.textContent = 'Warning: '
        dd.append(mark, doc.createTextNode(row.value))
        dd.style.fontWeight = '600'
      } else {
        dd.textContent = row.value
      }
      list.append(dt, dd)
    }
    section.append(list)

    const buttons = doc.createElement('div')
    buttons.className = 'buttons'
    const reject = doc.createElement('button')
    reject.type = 'button'
    reject.textContent = 'Reject'
    reject.dataset.testid = 'frame-reject'
    const approve = doc.createElement('button')
    approve.type = 'button'
    approve.className = 'primary'
    approve.textContent = 'Approve'
    approve.dataset.testid = 'frame-approve'
    buttons.append(reject, approve)
    section.append(buttons)

    root.replaceChildren(section)
    // The dialog, not Approve, takes focus: a stray Enter must not approve a payment.
    section.tabIndex = -1
    // Without preventScroll, focusing while the host still keeps the frame 0 px high scrolls it to
    // the dialog's end: once shown, a long request would open on its last rows, title and summary above.
    section.focus({ preventScroll: true })

    return new Promise<boolean>((resolve) => {
      const done = (approved: boolean) => {
        section.remove()
        resolve(approved)
      }
      approve.addEventListener('click', () => done(true), { once: true })
      reject.addEventListener('click', () => done(false), { once: true })
      section.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') done(false)
      })
      signal.addEventListener('abort', () => section.remove(), { once: true })
    })
  }
}
