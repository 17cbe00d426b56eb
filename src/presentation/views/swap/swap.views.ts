import type { ViewLoaders } from '../view-loaders'

const swapView = () => import('../SwapView')

/** Swap, and its review. */
export const views: ViewLoaders = {
  Swap: swapView,
  // Reached from Swap only, the same way as Send's review.
  SwapPreview: () => swapView().then((m) => m.loadPreview()),
  // Its own chunk, loaded through Swap's (an import() here would grow the page's first script).
  SwapSelectToken: () => swapView().then((m) => m.loadTokenSelect()),
}
