import { Component, useEffect, useState, type ReactNode } from 'react'
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

/** What a view waits for before it draws, beyond the connect views' bindings (src/di-connect.ts). */
export type ViewNeeds = 'features' | 'connectFlow' | 'walletLists' | FeatureArea

/** Whether `needs` is bound, and how to bind it. */
function bindingsOf(loader: FeatureLoader, needs: ViewNeeds): readonly [ready: boolean, load: () => Promise<unknown>] {
  switch (needs) {
    // The account features (src/di-features.ts).
    case 'features':
      return [loader.loaded, () => loader.load()]
    // The connection flow (src/di-connect-flow.ts): ConnectingExternal opened directly.
    case 'connectFlow':
      return [loader.connectFlowLoaded, () => loader.connectFlow()]
    // The catalogue wallet lists (src/di-wallet-lists.ts).
    case 'walletLists':
      return [loader.walletListsLoaded, () => loader.loadWalletLists()]
    // An area bound on demand (name registration, buying crypto, swaps, sessions: their own chunks).
    default:
      return [loader.areaLoaded(needs), () => loader.loadArea(needs)]
  }
}

/**
 * Renders its children once the lazily loaded part of the composition root they need is bound: at
 * once when it already is, after a short loading line otherwise, and with a retry if the chunk
 * fails. Key it by `needs` where views with other needs follow each other: going from one area's
 * view straight to another's must wait for the other's bindings, not keep the first one's "ready".
 */
export function WithBindings({ needs, children }: { readonly needs: ViewNeeds; readonly children: ReactNode }) {
  const loader = useService(FeatureLoader)
  const [state, setState] = useState<'ready' | 'loading' | 'failed'>(() => (bindingsOf(loader, needs)[0] ? 'ready' : 'loading'))

  useEffect(() => {
    if (state !== 'loading') return
    let live = true
    bindingsOf(loader, needs)[1]().then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    )
    return () => {
      live = false
    }
  }, [loader, needs, state])

  if (state === 'ready') return children
  if (state === 'failed') return <LoadFailed onRetry={() => setState('loading')} />
  return <Loading />
}

function Loading() {
  const { t } = useI18n()
  return <Skeleton label={t('shell.loading')} placeholder />
}
