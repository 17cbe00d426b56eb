import { useCallback } from 'react'
import { ViewWarnings } from '../../application/shell/view-warnings'
import { SnackStore } from '../../application/snack-store'
import { useService } from '../di-context'

/** Copies text to the clipboard and says so in the snack ("Address copied" / "Could not copy"). */
export function useCopy(): (text: string, what?: string) => Promise<void> {
  const snacks = useService(SnackStore)
  const warnings = useService(ViewWarnings)
  return useCallback(
    async (text: string, what = 'Address') => {
      try {
        await navigator.clipboard.writeText(text)
        snacks.showSuccess(`${what} copied`)
      } catch (error) {
        warnings.clipboardUnavailable(error)
        snacks.showError(`Could not copy the ${what.toLowerCase()}`)
      }
    },
    [snacks, warnings],
  )
}
