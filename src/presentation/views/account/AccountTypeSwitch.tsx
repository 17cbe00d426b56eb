import { SwitchAccountType } from '../../../application/account/switch-account-type'
import type { AccountType } from '../../../domain/entities'
import { Button, useStore } from '../../components'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'
import { failureText } from '../../i18n/rules'


/**
 * The account type of the connection (bip122: the payment or the ordinals address; the embedded
 * wallet: its smart account or its EOA) and a switch
 * between the types its wallet shared. Shown only when there is a choice.
 */
export function AccountTypeSwitch({ active, choices }: { active: AccountType | undefined; choices: readonly AccountType[] }) {
  const switcher = useService(SwitchAccountType)
  const state = useStore(switcher)
  const i18n = useI18n()
  // What each account type is called on screen (a type the catalogue does not name shows as it is).
  const label = (type: AccountType) => i18n.text(`account.type.${type}`) ?? type
  return (
    <div className="wg-account-types" data-testid="account-type-switch">
      <div role="group" aria-label={i18n.t('account.accountType')} className="wg-account-types-buttons">
        {choices.map((type) => (
          <Button
            key={type}
            variant={type === active ? 'primary' : 'secondary'}
            aria-pressed={type === active}
            loading={state.status === 'switching' && state.accountType === type}
            disabled={state.status === 'switching'}
            onClick={() => void switcher.switchTo(type)}
            data-testid={`account-type-${type}`}
          >
            {label(type)}
          </Button>
        ))}
      </div>
      {state.status === 'error' && (
        <p className="wg-account-types-error" role="alert" data-testid="account-type-error">
          {failureText(i18n, state.error)}
        </p>
      )}
    </div>
  )
}
