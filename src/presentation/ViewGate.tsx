import { Component, useCallback, useEffect, useState, type ReactNode } from 'react'
import { FeatureLoader, type FeatureArea } from '../application/modal-services'
import { Button, Notice, Skeleton } from './components'
import { useService } from './di-context'
import { useI18n } from './i18n/i18n'

/** The spec's generic failure text (section 8). */
const SOMETHING_WENT_WRONG = 'Something went wrong.'

/** The spec's message and a retry, where a view could not be loaded or drawn. */
function LoadFailed({ onRetry }: { readonly onRetry: () => void }) {
  const { t } = useI18n()
  return (
    <Notice
      announce
      tone="error"
      title={t('shell.somethingWentWrong')}
      message={t('shell.loadFailed')}
      actions={
        <Button variant="primary" onClick={onRetry} data-testid="view-retry">
          {t('shell.tryAgain')}
        </Button>
      }
      testId="view-error"
    />
  )
}

interface BoundaryProps {
  readonly children: ReactNode
  /** Called before the retry re-renders the children (e.g. to forget a failed chunk load). */
  readonly onRetry: () => void
  /** Told of each failure (the shell logs it as a warning). */
  readonly onError: (error: unknown) => void
  /** Changes when the view changes: a new view starts without the last one's error. */
  readonly resetKey: string
}

interface BoundaryState {
  readonly error: unknown
  readonly key: string
}

/**
 * Keeps a view's failure inside the panel: a chunk that failed to load or a view that threw shows
 * the spec's message and a retry instead of a blank modal. The header (back, close) stays usable.
 */
export class ViewBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, key: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error(SOMETHING_WENT_WRONG) }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey }
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error)
  }

  private readonly retry = () => {
    this.props.onRetry()
    this.setState({ error: null })
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children
    return <LoadFailed onRetry={this.retry} />
  }
}

/**
 * Renders its children once a lazily loaded part of the composition root is bound: at once when
 * it already is, after a short loading line otherwise, and with a retry if the chunk fails.
 */
function WithBindings({ ready, load, children }: { readonly ready: boolean; readonly load: () => Promise<unknown>; readonly children: ReactNode }) {
  const [state, setState] = useState<'ready' | 'loading' | 'failed'>(() => (ready ? 'ready' : 'loading'))

  useEffect(() => {
    if (state !== 'loading') return
    let live = true
    load().then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    )
    return () => {
      live = false
    }
  }, [load, state])

  if (state === 'ready') return children
  if (state === 'failed') return <LoadFailed onRetry={() => setState('loading')} />
  return <Loading />
}

function Loading() {
  const { t } = useI18n()
  return <Skeleton label={t('shell.loading')} placeholder />
}

/** Children that need the account features (src/di-features.ts). */
export function WithFeatures({ children }: { readonly children: ReactNode }) {
  const loader = useService(FeatureLoader)
  const load = useCallback(() => loader.load(), [loader])
  return (
    <WithBindings ready={loader.loaded} load={load}>
      {children}
    </WithBindings>
  )
}

/** Children that need the connection flow (src/di-connect-flow.ts): ConnectingExternal opened directly. */
export function WithConnectFlow({ children }: { readonly children: ReactNode }) {
  const loader = useService(FeatureLoader)
  const load = useCallback(() => loader.connectFlow(), [loader])
  return (
    <WithBindings ready={loader.connectFlowLoaded} load={load}>
      {children}
    </WithBindings>
  )
}

/** Children that need the catalogue wallet lists (src/di-wallet-lists.ts). */
export function WithWalletLists({ children }: { readonly children: ReactNode }) {
  const loader = useService(FeatureLoader)
  const load = useCallback(() => loader.loadWalletLists(), [loader])
  return (
    <WithBindings ready={loader.walletListsLoaded} load={load}>
      {children}
    </WithBindings>
  )
}

/** Children of an area bound on demand (name registration, buying crypto: their own chunks). */
export function WithArea({ area, children }: { readonly area: FeatureArea; readonly children: ReactNode }) {
  const loader = useService(FeatureLoader)
  const load = useCallback(() => loader.loadArea(area), [loader, area])
  return (
    <WithBindings ready={loader.areaLoaded(area)} load={load}>
      {children}
    </WithBindings>
  )
}
