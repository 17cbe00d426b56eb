/** Smart sessions' views: one chunk, fetched when the sessions view first opens. */
export { default as SmartSessionListView } from './SmartSessionListView'
