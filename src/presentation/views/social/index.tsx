/**
 * The social login views (one chunk, loaded on the social path): ConnectingSocial (waiting for the
 * provider's window) and ConnectingFarcaster (the QR code).
 */
import { use, useEffect } from 'react'
import type { SocialLogin } from '../../../application/embedded-wallet/social-login'
import { SocialLoginLoader } from '../../../application/embedded-wallet/social-token'
import { Button, QrCode, Spinner, useCopy, useStore } from '../../components'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'
import emailCss from '../../styles/email.css?inline'
import { useAreaStyles } from '../../styles/area-styles'
import { socialName } from '../../../domain/connect/social-login'
import { addEnglish } from '../../i18n/i18n'
import { social } from '../../i18n/messages/social'

// These views' texts come with their chunk (../../i18n/english.ts).
addEnglish(social)

/** The social login (loaded by the social buttons before these views show; they suspend until it is). */
function useSocialLogin(): SocialLogin {
  const load = useService(SocialLoginLoader)
  // Always through use(): a render replayed after the load suspended it must call use() again,
  // or React fails the render (the loader hands back the same promise each time).
  return use(load())
}

/** Leaving the view (Back, or the modal closing) ends the login it shows. */
function useLeaveOnUnmount(login: SocialLogin): void {
  useEffect(() => () => login.leave(), [login])
}

export function ConnectingSocialView() {
  useAreaStyles(emailCss)
  const login = useSocialLogin()
  const state = useStore(login)
  const { t } = useI18n()
  useLeaveOnUnmount(login)
  const name = state.provider === undefined ? t('social.theProvider') : socialName(state.provider)
  return (
    <div className="wg-view wg-email-view" data-testid="view-ConnectingSocial">
      <Spinner size="lg" />
      <h3 className="wg-email-title">{t('social.continueWith', { name })}</h3>
      <p className="wg-email-lead">{state.waiting ? t('social.inTheWindow', { name }) : t('social.signingIn')}</p>
      <Button variant="ghost" data-testid="social-cancel" onClick={() => login.cancel()}>
        {t('social.cancel')}
      </Button>
    </div>
  )
}

export function ConnectingFarcasterView() {
  useAreaStyles(emailCss)
  const login = useSocialLogin()
  const state = useStore(login)
  const copy = useCopy()
  const { t } = useI18n()
  useLeaveOnUnmount(login)
  const url = state.farcasterUrl
  return (
    <div className="wg-view wg-email-view" data-testid="view-ConnectingFarcaster">
      {url === undefined ? (
        <Spinner size="lg" />
      ) : (
        <>
          <div className="wg-qr-frame" data-testid="farcaster-qr" data-value={url}>
            <QrCode value={url} label={t('social.farcasterQr')} />
          </div>
          <p className="wg-email-lead">{t('social.farcasterHow')}</p>
          <a className="wg-link" href={url} target="_blank" rel="noopener noreferrer" data-testid="farcaster-link">
            {t('social.openFarcaster')}
          </a>
          <Button variant="ghost" data-testid="farcaster-copy" onClick={() => void copy(url, 'link')}>
            {t('social.copyLink')}
          </Button>
        </>
      )}
    </div>
  )
}
