import { useObservableState } from 'observable-hooks'
import { useId } from 'react'
import { AccountActions } from '../../../application/account/account-actions'
import { DisplayCurrencyStore } from '../../../application/display-currency/display-currency-store'
import { EmbeddedSessionToken } from '../../../application/embedded-wallet/tokens'
import { ModalStore } from '../../../application/modal-store'
import { DISPLAY_CURRENCIES, type DisplayCurrency } from '../../../domain/display-currency'
import { Button, DisconnectButton, List, ListItem, ListRow, useStore } from '../../components'
import { NotConnected } from './NotConnected'
import { useService } from '../../di-context'
import { useI18n, type I18n } from '../../i18n/i18n'
import accountCss from '../../styles/account.css?inline'
import { useAreaStyles } from '../../styles/area-styles'
import { addEnglish } from '../../i18n/i18n'
import { account as accountTexts } from '../../i18n/messages/account'
import { shared } from '../../i18n/messages/shared'

// This view's texts come with its chunk (../i18n/english.ts).
addEnglish(accountTexts, shared)

/**
 * The account's settings in one place: its type, its name, the embedded wallet's email, smart
 * sessions (each a row opening its own view, shown only where the account has it), the currency
 * fiat values are shown in (chosen right here), and signing out. Without a connection it says so
 * and offers Connect, as the Account view does.
 */
export default function AccountSettingsView() {
  useAreaStyles(accountCss)
  const account = useStore(useService(AccountActions))
  const modal = useService(ModalStore)
  const i18n = useI18n()
  const { t } = i18n

  if (account.status !== 'connected') return <NotConnected view="AccountSettings" />

  const typeLabel = (type: string) => i18n.text(`account.type.${type}`) ?? type
  return (
    <div className="wg-view wg-account-settings" data-testid="view-AccountSettings">
      <List label={t('title.AccountSettings')} testId="settings-list">
        {account.accountTypes.length > 0 && (
          <ListRow>
            <ListItem
              label={t('account.settings.accountType')}
              description={account.accountType === undefined ? undefined : typeLabel(account.accountType)}
              onClick={() => modal.push('SwitchAccountType')}
              testId="settings-account-type"
            />
          </ListRow>
        )}
        {account.names && (
          <ListRow>
            <ListItem label={t('account.settings.name')} onClick={() => modal.push('ChooseAccountName')} testId="settings-name" />
          </ListRow>
        )}
        {account.embeddedWallet && <EmailRow />}
        {account.sessions && (
          <ListRow>
            <ListItem label={t('title.SmartSessionList')} onClick={() => modal.push('SmartSessionList')} testId="settings-sessions" />
          </ListRow>
        )}
      </List>
      <CurrencyChoice />
      <DisconnectButton />
    </div>
  )
}

/** The embedded wallet's email, opening the view that changes it (a social login without one: no row). */
function EmailRow() {
  const session = useService(EmbeddedSessionToken)
  const user = useObservableState(session.user$, null)
  const modal = useService(ModalStore)
  const { t } = useI18n()
  if (user?.email === undefined || user.email === '') return null
  return (
    <ListRow>
      <ListItem label={t('account.settings.email')} description={user.email} descriptionIsData onClick={() => modal.push('UpdateEmailWallet')} testId="settings-email" />
    </ListRow>
  )
}

/** The display currency: a radio list, the current one checked; what happens to rates said below it. */
function CurrencyChoice() {
  const store = useService(DisplayCurrencyStore)
  const state = useStore(store)
  const i18n = useI18n()
  const { t } = i18n
  const hint = useId()
  const rates = state.rates.status
  return (
    <div data-testid="settings-currency">
      <fieldset className="wg-currency-choice" aria-describedby={hint}>
        <legend className="wg-currency-legend">{t('account.settings.currency')}</legend>
        {DISPLAY_CURRENCIES.map((code) => (
          <label key={code} className="wg-currency-option" data-testid={`settings-currency-${code}`}>
            <input type="radio" name="wg-display-currency" value={code} checked={state.currency === code} onChange={() => store.select(code)} />
            <span className="wg-currency-code" data-i18n-data="">
              {code}
            </span>
            <span className="wg-currency-name" data-i18n-data="">
              {currencyName(code, i18n)}
            </span>
          </label>
        ))}
      </fieldset>
      <div id={hint} aria-live="polite">
        {state.display.fallback && rates === 'error' ? (
          <p className="wg-account-types-error" role="alert" data-testid="settings-rates-failed">
            {t('account.settings.ratesFailed')}{' '}
            <Button variant="ghost" onClick={() => store.retry()} data-testid="settings-rates-retry">
              {t('shell.tryAgain')}
            </Button>
          </p>
        ) : state.display.fallback ? (
          <p className="wg-muted" data-testid="settings-rates-loading">
            {t('account.settings.ratesLoading')}
          </p>
        ) : (
          <p className="wg-muted" data-testid="settings-currency-hint">
            {t('account.settings.currencyHint')}
          </p>
        )}
      </div>
    </div>
  )
}

/** "Euro" in the visitor's language (Intl knows every display currency's name); the code where it cannot say. */
function currencyName(code: DisplayCurrency, { locale }: Pick<I18n, 'locale'>): string {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'currency' }).of(code) ?? code
  } catch {
    return code
  }
}
