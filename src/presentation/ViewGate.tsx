import { Component, useEffect, useState, type ReactNode } from 'react'
import { ModuleLoader } from '../composition/module-loader'
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
 * Renders its children once the on-demand module they need (`needs`, its id) is bound: at
 * once when it already is, after a short loading line otherwise, and with a retry if the chunk
 * fails. Key it by `needs` where views with other needs follow each other: going from one area's
 * view straight to another's must wait for the other's bindings, not keep the first one's "ready".
 */
export function WithBindings({ needs, children }: { readonly needs: string; readonly children: ReactNode }) {
  const loader = useService(ModuleLoader)
  const [state, setState] = useState<'ready' | 'loading' | 'failed'>(() => (loader.loaded(needs) ? 'ready' : 'loading'))

  useEffect(() => {
    if (state !== 'loading') return
    let live = true
    loader.load(needs).then(
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
