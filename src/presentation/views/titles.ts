import type { ViewName } from '../../domain/navigation/views'
import type { I18n } from '../i18n/i18n'

/** The header's title of a view, in the modal's language (every view has a `title.<View>` text). */
export function viewTitle(view: ViewName, i18n: Pick<I18n, 't'>): string {
  return i18n.t(`title.${view}`)
}
