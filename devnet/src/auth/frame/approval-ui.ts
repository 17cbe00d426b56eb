/**
 * The frame's confirmation UI: one request at a time, drawn with DOM calls and text nodes only (a
 * message or an app name is never parsed as HTML). The host shows the frame while it asks.
 *
 * Approve is guarded against clicks the host steers onto it (approval-arming.ts): with `watch`
 * arming it stays disabled until the approval has been visible for ARM_DELAY_MS (the section's
 * `data-armed` and the button's `disabled` say which), and a click counts only if the approval is
 * still reported visible CLICK_SETTLE_MS after it; with `popup` arming it opens a top-level
 * window of the auth origin where the visitor confirms (confirm-popup.ts). Reject is never guarded.
 */
import { ARM_DELAY_MS, ArmingGate, type Timers, type VisibilityWatch } from './approval-arming'
import { frameDialog } from './dialog'
import { runKeyExport } from './export-ui'
import type { ApprovalDetails, FrameUi, KeyExportFlow } from './frame-handler'

/** How Approve is guarded. */
export type ApprovalArming =
  | { readonly kind: 'watch'; readonly watch: VisibilityWatch; readonly timers: Timers; readonly delayMs?: number }
  | { readonly kind: 'popup'; open(details: ApprovalDetails, signal: AbortSignal): Promise<boolean | undefined> }

export class DomApprovalUi implements FrameUi {
  constructor(
    private readonly doc: Document,
    private readonly arming: ApprovalArming,
  ) {}

  exportKeys(flow: KeyExportFlow, signal: AbortSignal): Promise<boolean> {
    const clipboard = this.doc.defaultView?.navigator.clipboard
    return runKeyExport(this.doc, flow, signal, clipboard === undefined ? undefined : (text) => clipboard.writeText(text))
  }

  setTheme(mode: 'light' | 'dark'): void {
    this.doc.documentElement.dataset.theme = mode
  }

  confirm(details: ApprovalDetails, signal: AbortSignal): Promise<boolean> {
    const doc = this.doc
    const { root, section } = frameDialog(doc, { title: details.title, titleId: 'approval-title', testid: 'frame-approval' })

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
    buttons.append(reject, approve)
    section.append(buttons)
    const note = doc.createElement('p')
    note.className = 'note'
    note.setAttribute('role', 'status')
    section.append(note)

    root.replaceChildren(section)
    // The dialog, not Approve, takes focus: a stray Enter must not approve a payment.
    section.tabIndex = -1
    // Without preventScroll, focusing while the host still keeps the frame 0 px high scrolls it to
    // the dialog's end: once shown, a long request would open on its last rows, title and summary above.
    section.focus({ preventScroll: true })

    return new Promise<boolean>((resolve) => {
      const cleanups: (() => void)[] = []
      let settled = false
      const done = (approved: boolean) => {
        if (settled) return
        settled = true
        for (const cleanup of cleanups) cleanup()
        section.remove()
        resolve(approved)
      }
      reject.addEventListener('click', () => done(false), { once: true })
      section.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') done(false)
      })
      signal.addEventListener(
        'abort',
        () => {
          settled = true
          for (const cleanup of cleanups) cleanup()
          section.remove()
        },
        { once: true },
      )

      const arming = this.arming
      if (arming.kind === 'watch') {
        approve.textContent = 'Approve'
        approve.dataset.testid = 'frame-approve'
        const setArmed = (armed: boolean) => {
          approve.disabled = !armed
          section.dataset.armed = String(armed)
        }
        setArmed(false)
        const gate = new ArmingGate(arming.timers, setArmed, arming.delayMs ?? ARM_DELAY_MS)
        const stopWatching = arming.watch([section, approve], (visible) => gate.visible(visible))
        cleanups.push(() => {
          stopWatching()
          gate.stop()
        })
        approve.addEventListener('click', () => {
          // A disabled button fires no click; the gate is asked again all the same, and the click
          // counts only if no loss of visibility is reported in the moment after it.
          gate.click(() => done(true))
        })
      } else {
        approve.textContent = 'Confirm in a wallet window'
        approve.dataset.testid = 'frame-confirm-popup'
        section.dataset.armed = 'popup'
        const popups = new AbortController()
        cleanups.push(() => popups.abort())
        signal.addEventListener('abort', () => popups.abort(), { once: true })
        approve.addEventListener('click', () => {
          note.textContent = 'Confirm or reject in the wallet window.'
          arming.open(details, popups.signal).then(
            (approved) => {
              if (approved === undefined) note.textContent = 'Allow pop-ups for this page to confirm, or reject here.'
              else done(approved)
            },
            () => undefined,
          )
        })
      }
    })
  }
}
