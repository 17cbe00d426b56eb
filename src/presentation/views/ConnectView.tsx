import { lazy, Suspense, useEffect } from 'react'
import { useObservableState } from 'observable-hooks'
import { ConnectorsStore } from '../../application/connection/connectors-store'
import { ModalStore } from '../../application/modal-store'
import { ListItem } from '../components'
import { useService } from '../di-context'
import { WalletMethod } from './connect/WalletMethod'
import { EmailField } from './connect/EmailField'
import { useI18n } from '../i18n/i18n'

// Its own chunk: the social buttons wait for the social login, which names the socials on offer.
const SocialButtons = lazy(() => import('./connect/SocialButtons'))

/**
 * Connect: the connect methods in connect-method order (only those that work in this version), the
 * wallets in connector type order. When email or socials follow the wallets, the first wallet rows
 * only (the rest behind "More wallets"), so that every way in is in sight on a phone; with
 * `collapseWallets`, one "Continue with a wallet" row.
 */
export default function ConnectView() {
  const store = useService(ConnectorsStore)
  const modal = useService(ModalStore)
  const model = useObservableState(store.state$, () => store.snapshot)
  const { t } = useI18n()

  useEffect(() => {
    // The catalogue, and the connection flow's chunk, a moment after the view shows (ConnectorsStore).
    void store.load()
  }, [store])
  return (
    <div className="wg-view" data-testid="view-Connect">
      {model.methods.map((method) =>
        method === 'wallet' ? (
          model.collapseWallets ? (
            <ListItem key={method} testId="continue-with-wallet" label={t('connect.continueWithWallet')} onClick={() => modal.push('ConnectWallets')} />
          ) : (
            <WalletMethod key={method} limit={model.walletRowLimit} />
          )
        ) : method === 'email' ? (
          <EmailField key={method} />
        ) : (
          <Suspense key={method} fallback={null}>
            <SocialButtons />
          </Suspense>
        ),
      )}
    </div>
  )
}

/**
 * Every wallet Connect would list, in connector type order, with "All Wallets" and what a wallet is:
 * reached from Connect's "More wallets" or, with `collapseWallets`, its "Continue with a wallet".
 */
export function ConnectWalletsView() {
  const store = useService(ConnectorsStore)
  useEffect(() => {
    // Opened straight from the host page (`open({ view: 'ConnectWallets' })`), Connect did not ask yet.
    void store.load()
  }, [store])
  return (
    <div className="wg-view" data-testid="view-ConnectWallets">
      <WalletMethod />
    </div>
  )
}
