import type { ViewName } from '../../domain/navigation/views'
import type { I18n } from '../i18n/i18n'

/**
 * The header's title of a view in the modal's language (`title.<View>`). A view's title comes with
 * its chunk, so while the chunk loads the header keeps the title it showed (`previous`); with none
 * (a modal opened straight onto that view), the view's name in words.
 */
export function viewTitle(view: ViewName, i18n: Pick<I18n, 'text'>, previous?: string): string {
  return i18n.text(`title.${view}`) ?? previous ?? view.replace(/([a-z])([A-Z])/g, '$1 $2')
}
