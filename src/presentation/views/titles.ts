import type { ViewName } from '../../domain/navigation/views'
import type { I18n } from '../i18n/i18n'

/**
 * The header's title of a view in the modal's language (`title.<View>`). Before the texts beyond
 * Connect's have arrived (a first open quicker than the idle prefetch), the view's name in words.
 */
export function viewTitle(view: ViewName, i18n: Pick<I18n, 't' | 'has'>): string {
  const key = `title.${view}`
  return i18n.has(key) ? i18n.t(key) : view.replace(/([a-z])([A-Z])/g, '$1 $2')
}
