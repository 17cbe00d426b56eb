import type { ReactNode } from 'react'
import type { ActivityEntry } from '../../../application/activity/activity-entry'
import { safeWebLink } from '../../../domain/validation/safe-links'
import { SafeImage } from '../../components'
import { useI18n, type I18n } from '../../i18n/i18n'
import { dateText } from '../../i18n/format'

/** A month's title ("December 2026") in the modal's language. */
function monthTitle(i18n: I18n, year: number, month: number): string {
  return dateText(i18n, new Date(Date.UTC(year, month, 1)).toISOString(), { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

/** A day's title ("Monday 7 December") in the modal's language. */
export function dayTitle(i18n: I18n, year: number, month: number, day: number): string {
  return dateText(i18n, new Date(Date.UTC(year, month, day)).toISOString(), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
}

function short(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`
}

/** The entry's label ("Sent", "Minted") in the modal's language. */
function labelText(i18n: I18n, label: string): string {
  return i18n.text(`activity.label.${label}`) ?? label
}

/**
 * One transaction of the history, as the Activity tab and the Transactions view list it: what it
 * did and moved, with whom, its status, when (`when`: its day, or its time of day under a day's
 * title) and its explorer link.
 */
export function ActivityRow({ entry, when = 'day' }: { readonly entry: ActivityEntry; readonly when?: 'day' | 'time' }) {
  const i18n = useI18n()
  const { t } = i18n
  // A sign belongs to an amount: a call that moved no token has neither.
  const sign = entry.token === '' ? '' : entry.direction === 'out' ? '−' : entry.direction === 'in' ? '+' : ''
  const link = safeWebLink(entry.explorerUrl)
  return (
    <li className="wg-activity-entry" data-testid={`activity-${entry.hash.toLowerCase()}`} data-status={entry.status}>
      <SafeImage src={entry.iconUrl} fallbackText={entry.token || entry.label} />
      <div className="wg-activity-text">
        <p className="wg-activity-title">
          <span data-testid="activity-direction">{labelText(i18n, entry.label)}</span>{' '}
          <bdi data-testid="activity-amount" data-i18n-data="">
            {sign}
            {entry.amount !== undefined ? `${entry.amount} ` : ''}
            {entry.token}
          </bdi>
        </p>
        <p className="wg-activity-meta">
          {entry.direction === 'in' ? t('activity.from') : t('activity.to')}{' '}
          <bdi className="wg-address" title={entry.counterparty} data-i18n-data="">
            {short(entry.counterparty)}
          </bdi>{' '}
          · <time dateTime={entry.minedAt} data-i18n-data="">
            {when === 'day'
              ? dateText(i18n, entry.minedAt, { day: 'numeric', month: 'short' })
              : dateText(i18n, entry.minedAt, { hour: 'numeric', minute: '2-digit' })}
          </time>
        </p>
      </div>
      <div className="wg-activity-side">
        <span className={`wg-status wg-status-${entry.status}`} data-testid="activity-status">
          {t(`activity.status.${entry.status}`)}
        </span>
        {link !== undefined && (
          <a className="wg-link" href={link} target="_blank" rel="noopener noreferrer" aria-label={t('activity.viewInExplorer')}>
            {t('activity.explorer')}
          </a>
        )}
      </div>
    </li>
  )
}

/** A month of the history under its title; `testId` is suffixed with `-YYYY-MM`. */
export function MonthSection({ year, month, testId, children }: { readonly year: number; readonly month: number; readonly testId: string; readonly children: ReactNode }) {
  const i18n = useI18n()
  const title = monthTitle(i18n, year, month)
  return (
    <section className="wg-activity-month" data-testid={`${testId}-${year}-${String(month + 1).padStart(2, '0')}`} aria-label={title}>
      <h3 className="wg-section-title">{title}</h3>
      {children}
    </section>
  )
}
