import type { ViewLoaders } from '../view-loaders'

const sendView = () => import('../SendView')

/** Send, and its review. */
export const views: ViewLoaders = {
  Send: sendView,
  // Reached from Send only: Send's chunk names the preview's chunk, so the shell's preload map does not.
  SendPreview: () => sendView().then((m) => m.loadPreview()),
}
