import { lazy, Suspense, useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react'
import type { AccountTab } from '../../../domain/entities'
import { ConnectionStore } from '../../../application/connection-store'
import { SUPPORTED_NAMESPACES } from '../../../domain/feature-constants'
import { Notice, Skeleton, useStore } from '../../components'
import { useService } from '../../di-context'
import TokensTab from './TokensTab'
import { useI18n } from '../../i18n/i18n'

const NftsTab = lazy(() => import('./NftsTab'))

// The Activity tab is the send/activity part's `views/activity/ActivityTab.tsx`; it is loaded
// lazily and only when that file exists in this build.
const activityModules = import.meta.glob<{ default: ComponentType }>('../activity/ActivityTab.tsx')
const activityLoader = Object.values(activityModules)[0]
const ActivityTab = activityLoader === undefined ? undefined : lazy(activityLoader)

const ALL_TABS: readonly AccountTab[] = ['Tokens', 'NFTs', 'Activity']
/** NFTs are read from the activity: a family whose activity is not read has no NFTs tab. */
const WITHOUT_NFTS: readonly AccountTab[] = ['Tokens', 'Activity']

/** The Account view's tabs (WAI-ARIA tabs: arrow keys, Home and End move between them). */
export function AccountTabs() {
  const connection = useStore(useService(ConnectionStore))
  const TABS = connection.status === 'connected' && !SUPPORTED_NAMESPACES.activity.includes(connection.namespace) ? WITHOUT_NFTS : ALL_TABS
  const [chosen, setCurrent] = useState<AccountTab>('Tokens')
  const current = TABS.includes(chosen) ? chosen : 'Tokens'
  const baseId = useId()
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const { t, dir } = useI18n()

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.indexOf(current)
    let next: number | undefined
    // Right to left, the next tab is the one on the left.
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight'
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft'
    if (event.key === forward) next = (index + 1) % TABS.length
    else if (event.key === backward) next = (index - 1 + TABS.length) % TABS.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = TABS.length - 1
    const tab = next === undefined ? undefined : TABS[next]
    if (next === undefined || tab === undefined) return
    event.preventDefault()
    setCurrent(tab)
    refs.current[next]?.focus()
  }

  return (
    <div className="wg-tabs">
      <div role="tablist" aria-label={t('account.tabs')} className="wg-tablist" onKeyDown={onKeyDown}>
        {TABS.map((tab, i) => (
          <button
            key={tab}
            ref={(el) => {
              refs.current[i] = el
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab}`}
            aria-selected={current === tab}
            aria-controls={`${baseId}-panel`}
            tabIndex={current === tab ? 0 : -1}
            className="wg-tab"
            data-testid={`account-tab-${tab}`}
            onClick={() => setCurrent(tab)}
          >
            {t(`account.tab.${tab}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${current}`}
        className="wg-tabpanel"
        data-testid={`account-panel-${current}`}
      >
        <Suspense fallback={<Skeleton label={t('account.loadingTab', { tab: t(`account.tab.${current}`) })} />}>
          {current === 'Tokens' && <TokensTab />}
          {current === 'NFTs' && <NftsTab />}
          {current === 'Activity' &&
            (ActivityTab === undefined ? (
              <Notice title={t('account.noActivity')} message={t('account.noActivityText')} />
            ) : (
              <ActivityTab />
            ))}
        </Suspense>
      </div>
    </div>
  )
}
