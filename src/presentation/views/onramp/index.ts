/** Buying crypto's views: one chunk, fetched when the first of them opens. */
export { default as OnRampView } from './OnRampView'
export { default as OnRampProvidersView } from './OnRampProvidersView'
import { addEnglish, addNumberFormat } from '../../i18n/i18n'
import { onramp } from '../../i18n/messages/onramp'
import { numberFormat } from '../../i18n/format'

// These views' texts and the writing of amounts come with their chunk (../../i18n/english.ts).
addEnglish(onramp)
addNumberFormat(numberFormat)
