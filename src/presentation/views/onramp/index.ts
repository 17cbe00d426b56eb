/** Buying crypto's views: one chunk, fetched when the first of them opens. */
export { default as OnRampView } from './OnRampView'
export { default as OnRampProvidersView } from './OnRampProvidersView'
export { default as OnRampTokenSelectView } from './OnRampTokenSelectView'
export { default as OnRampFiatSelectView } from './OnRampFiatSelectView'
