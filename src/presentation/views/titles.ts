import { createContext, useContext, useLayoutEffect } from 'react'
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

/** Where a view tells the shell its own title (undefined: its name's title again). */
export const HeaderTitle = createContext<(title: string | undefined) => void>(() => {})

/**
 * Gives the header `title` instead of the view's name's title while the view shows it: for a view
 * whose title follows its state (a purchase done says so, not "Choose Provider").
 */
export function useHeaderTitle(title: string | undefined): void {
  const setTitle = useContext(HeaderTitle)
  // Before the paint, so the header never shows the state's title late.
  useLayoutEffect(() => {
    setTitle(title)
    return () => setTitle(undefined)
  }, [setTitle, title])
}
