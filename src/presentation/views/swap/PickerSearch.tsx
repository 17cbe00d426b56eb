import type { ChangeEvent } from 'react'

/**
 * A picker's search box: labelled (the label is the placeholder's words, for screen readers too),
 * focused when the picker opens (the shell focuses `data-autofocus` instead of the title). A plain
 * input of its own rather than the shell's SearchInput: sharing that one would split it out of the
 * connect views' chunk, and every chunk a view lists grows the page's first script.
 */
export function PickerSearch({ label, value, onChange, testId }: { label: string; value: string; onChange: (text: string) => void; testId: string }) {
  return (
    <input
      type="search"
      className="wg-input"
      aria-label={label}
      placeholder={label}
      value={value}
      autoComplete="off"
      spellCheck={false}
      autoFocus
      data-autofocus=""
      data-testid={testId}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
    />
  )
}
