import type { ReactNode } from 'react'
import { AccountActions } from '../../application/account/account-actions'
import { Notice, useStore } from '../components'
import { useService } from '../di-context'
import { addEnglish, useI18n } from '../i18n/i18n'
import { account } from '../i18n/messages/account'

addEnglish(account)

/**
 * Buying and swapping where the visitor's time zone is on the restricted list: the view opened
 * anyway (a host's `open({ view })`, a link) says why instead of starting its flow.
 */
export function UnlessRegionRestricted({ view, children }: { readonly view: 'Swap' | 'OnRamp' | 'OnRampProviders'; readonly children: ReactNode }) {
  const state = useStore(useService(AccountActions))
  const { t } = useI18n()
  if (state.status !== 'connected' || !state.regionRestricted) return children
  return (
    <div className="wg-view" data-testid={`view-${view}`}>
      <Notice tone="neutral" title={t('account.regionRestricted')} announce testId="region-restricted" />
    </div>
  )
}
