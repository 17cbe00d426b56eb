import { useCallback } from 'react'
import { ViewWarnings } from '../../application/shell/view-warnings'
import { SnackStore } from '../../application/snack-store'
import { useService } from '../di-context'
import { useI18n } from '../i18n/i18n'
import { addEnglish } from '../i18n/i18n'
import { shared } from '../i18n/messages/shared'

// Its texts come with it (../i18n/english.ts).
addEnglish(shared)

/** Copies text to the clipboard and says so in the snack ("Address copied" / "Could not copy the address"). */
export function useCopy(): (text: string, what?: 'address' | 'link') => Promise<void> {
  const snacks = useService(SnackStore)
  const warnings = useService(ViewWarnings)
  const { t } = useI18n()
  return useCallback(
    async (text: string, what: 'address' | 'link' = 'address') => {
      try {
        await navigator.clipboard.writeText(text)
        snacks.showSuccess(t(what === 'address' ? 'shell.addressCopied' : 'shell.linkCopied'))
      } catch (error) {
        warnings.clipboardUnavailable(error)
        snacks.showError(t(what === 'address' ? 'shell.addressNotCopied' : 'shell.linkNotCopied'))
      }
    },
    [snacks, warnings, t],
  )
}
