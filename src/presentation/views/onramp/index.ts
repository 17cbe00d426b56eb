/** Buying crypto's views: one chunk, fetched when the first of them opens. */
export { default as OnRampView } from './OnRampView'
export { default as OnRampProvidersView } from './OnRampProvidersView'
/** The token and currency pickers, a chunk of their own loaded through this one (as Swap's picker). */
export const loadPickers = () => import('./pickers')
