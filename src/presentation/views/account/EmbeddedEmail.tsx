import { useObservableState } from 'observable-hooks'
import { useState } from 'react'
import { EmbeddedSessionToken } from '../../../application/embedded-wallet/tokens'
import { ModalStore } from '../../../application/modal-store'
import { Button } from '../../components'
import { socialName } from '../../../domain/connect/social-login'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'
import { errorText } from '../../i18n/rules'

/**
 * The email an embedded wallet is signed in with, and the way to change it; for a social user the
 * provider and the username instead.
 */
export function EmbeddedEmail() {
  const session = useService(EmbeddedSessionToken)
  const user = useObservableState(session.user$, null)
  const modal = useService(ModalStore)
  const { t } = useI18n()
  if (user?.socialProvider !== undefined) {
    const provider = socialName(user.socialProvider)
    return (
      <div className="wg-account-email" data-testid="account-social">
        <span className="wg-muted">{t('social.signedInWith')}</span> <span data-testid="account-social-provider" data-i18n-data="">{provider}</span>
        {user.userName !== undefined && (
          <>
            {' '}
            <span className="wg-muted">{t('social.as')}</span> <bdi data-testid="account-social-username" data-i18n-data="">{user.userName}</bdi>
          </>
        )}
      </div>
    )
  }
  if (user?.email === undefined) return null
  return (
    <div className="wg-account-email" data-testid="account-email">
      <span className="wg-muted">{t('email.signedInAs')}</span>{' '}
      <bdi data-testid="account-email-address" data-i18n-data="">{user.email}</bdi>
      <Button variant="ghost" onClick={() => modal.push('UpdateEmailWallet')} data-testid="account-update-email">
        {t('email.edit')}
      </Button>
    </div>
  )
}

/**
 * "Sign out everywhere": every session of the embedded wallet's user ends, on every device and in
 * every app, once the visitor confirms it in the wallet (the frame asks; a host page cannot click
 * for them). Signed out, the connection ends here too; declined, nothing changes.
 */
export function SignOutEverywhere() {
  const session = useService(EmbeddedSessionToken)
  const { t } = useI18n()
  return <WalletFrameAction label={t('email.signOutEverywhere')} testId="account-sign-out-everywhere" run={() => session.signOutEverywhere()} />
}

/**
 * "Export private keys": the export runs inside the wallet's frame (a plain warning, a fresh code
 * by email, the keys shown there); the modal only opens it and never sees a key. Offered to a user
 * with an email, where the code goes (a social login without one has nowhere to receive it).
 */
export function ExportKeys() {
  const session = useService(EmbeddedSessionToken)
  const user = useObservableState(session.user$, null)
  const { t } = useI18n()
  if (user === null || user.email === undefined || user.email === '') return null
  return <WalletFrameAction label={t('email.exportKeys')} testId="account-export-keys" run={() => session.exportKeys()} />
}

/**
 * "Add a passkey": the visitor confirms in the wallet's frame and the browser makes a passkey of the
 * wallet's origin there; next time it signs them in with no code. Said once it is added.
 */
export function AddPasskey() {
  const session = useService(EmbeddedSessionToken)
  const { t } = useI18n()
  return <WalletFrameAction label={t('email.addPasskey')} testId="account-add-passkey" run={() => session.addPasskey()} done={(outcome) => (outcome === 'added' ? t('email.passkeyAdded') : undefined)} />
}

/** A button that hands the visitor to the wallet's frame, busy until it answers, its failure (or what it did) said below it. */
function WalletFrameAction<T>({ label, testId, run, done }: { readonly label: string; readonly testId: string; readonly run: () => Promise<T>; readonly done?: (outcome: T) => string | undefined }) {
  const i18n = useI18n()
  const [state, setState] = useState<{ status: 'idle' | 'busy' } | { status: 'error'; error: unknown } | { status: 'done'; text: string }>({ status: 'idle' })
  const start = () => {
    if (state.status === 'busy') return
    setState({ status: 'busy' })
    run().then(
      (outcome) => {
        const text = done?.(outcome)
        setState(text === undefined ? { status: 'idle' } : { status: 'done', text })
      },
      (error: unknown) => setState({ status: 'error', error }),
    )
  }
  return (
    <>
      <Button variant="ghost" loading={state.status === 'busy'} disabled={state.status === 'busy'} onClick={start} data-testid={testId}>
        {label}
      </Button>
      {state.status === 'done' && (
        <p className="wg-muted" role="status" data-testid={`${testId}-done`}>
          {state.text}
        </p>
      )}
      {state.status === 'error' && (
        <p className="wg-account-types-error" role="alert" data-testid={`${testId}-error`}>
          {errorText(i18n, state.error, { code: 'email.failed' })}
        </p>
      )}
    </>
  )
}
