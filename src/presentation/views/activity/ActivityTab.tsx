import { chainFamilyLabel } from '../../../domain/connection/connectors'
import { useEffect, useRef } from 'react'
import { useObservableState } from 'observable-hooks'
import { toActivityEntry } from '../../../application/activity/activity-entry'
import { ActivityStore } from '../../../application/activity/activity-store'
import { ConnectionStore } from '../../../application/connection-store'
import { ModalConfig } from '../../../application/modal-services'
import type { Transaction } from '../../../domain/transactions/transaction'
import { Button, Notice, Skeleton } from '../../components'
import { useService } from '../../di-context'
import sendCss from '../../styles/send.css?inline'
import sectionCss from '../../styles/section.css?inline'
import { useAreaStyles } from '../../styles/area-styles'
import { useI18n } from '../../i18n/i18n'
import { ModalStore } from '../../../application/modal-store'
import { ActivityRow, MonthSection } from './ActivityRow'


/**
 * The Account view's Activity tab: history by year then month, newest first; the next page loads
 * when the end of the list scrolls into view (or with the "Load more" button). "See all" opens the
 * Transactions view: the whole history, by token.
 */
export default function ActivityTab() {
  useAreaStyles(sendCss)
  // Its months' titles look like a Section's.
  useAreaStyles(sectionCss)
  const activity = useService(ActivityStore)
  const connection = useService(ConnectionStore)
  const config = useService(ModalConfig)
  const modal = useService(ModalStore)
  const state = useObservableState(activity.state$, () => activity.snapshot)
  const sentinel = useRef<HTMLDivElement>(null)
  const i18n = useI18n()
  const { t } = i18n

  useEffect(() => {
    if (connection.snapshot.status !== 'connected') return
    activity.load().catch(() => undefined)
  }, [activity, connection])

  const hasMore = state.status === 'ready' && state.next !== null
  useEffect(() => {
    const el = sentinel.current
    if (!hasMore || el === null || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void activity.loadMore()
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [activity, hasMore])

  if (state.status === 'idle' || state.status === 'loading') return <Skeleton label={t('activity.loading')} rows={4} testId="activity-loading" />
  if (state.status === 'error') {
    return (
      <Notice
        title={t('activity.unavailable')}
        message={t('activity.unavailableText')}
        testId="activity-empty"
        actions={
          <Button variant="secondary" onClick={() => void activity.retry()} data-testid="activity-retry">
            {t('shell.tryAgain')}
          </Button>
        }
      />
    )
  }
  if (state.status === 'notRead') {
    return (
      <Notice
        title={t('activity.notRead')}
        message={t('activity.notReadText', { family: chainFamilyLabel(state.namespace) })}
        testId="activity-not-read"
      />
    )
  }
  if (state.empty) {
    return <Notice title={t('account.noActivity')} message={t('account.noActivityText')} testId="activity-empty" />
  }

  const caipNetworkId = connection.snapshot.status === 'connected' ? connection.snapshot.caipNetworkId : undefined
  const explorer = config.networks.find((n) => `${n.chainNamespace}:${String(n.id)}` === caipNetworkId)?.blockExplorerUrl
  const entry = (t: Transaction) => toActivityEntry(t, explorer)

  return (
    <div className="wg-activity" data-testid="activity-list">
      <div className="wg-activity-head">
        <button type="button" className="wg-link wg-activity-see-all" onClick={() => modal.push('Transactions')} data-testid="activity-see-all">
          {t('activity.seeAll')}
        </button>
      </div>
      {state.groups.map((year) =>
        year.months.map((month) => (
          <MonthSection key={`${year.year}-${month.month}`} year={year.year} month={month.month} testId="activity-month">
            <ul className="wg-activity-entries">
              {month.transactions.map((t) => (
                <ActivityRow key={t.id} entry={entry(t)} />
              ))}
            </ul>
          </MonthSection>
        )),
      )}
      {hasMore && (
        <div ref={sentinel} className="wg-activity-more">
          <Button
            variant="ghost"
            fullWidth
            loading={state.loadingMore}
            onClick={() => void activity.loadMore()}
            data-testid="activity-load-more"
          >
            {t('activity.loadMore')}
          </Button>
        </div>
      )}
    </div>
  )
}
