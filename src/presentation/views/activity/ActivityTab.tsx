import { useEffect, useRef } from 'react'
import { useObservableState } from 'observable-hooks'
import { toActivityEntry, type ActivityEntry } from '../../../application/activity/activity-entry'
import { ActivityStore } from '../../../application/activity/activity-store'
import { ConnectionStore } from '../../../application/connection-store'
import { ModalConfig } from '../../../application/modal-services'
import type { Transaction } from '../../../domain/entities'
import { safeWebLink } from '../../../domain/validation/safe-links'
import { Button, Notice, SafeImage, Skeleton } from '../../components'
import { useService } from '../../di-context'
import sendCss from '../../styles/send.css?inline'
import { useAreaStyles } from '../../styles/area-styles'

const STATUS_TEXT = { pending: 'Pending', confirmed: 'Confirmed', failed: 'Failed' } as const

function monthTitle(year: number, month: number): string {
  return new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month, 1),
  )
}

function short(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`
}

/**
 * The Account view's Activity tab: history by year then month, newest first; the next page loads
 * when the end of the list scrolls into view (or with the "Load more" button).
 */
export default function ActivityTab() {
  useAreaStyles(sendCss)
  const activity = useService(ActivityStore)
  const connection = useService(ConnectionStore)
  const config = useService(ModalConfig)
  const state = useObservableState(activity.state$, () => activity.snapshot)
  const sentinel = useRef<HTMLDivElement>(null)

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

  if (state.status === 'idle' || state.status === 'loading') return <Skeleton label="Loading activity" rows={4} testId="activity-loading" />
  if (state.status === 'error') {
    return (
      <Notice
        title="No activity to show"
        message="The history could not be loaded."
        testId="activity-empty"
        actions={
          <Button variant="secondary" onClick={() => void activity.retry()} data-testid="activity-retry">
            Try again
          </Button>
        }
      />
    )
  }
  if (state.empty) {
    return <Notice title="No activity yet" message="Transactions of this account appear here." testId="activity-empty" />
  }

  const caipNetworkId = connection.snapshot.status === 'connected' ? connection.snapshot.caipNetworkId : undefined
  const explorer = config.networks.find((n) => `${n.chainNamespace}:${String(n.id)}` === caipNetworkId)?.blockExplorerUrl
  const entry = (t: Transaction) => toActivityEntry(t, explorer)

  return (
    <div className="wg-activity" data-testid="activity-list">
      {state.groups.map((year) =>
        year.months.map((month) => (
          <section
            key={`${year.year}-${month.month}`}
            className="wg-activity-month"
            data-testid={`activity-month-${year.year}-${String(month.month + 1).padStart(2, '0')}`}
            aria-label={monthTitle(year.year, month.month)}
          >
            <h3 className="wg-section-title">{monthTitle(year.year, month.month)}</h3>
            <ul className="wg-activity-entries">
              {month.transactions.map((t) => (
                <ActivityRow key={t.id} entry={entry(t)} />
              ))}
            </ul>
          </section>
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
            Load more
          </Button>
        </div>
      )}
    </div>
  )
}

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  const sign = entry.direction === 'out' ? '−' : entry.direction === 'in' ? '+' : ''
  const link = safeWebLink(entry.explorerUrl)
  const time = new Date(entry.minedAt)
  return (
    <li className="wg-activity-entry" data-testid={`activity-${entry.hash.toLowerCase()}`} data-status={entry.status}>
      <SafeImage src={entry.iconUrl} fallbackText={entry.token || entry.label} />
      <div className="wg-activity-text">
        <p className="wg-activity-title">
          <span data-testid="activity-direction">{entry.label}</span>{' '}
          <span data-testid="activity-amount">
            {sign}
            {entry.amount !== undefined ? `${entry.amount} ` : ''}
            {entry.token}
          </span>
        </p>
        <p className="wg-activity-meta">
          {entry.direction === 'in' ? 'From' : 'To'}{' '}
          <span className="wg-address" title={entry.counterparty}>
            {short(entry.counterparty)}
          </span>{' '}
          · <time dateTime={entry.minedAt}>{time.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}</time>
        </p>
      </div>
      <div className="wg-activity-side">
        <span className={`wg-status wg-status-${entry.status}`} data-testid="activity-status">
          {STATUS_TEXT[entry.status]}
        </span>
        {link !== undefined && (
          <a className="wg-link" href={link} target="_blank" rel="noopener noreferrer" aria-label={`View ${entry.label.toLowerCase()} transaction in the explorer`}>
            Explorer
          </a>
        )}
      </div>
    </li>
  )
}
