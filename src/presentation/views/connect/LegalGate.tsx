import { useState, type ReactNode } from 'react'
import { useObservableState } from 'observable-hooks'
import { legalConsentOf } from '../../../application/connection/legal-consent'
import { LegalConsentSource } from '../../../application/modal-services'
import type { ViewName } from '../../../domain/navigation/views'
import { useService } from '../../di-context'
import LegalCheckbox from './LegalCheckbox'

/** Views of connect methods: shown, disabled, under the checkbox until it is ticked. */
const DISABLED: readonly ViewName[] = ['Connect', 'ConnectWallets', 'ConnectSocials', 'AllWallets']
/** Views that start a connection as they show (a WalletConnect QR code): not drawn until it is. */
const HELD: readonly ViewName[] = ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic']

/**
 * With `features.legalCheckbox` (the shell wraps every view in it, in a chunk of its own), the
 * views of connect methods get the terms and privacy checkbox above them and wait for it (one
 * disabled fieldset), however they were reached (Connect, or `open({ view })` from the host page).
 */
export default function LegalGate({ view, children }: { view: ViewName; children: ReactNode }) {
  const consent = legalConsentOf(useService(LegalConsentSource))
  const agreed = useObservableState(consent.agreed$, consent.agreed)
  // Ticked here, it stays in sight while the view shows; given before, it is not asked again.
  const [asked] = useState(!agreed)
  const held = HELD.includes(view)
  if (!asked || !(held || DISABLED.includes(view))) return children
  return (
    <div className="wg-view">
      <LegalCheckbox consent={consent} agreed={agreed} />
      {held ? (
        agreed && children
      ) : (
        <fieldset className="wg-gate" disabled={!agreed} aria-describedby={agreed ? undefined : 'wg-legal'}>
          {children}
        </fieldset>
      )}
    </div>
  )
}
