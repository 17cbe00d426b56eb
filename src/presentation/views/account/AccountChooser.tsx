import { ChooseAccount } from '../../../application/account/choose-account'
import { shortAddress } from '../../../domain/format/address'
import { Button, useStore } from '../../components'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'
import { failureText } from '../../i18n/rules'

/**
 * The accounts the wallet shared, each by the name it gave it (a polkadot extension's accounts),
 * the one in use marked; choosing another asks the wallet nothing. Shown only when there is a choice.
 */
export function AccountChooser({ active, accounts }: { active: string; accounts: readonly { readonly address: string; readonly name?: string }[] }) {
  const chooser = useService(ChooseAccount)
  const state = useStore(chooser)
  const i18n = useI18n()
  return (
    <div className="wg-account-types" data-testid="account-chooser">
      <div role="group" aria-label={i18n.t('account.tabs')} className="wg-account-types-buttons wg-account-chooser">
        {accounts.map(({ address, name }) => (
          <Button
            key={address}
            variant={address === active ? 'primary' : 'secondary'}
            aria-pressed={address === active}
            loading={state.status === 'choosing' && state.address === address}
            disabled={state.status === 'choosing'}
            onClick={() => void chooser.choose(address)}
            title={address}
            data-testid={`account-choice-${address}`}
          >
            <bdi data-i18n-data="">{name ?? shortAddress(address)}</bdi>
          </Button>
        ))}
      </div>
      {state.status === 'error' && (
        <p className="wg-account-types-error" role="alert" data-testid="account-choice-error">
          {failureText(i18n, state.error)}
        </p>
      )}
    </div>
  )
}
