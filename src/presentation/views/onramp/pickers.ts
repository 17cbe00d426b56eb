/** OnRamp's pickers: one chunk, fetched through the area's when the first of them opens. */
export { default as OnRampTokenSelectView } from './OnRampTokenSelectView'
export { default as OnRampFiatSelectView } from './OnRampFiatSelectView'
