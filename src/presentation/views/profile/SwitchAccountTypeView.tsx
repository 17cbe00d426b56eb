import { useState } from 'react'
import { accountTypeChoices, SwitchAccountType } from '../../../application/account/switch-account-type'
import { ConnectionStore } from '../../../application/connection-store'
import type { AccountType } from '../../../domain/entities'
import { Button, Notice, useStore } from '../../components'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'
import { failureText } from '../../i18n/rules'
import { NotConnected } from '../account/NotConnected'

/**
 * SwitchAccountType: the account types the wallet shared, each explained in a sentence, the current
 * one marked; switching shows its progress, then the new type in use or the wallet's refusal.
 */
export default function SwitchAccountTypeView() {
  const active = useStore(useService(ConnectionStore))
  const switcher = useService(SwitchAccountType)
  const state = useStore(switcher)
  const i18n = useI18n()
  const { t } = i18n
  // The type asked for here: its success is said once the connection is on it.
  const [asked, setAsked] = useState<AccountType | undefined>(undefined)

  if (active.status !== 'connected') return <NotConnected area="profile" view="SwitchAccountType" />
  const label = (type: AccountType) => i18n.text(`account.type.${type}`) ?? type
  const choices = accountTypeChoices(active)
  const current = active.accountType
  if (choices.length === 0) {
    return (
      <div className="wg-view" data-testid="view-SwitchAccountType">
        {current !== undefined && (
          <p className="wg-profile-intro" data-testid="account-type-current">
            {t('profile.current')}: {label(current)}
          </p>
        )}
        <Notice testId="account-type-none" title={t('profile.oneType')} message={t('profile.oneTypeText')} />
      </div>
    )
  }

  const switching = state.status === 'switching'
  const done = !switching && state.status !== 'error' && asked !== undefined && asked === current
  return (
    <div className="wg-view" data-testid="view-SwitchAccountType">
      <p className="wg-profile-intro">{t('profile.typesIntro')}</p>
      <ul className="wg-profile-rows">
        {choices.map((type) => {
          const isCurrent = type === current
          const explanation = i18n.text(`profile.typeText.${type}`)
          return (
            <li key={type} className="wg-profile-row" data-testid={`account-type-option-${type}`}>
              <span className="wg-profile-row-text">
                <span>
                  <strong>{label(type)}</strong>
                  {isCurrent && (
                    <>
                      {' '}
                      <span className="wg-tag" data-testid="account-type-current">
                        {t('profile.current')}
                      </span>
                    </>
                  )}
                </span>
                {explanation !== undefined && <span className="wg-profile-row-label">{explanation}</span>}
              </span>
              {!isCurrent && (
                <Button
                  variant="primary"
                  loading={switching && state.accountType === type}
                  disabled={switching}
                  onClick={() => {
                    setAsked(type)
                    void switcher.switchTo(type)
                  }}
                  data-testid={`account-type-use-${type}`}
                >
                  {switching && state.accountType === type ? t('profile.switching') : t('profile.useType', { type: label(type) })}
                </Button>
              )}
            </li>
          )
        })}
      </ul>
      <p className="wg-muted" role="status" data-testid="account-type-status">
        {done && current !== undefined ? t('profile.switched', { type: label(current) }) : ''}
      </p>
      {state.status === 'error' && (
        <p className="wg-profile-error" role="alert" data-testid="account-type-error">
          {failureText(i18n, state.error)}
        </p>
      )}
    </div>
  )
}
