import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState, type MouseEvent, type ReactNode } from 'react'
import { useObservableEagerState } from 'observable-hooks'
import { AlertStore } from '../application/alert-store'
import { ConnectionStore } from '../application/connection-store'
import { ModalStore } from '../application/modal-store'
import { CloseModal } from '../application/shell/close-modal'
import { ViewWarnings } from '../application/shell/view-warnings'
import { ThemeStore } from '../application/theme-store'
import { ModalConfig } from '../application/modal-services'
import { resolveEmbeddedCloseView } from '../domain/navigation/open-rules'
import { ImagePolicyProvider, Skeleton, Snackbar } from './components'
import { originOf } from './components/safe-image-url'
import { useService } from './di-context'
import { VIEWS, prefetchLaterViews, reloadView } from './views/registry'
import type { ViewName } from '../domain/navigation/views'
import { ViewNeeds } from '../composition/module-loader'
import { AUTH_CONNECTOR_ID } from '../domain/connection/connectors'
import { ViewBoundary, WithBindings } from './ViewGate'
import { FitHeight } from './FitHeight'
import { HeaderTitle, viewTitle } from './views/titles'
import { BACK_ARROW } from '../domain/format/glyphs'
import { I18nProvider, useI18n, addEnglish } from './i18n/i18n'
import { shell } from './i18n/messages/shell'
import { connect } from './i18n/messages/connect'
import { useModalDialog } from './shell/use-modal-dialog'

// The English the first open shows, in this chunk with the code that shows it (./i18n/english.ts).
addEnglish(shell, connect)

export interface ModalRootProps {
  /** Inline in the host's element instead of an overlay dialog. */
  readonly embedded: boolean
  /** The shadow root the modal lives in, to find the focused element across the boundary. */
  readonly root: ShadowRoot
}


const EmbeddedApproval = lazy(() => import('./views/email/EmbeddedApproval'))
// Only for hosts that turn `features.legalCheckbox` on.
const LegalGate = lazy(() => import('./views/connect/LegalGate'))
/**
 * The modal shell: a modal `<dialog>` in the top layer (or an embedded `<section>`), header with
 * back, title and close, the alert, the current view and the snack. Focus is trapped in the dialog
 * and restored to the opener; Escape closes unless the close guard holds (then the modal shakes).
 */
export function ModalRoot(props: ModalRootProps) {
  return (
    <I18nProvider>
      <ModalShell {...props} />
    </I18nProvider>
  )
}

function ModalShell({ embedded, root }: ModalRootProps) {
  const i18n = useI18n()
  const { t } = i18n
  const modal = useService(ModalStore)
  const theme = useService(ThemeStore)
  const alerts = useService(AlertStore)
  const closer = useService(CloseModal)
  const connection = useService(ConnectionStore)
  const config = useService(ModalConfig)
  const warnings = useService(ViewWarnings)
  const viewNeeds = useService(ViewNeeds)
  // Eager: these stores emit their current value on subscribe. Taking it at render instead of
  // setting it again from an effect leaves no same-value update queued, which React would otherwise
  // replay as one more render of the shell right after the first open.
  const state = useObservableEagerState(modal.state$)
  const mode = useObservableEagerState(theme.mode$)
  const alert = useObservableEagerState(alerts.alert$)
  const shaking = useObservableEagerState(closer.shaking$)
  const connectionState = useObservableEagerState(connection.state$)
  const status = connectionState.status
  // The embedded wallet's confirmation overlay, for a visitor connected through it (its own chunk).
  const viaEmbeddedWallet = connectionState.status === 'connected' && connectionState.connectorId === AUTH_CONNECTOR_ID
  // Once connected, the loaders of the account's views, so the first of them opens without that fetch.
  useEffect(() => {
    if (status === 'connected') prefetchLaterViews().catch(() => undefined)
  }, [status])
  const titleId = useId()
  const imageOrigins = useMemo(
    () =>
      [config.services.walletCatalogue, config.services.blockchainApi]
        .map(originOf)
        .filter((o): o is string => o !== undefined),
    [config],
  )

  const view = state.router.view
  const canGoBack = state.router.history.length > 1
  const View = VIEWS[view]
  // What the view waits for: its module's bindings, unless they come with the shell.
  const needs = viewNeeds[view]
  // With `features.legalCheckbox`, the views of connect methods wait for the terms and privacy
  // checkbox; until its chunk is in, they show disabled.
  const gated = (node: ReactNode) =>
    config.features.legalCheckbox === true ? (
      <Suspense
        fallback={
          <fieldset className="wg-gate" disabled>
            {node}
          </fieldset>
        }
      >
        <LegalGate view={view}>{node}</LegalGate>
      </Suspense>
    ) : (
      node
    )

  const close = () => closer.request({ embedded })
  const [dialogRef, panelRef, titleRef, onKeyDown] = useModalDialog(state.open, embedded, view, root, close)

  // A click on the backdrop closes; the second click of a double click (`detail` 2) does not: the
  // first one, on a button, may have changed the sheet under the pointer (a review that grew with
  // its preview, a view that followed), and a double click on Send must not close the modal.
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && event.detail < 2) close()
  }

  // A view's own title, for the view that gave it (useHeaderTitle), else its name's title; the
  // title last shown stays while a view's chunk (and its title) is on its way.
  const [ownTitle, setOwnTitle] = useState<{ readonly view: ViewName; readonly title: string } | undefined>(undefined)
  const giveTitle = useCallback((title: string | undefined) => setOwnTitle(title === undefined ? undefined : { view, title }), [view])
  const [shownTitle, setShownTitle] = useState<string | undefined>(undefined)
  const title = ownTitle?.view === view ? ownTitle.title : viewTitle(view, i18n, shownTitle)
  if (title !== shownTitle) setShownTitle(title)

  const homeView = resolveEmbeddedCloseView(status === 'connected')
  const showClose = !embedded || view !== homeView
  const panel = (
    <div className={`wg-panel${shaking ? ' wg-shake' : ''}`} ref={panelRef} data-testid="modal-panel">
      <header className="wg-header">
        {canGoBack ? (
          <button
            type="button"
            className="wg-icon-button"
            aria-label={t('shell.back')}
            data-testid="modal-back"
            onClick={() => modal.goBack()}
          >
            <span aria-hidden="true" className="wg-icon-directional">
              {BACK_ARROW}
            </span>
          </button>
        ) : (
          <span />
        )}
        <h2 className="wg-title" id={titleId} ref={titleRef} tabIndex={-1}>
          {title}
        </h2>
        {showClose ? (
          <button type="button" className="wg-icon-button" aria-label={t('shell.close')} data-testid="modal-close" onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        ) : (
          <span />
        )}
      </header>
      {alert !== null && (
        <p className="wg-alert" role="alert" data-testid="alert">
          <strong>{i18n.text(`alert.${alert.code}`) ?? alert.shortMessage}</strong> {i18n.text(`alert.${alert.code}.long`) ?? alert.longMessage}
        </p>
      )}
      <div className="wg-body">
        <HeaderTitle.Provider value={giveTitle}>
          <FitHeight view={view}>
            <ViewBoundary
              resetKey={view}
              onRetry={() => reloadView(view)}
              onError={(error) => warnings.viewFailed(view, error)}
            >
              <Suspense fallback={<Skeleton label={t('shell.loading')} placeholder />}>
                {View === undefined ? (
                  <p className="wg-muted" data-testid={`view-${view}`}>
                    {t('shell.viewUnavailable')}
                  </p>
                ) : needs === undefined ? (
                  gated(<View />)
                ) : (
                  // Keyed by what it waits for: a view with other needs waits for its own bindings.
                  <WithBindings key={needs} needs={needs}>
                    {gated(<View />)}
                  </WithBindings>
                )}
              </Suspense>
            </ViewBoundary>
          </FitHeight>
        </HeaderTitle.Provider>
        {viaEmbeddedWallet && (
          <Suspense fallback={null}>
            <EmbeddedApproval />
          </Suspense>
        )}
      </div>
      <Snackbar />
    </div>
  )

  const themeClass = `wg-theme-${mode}`
  if (embedded) {
    return (
      <ImagePolicyProvider origins={imageOrigins}>
        <section className={`wg-embedded ${themeClass}`} lang={i18n.language} dir={i18n.dir} aria-labelledby={titleId} data-testid="modal" onKeyDown={onKeyDown}>
          {panel}
        </section>
      </ImagePolicyProvider>
    )
  }
  return (
    <ImagePolicyProvider origins={imageOrigins}>
      <dialog
        ref={dialogRef}
        className={`wg-dialog ${themeClass}`}
        lang={i18n.language}
        dir={i18n.dir}
        aria-labelledby={titleId}
        aria-modal="true"
        data-testid="modal"
        onKeyDown={onKeyDown}
        onCancel={(event) => event.preventDefault()}
        onClick={onBackdropClick}
      >
        {state.open && panel}
      </dialog>
    </ImagePolicyProvider>
  )
}
