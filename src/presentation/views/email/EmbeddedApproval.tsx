import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { Subscription } from 'rxjs'
import { useObservableState } from 'observable-hooks'
import { ConnectionStore } from '../../../application/connection-store'
import { AUTH_CONNECTOR_ID } from '../../../domain/connection/connectors'
import { EmbeddedWalletLoader, type EmbeddedWallet } from '../../../ports/embedded-wallet'
import { useOptionalService, useService } from '../../di-context'

/**
 * While the embedded wallet asks the visitor to confirm a request (a send, a signature), its frame
 * shows over the modal's body: the visitor confirms on the wallet's own origin, which the host page
 * cannot script. Leaving (closing the modal) aborts what waits ("Request was aborted").
 */
export function EmbeddedApproval() {
  const load = useOptionalService(EmbeddedWalletLoader)
  const connection = useService(ConnectionStore)
  const state = useObservableState(connection.state$, () => connection.snapshot)
  const viaAuth = state.status === 'connected' && state.connectorId === AUTH_CONNECTOR_ID
  if (load === undefined || !viaAuth) return null
  return <Approval load={load} />
}

function Approval({ load }: { readonly load: EmbeddedWalletLoader }) {
  const [wallet, setWallet] = useState<EmbeddedWallet | undefined>(undefined)
  const [pending, setPending] = useState(false)
  const area = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let live = true
    let subscription: Subscription | undefined
    load()
      .then((w) => {
        if (!live) return
        setWallet(w)
        subscription = w.approval$.subscribe((approval) => setPending(approval.pending))
      })
      .catch(() => undefined)
    return () => {
      live = false
      subscription?.unsubscribe()
    }
  }, [load])

  useLayoutEffect(() => {
    if (wallet === undefined || !pending || area.current === null) return
    const place = () => {
      const rect = area.current?.getBoundingClientRect()
      if (rect) wallet.placeFrame({ left: rect.left, top: rect.top, width: rect.width, height: rect.height })
    }
    place()
    const observer = new ResizeObserver(place)
    observer.observe(area.current)
    window.addEventListener('resize', place)
    window.addEventListener('scroll', place, true)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', place)
      window.removeEventListener('scroll', place, true)
      wallet.placeFrame(null)
    }
  }, [wallet, pending])

  // The modal closed while the wallet waited: what waits is aborted, reads go on.
  useEffect(() => () => void wallet?.abortPending().catch(() => undefined), [wallet])

  if (!pending) return null
  return <div className="wg-embedded-approval" ref={area} data-testid="embedded-approval" aria-label="Confirm in your wallet" />
}
