/** Name registration's views: one chunk, fetched when the first of them opens. */
export { default as RegisterAccountNameView } from './RegisterAccountNameView'
export { default as RegisterAccountNameSuccessView } from './RegisterAccountNameSuccessView'
