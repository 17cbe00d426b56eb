import { lazy, Suspense } from 'react'
import { useObservableState } from 'observable-hooks'
import { ConnectionStore } from '../../../application/connection-store'
import { AUTH_CONNECTOR_ID } from '../../../domain/connection/connectors'
import { useService } from '../../di-context'

// Its own chunk: only a visitor connected through the embedded wallet needs it.
const Panel = lazy(() => import('./EmbeddedApproval'))

/** The embedded wallet's confirmation overlay, for a visitor connected through it. */
export function EmbeddedApproval() {
  const connection = useService(ConnectionStore)
  const state = useObservableState(connection.state$, () => connection.snapshot)
  if (state.status !== 'connected' || state.connectorId !== AUTH_CONNECTOR_ID) return null
  return (
    <Suspense fallback={null}>
      <Panel />
    </Suspense>
  )
}
