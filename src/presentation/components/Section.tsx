import { useId, type ReactNode } from 'react'
import { useAreaStyles } from '../styles/area-styles'
import sectionCss from '../styles/section.css?inline'

/** A titled group inside a view ("Installed", "Recent"); the heading names the group. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  useAreaStyles(sectionCss)
  const id = useId()
  return (
    <section className="wg-section" aria-labelledby={id} data-testid={testId}>
      <h3 className="wg-section-title" id={id}>
        {title}
      </h3>
      {children}
    </section>
  )
}
