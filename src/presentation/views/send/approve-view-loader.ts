import { lazy, type ComponentType } from 'react'

type ViewModule = { default: ComponentType }

let loaded: ViewModule | undefined
let loading: Promise<ViewModule> | undefined

/** Starts loading the ApproveTransaction view's chunk (the review does this when it shows). */
export function preloadApproveTransactionView(): Promise<ViewModule> {
  loading ??= import('../ApproveTransactionView').then((module) => (loaded = module))
  return loading
}

/**
 * The ApproveTransaction view, lazy like every view, but once its chunk is preloaded it renders
 * without suspending: a synchronous thenable lets React.lazy resolve on the spot. Otherwise the
 * Suspense fallback would shrink the panel right after a click on Send, and the second click of a
 * double click would land on the backdrop and close the modal.
 */
export const ApproveTransactionLazyView = lazy(() => {
  const module = loaded
  if (module === undefined) return preloadApproveTransactionView()
  const thenable = { then: (resolve: (m: ViewModule) => void) => resolve(module) }
  return thenable as unknown as Promise<ViewModule>
})
