import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { ModuleLoader } from '../../../composition/module-loader'
import { useObservableState } from 'observable-hooks'
import type { EmbeddedSession } from '../../../application/embedded-wallet/embedded-session'
import { EmbeddedSessionToken } from '../../../application/embedded-wallet/tokens'
import { useOptionalService, useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'
import { addEnglish } from '../../i18n/i18n'
import { email } from '../../i18n/messages/email'

// These views' texts come with their chunk (../../i18n/english.ts).
addEnglish(email)

/**
 * (Loaded by ModalRoot once a visitor is connected through the embedded wallet.)
 * While the embedded wallet asks the visitor to confirm a request (a send, a signature), its frame
 * shows over the modal's body: the visitor confirms on the wallet's own origin, which the host page
 * cannot script. Leaving (the modal closes, the visitor disconnects) aborts what waits.
 */
export default function EmbeddedApprovalPanel() {
  const loader = useService(ModuleLoader)
  const [ready, setReady] = useState(() => loader.loaded('account'))
  // The embedded session is bound with the account module.
  useEffect(() => {
    if (ready) return
    let live = true
    loader.load('account').then(
      () => live && setReady(true),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [ready, loader])
  if (!ready) return null
  return <WithSession />
}

function WithSession() {
  const session = useOptionalService(EmbeddedSessionToken)
  return session === undefined ? null : <Approval session={session} />
}

function Approval({ session }: { readonly session: EmbeddedSession }) {
  const { t } = useI18n()
  const pending = useObservableState(session.approval$, { pending: false }).pending
  const area = useRef<HTMLDivElement>(null)

  useLayoutEffect(() => {
    const el = area.current
    if (!pending || el === null) return
    const place = () => {
      const rect = el.getBoundingClientRect()
      session.placeFrame({ left: rect.left, top: rect.top, width: rect.width, height: rect.height })
    }
    // A modal <dialog> makes everything outside it inert, the wallet's frame included: while the
    // visitor confirms in the frame, the dialog steps down to a non-modal one (the frame covers its body).
    const dialog = el.closest('dialog')
    const wasModal = dialog !== null && dialog.open && dialog.matches(':modal')
    if (wasModal) {
      dialog.close()
      dialog.show()
    }
    // The area covers the body's box from its top: a body scrolled down (a long Account view)
    // would put the frame above what shows. Back to the top; it stays there while the frame shows.
    const body = el.parentElement
    if (body !== null) body.scrollTop = 0
    place()
    const observer = new ResizeObserver(place)
    observer.observe(el)
    window.addEventListener('resize', place)
    window.addEventListener('scroll', place, true)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', place)
      window.removeEventListener('scroll', place, true)
      session.placeFrame(null)
      if (wasModal && dialog.open) {
        dialog.close()
        dialog.showModal()
      }
    }
  }, [session, pending])

  useEffect(() => () => session.abortPending(), [session])

  if (!pending) return null
  return <div className="wg-embedded-approval" ref={area} data-testid="embedded-approval" aria-label={t('email.confirmInWallet')} />
}
