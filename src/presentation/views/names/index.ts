/** Name registration's views: one chunk, fetched when the first of them opens. */
export { default as RegisterAccountNameView } from './RegisterAccountNameView'
export { default as RegisterAccountNameSuccessView } from './RegisterAccountNameSuccessView'
import { addEnglish } from '../../i18n/i18n'
import { names } from '../../i18n/messages/names'

// These views' texts come with their chunk (../../i18n/english.ts).
addEnglish(names)
