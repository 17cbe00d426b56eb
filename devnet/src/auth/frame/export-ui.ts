/**
 * The key export as the visitor sees it, inside the wallet frame: a plain warning, a fresh code by
 * email, then the keys in read-only fields with a Copy button each; Done wipes them. Drawn with DOM
 * calls and text nodes only. Nothing here posts to the host page: the keys stay in this document,
 * on the wallet's origin, and are removed from it when the visitor is done or leaves.
 */
import { frameDialog } from './dialog'
import type { KeyExportFlow } from './frame-handler'

export const EXPORT_WARNING =
  'Anyone who has these keys controls this wallet and everything in it, for good. Never share them and never paste them into a website; no one from the app or the wallet will ask for them.'

export function runKeyExport(doc: Document, flow: KeyExportFlow, signal: AbortSignal, clipboard?: (text: string) => Promise<void>): Promise<boolean> {
  const { root, section } = frameDialog(doc, { title: 'Export private keys', titleId: 'export-title', testid: 'frame-export' })
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, testid?: string): HTMLElementTagNameMap[K] => {
    const node = doc.createElement(tag)
    if (text !== undefined) node.textContent = text
    if (testid !== undefined) node.dataset.testid = testid
    return node
  }
  const button = (text: string, testid: string, primary = false) => {
    const b = el('button', text, testid)
    b.type = 'button'
    if (primary) b.className = 'primary'
    return b
  }
  const warning = el('p', EXPORT_WARNING, 'frame-export-warning')
  warning.className = 'warning-box'
  warning.setAttribute('role', 'note')
  const error = el('p', '', 'frame-export-error')
  error.className = 'error'
  error.setAttribute('role', 'alert')
  const body = el('div')
  section.append(warning, body, error)
  root.replaceChildren(section)
  section.tabIndex = -1
  section.focus({ preventScroll: true })

  return new Promise<boolean>((resolve) => {
    let settled = false
    const finish = (shown: boolean) => {
      if (settled) return
      settled = true
      // The keys leave the document with the dialog.
      section.remove()
      resolve(shown)
    }
    signal.addEventListener('abort', () => finish(false), { once: true })
    section.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') finish(false)
    })
    const failed = (reason: unknown) => {
      const message = reason instanceof Error ? reason.message : 'Something went wrong'
      const left = (reason as { error?: { attemptsLeft?: unknown } }).error?.attemptsLeft
      error.textContent = typeof left === 'number' && left > 0 ? `${message} (${left} ${left === 1 ? 'attempt' : 'attempts'} left)` : message
    }
    const buttons = (...list: HTMLButtonElement[]) => {
      const row = el('div')
      row.className = 'buttons'
      row.append(...list)
      return row
    }

    // 1. The warning, and a code to the wallet's email.
    const cancel = button('Cancel', 'frame-export-cancel')
    cancel.addEventListener('click', () => finish(false))
    const send = button('Email me a code', 'frame-export-send', true)
    body.replaceChildren(el('p', 'To see the keys, enter the code we email to this wallet’s address.'), buttons(cancel, send))
    // Or prove it with one of the wallet's passkeys (the browser asks), where the visitor has one.
    const withPasskey = flow.showKeysWithPasskey
    if (withPasskey !== undefined) {
      const passkey = button('Use a passkey instead', 'frame-export-passkey')
      body.append(buttons(passkey))
      passkey.addEventListener('click', () => {
        passkey.disabled = true
        error.textContent = ''
        withPasskey().then(showKeys, (reason: unknown) => {
          passkey.disabled = false
          failed(reason)
        })
      })
    }
    send.addEventListener('click', () => {
      send.disabled = true
      error.textContent = ''
      flow.sendCode().then(askCode, (reason: unknown) => {
        send.disabled = false
        failed(reason)
      })
    })

    // 2. The code.
    const askCode = () => {
      if (settled) return
      const label = el('label', 'Code from the email')
      label.htmlFor = 'export-code'
      const input = el('input', undefined, 'frame-export-code')
      input.id = 'export-code'
      input.inputMode = 'numeric'
      input.autocomplete = 'one-time-code'
      input.maxLength = 6
      const back = button('Cancel', 'frame-export-cancel')
      back.addEventListener('click', () => finish(false))
      const show = button('Show keys', 'frame-export-show', true)
      // A code voided by wrong tries, or never arrived: another, under the same limits as any code.
      const resend = button('Send a new code', 'frame-export-resend')
      resend.addEventListener('click', () => {
        resend.disabled = true
        error.textContent = ''
        flow.sendCode().then(
          () => {
            resend.disabled = false
            input.value = ''
            note.textContent = 'A new code is on its way.'
          },
          (reason: unknown) => {
            resend.disabled = false
            failed(reason)
          },
        )
      })
      const note = el('p', '', 'frame-export-note')
      note.className = 'note'
      note.setAttribute('role', 'status')
      body.replaceChildren(label, input, buttons(back, show), buttons(resend), note)
      input.focus({ preventScroll: true })
      const submit = () => {
        if (show.disabled) return
        show.disabled = true
        error.textContent = ''
        flow.showKeys(input.value.trim()).then(showKeys, (reason: unknown) => {
          show.disabled = false
          failed(reason)
        })
      }
      show.addEventListener('click', submit)
      input.addEventListener('keydown', (event) => {
        if (event.key === 'Enter') submit()
      })
    }

    // 3. The keys, until Done.
    const showKeys = (keys: { evmPrivateKey: string; solanaSecretKey: string }) => {
      if (settled) return
      const field = (labelText: string, value: string, id: string) => {
        const label = el('label', labelText)
        label.htmlFor = id
        const area = el('textarea', undefined, id)
        area.id = id
        area.readOnly = true
        area.rows = value.length > 66 ? 3 : 2
        area.spellcheck = false
        area.value = value
        const copy = button('Copy', `${id}-copy`)
        copy.addEventListener('click', () => {
          area.select()
          void clipboard?.(value).then(
            () => (copy.textContent = 'Copied'),
            () => undefined,
          )
        })
        return [label, area, buttons(copy)]
      }
      const done = button('Done', 'frame-export-done', true)
      done.addEventListener('click', () => finish(true))
      body.replaceChildren(
        ...field('EVM private key (Ethereum and other EVM networks)', keys.evmPrivateKey, 'frame-export-evm'),
        ...field('Solana secret key', keys.solanaSecretKey, 'frame-export-solana'),
        buttons(done),
      )
    }
  })
}
