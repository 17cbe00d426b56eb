import type { ReactNode } from 'react'
import { useI18n } from '../i18n/i18n'

export interface NoticeProps {
  readonly title: string
  readonly message?: ReactNode
  readonly tone?: 'neutral' | 'error' | 'success'
  /** Leading visual (SafeImage, Spinner...). */
  readonly visual?: ReactNode
  /** Buttons under the text. */
  readonly actions?: ReactNode
  readonly testId?: string
  /** Announce the notice (role=alert for errors, status otherwise). */
  readonly announce?: boolean
}

/** A centred state: waiting, declined, empty, error. The tone is never told by colour alone. */
export function Notice({ title, message, tone = 'neutral', visual, actions, testId, announce = false }: NoticeProps) {
  const { t } = useI18n()
  const role = announce ? (tone === 'error' ? 'alert' : 'status') : undefined
  return (
    <div className={`wg-notice wg-notice-${tone}`} data-testid={testId}>
      {visual !== undefined && <div className="wg-notice-visual">{visual}</div>}
      <div role={role}>
        <p className="wg-notice-title">
          {tone === 'error' && <span className="wg-visually-hidden">{t('shell.errorPrefix')}</span>}
          {title}
        </p>
        {message !== undefined && <p className="wg-notice-message">{message}</p>}
      </div>
      {actions !== undefined && <div className="wg-notice-actions">{actions}</div>}
    </div>
  )
}
