import { useId, type ChangeEvent, type KeyboardEvent } from 'react'
import { useAreaStyles } from '../styles/area-styles'
import searchCss from '../styles/search.css?inline'

export interface SearchInputProps {
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly placeholder?: string
  readonly testId?: string
  /** Focused when it appears, and marked for the shell, which focuses it instead of the view's title. */
  readonly autoFocus?: boolean
  /** Arrow Down from the input (e.g. to move into the results list). */
  readonly onArrowDown?: () => void
}

/** A labelled search box (the label is visually hidden; the placeholder is not the label). */
export function SearchInput({ label, value, onChange, placeholder, testId, autoFocus, onArrowDown }: SearchInputProps) {
  useAreaStyles(searchCss)
  const id = useId()
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && value !== '') {
      // First Escape clears the search; the next one closes the modal.
      event.preventDefault()
      event.stopPropagation()
      onChange('')
    } else if (event.key === 'ArrowDown' && onArrowDown !== undefined) {
      event.preventDefault()
      onArrowDown()
    }
  }
  return (
    <div className="wg-search">
      <label htmlFor={id} className="wg-visually-hidden">
        {label}
      </label>
      <span className="wg-search-icon" aria-hidden="true">
        ⌕
      </span>
      <input
        id={id}
        className="wg-search-input"
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        data-testid={testId}
        autoFocus={autoFocus}
        data-autofocus={autoFocus === true ? '' : undefined}
        onKeyDown={onKeyDown}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
    </div>
  )
}
