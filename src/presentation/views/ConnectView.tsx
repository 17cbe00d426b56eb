import { lazy, Suspense, useEffect, type SyntheticEvent } from 'react'
import { useObservableState } from 'observable-hooks'
import { ConnectorsStore } from '../../application/connection/connectors-store'
import { WalletConnectEntry } from '../../application/connection/walletconnect-entry'
import { WALLETCONNECT_CONNECTOR_ID } from '../../domain/connection/connectors'
import { ModalStore } from '../../application/modal-store'
import { ModuleLoader } from '../../composition/module-loader'
import { SnackStore } from '../../application/snack-store'
import { List, ListItem, ListRow, Notice, Button } from '../components'
import { useService } from '../di-context'
import { WalletRows } from './connect/WalletRows'
import { EmailField } from './connect/EmailField'
import { MIDLINE_ELLIPSIS } from '../../domain/format/glyphs'
import { useI18n } from '../i18n/i18n'
import type { MessageKey } from '../i18n/catalogue'

// Its own chunk: the social buttons wait for the social login, which names the socials on offer.
const SocialButtons = lazy(() => import('./connect/SocialButtons'))

/**
 * Connect: the connect methods in connect-method order (only those that work in this version) and
 * the wallets in connector type order. Without a browser wallet it leads to AllWallets to get one.
 */
export default function ConnectView() {
  const store = useService(ConnectorsStore)
  const loader = useService(ModuleLoader)
  const snack = useService(SnackStore)
  const modal = useService(ModalStore)
  const walletConnect = useService(WalletConnectEntry)
  const model = useObservableState(store.state$, () => store.snapshot)
  const { t } = useI18n()

  useEffect(() => {
    // The catalogue, and the connection flow's chunk, a moment after the view shows (ConnectorsStore).
    void store.load()
  }, [store])
  const connect = (id: string) =>
    loader.load('connectFlow').then(
      (flow) => flow.connect(id),
      () => snack.showError(t('shell.loadFailed')),
    )

  const rows = model.groups.flatMap((group) => group.rows)
  // Pointing at or focusing the WalletConnect row loads WalletConnect and opens its relay link, so
  // the QR shows sooner after the click (the choose-to-QR time).
  const warmWalletConnect = (event: SyntheticEvent) => {
    if (event.target instanceof Element && event.target.closest(`[data-testid="wallet-${WALLETCONNECT_CONNECTOR_ID}"]`)) {
      void walletConnect.preconnect()
    }
  }
  return (
    <div className="wg-view" data-testid="view-Connect">
      {model.methods.map((method) =>
        method === 'wallet' ? (
          <div
            key={method}
            className="wg-connect-method"
            data-testid="connect-method-wallet"
            onPointerOver={warmWalletConnect}
            onFocus={warmWalletConnect}
          >
            {!model.hasBrowserWallet && (
              <Notice
                testId="no-wallet-installed"
                {...textsOf(
                  t,
                  noBrowserWalletNotice(
                    walletConnect.opensDeepLinks,
                    rows.some((row) => row.kind === 'connector' && row.connectorId === WALLETCONNECT_CONNECTOR_ID),
                  ),
                )}
                actions={
                  <Button variant="secondary" fullWidth onClick={() => modal.push('AllWallets')}>
                    {t('connect.getWallet')}
                  </Button>
                }
              />
            )}
            <List label={t('connect.wallets')} testId="connect-wallet-list">
              <WalletRows
                rows={rows}
                onConnect={(id) => void (id === WALLETCONNECT_CONNECTOR_ID ? walletConnect.connect() : connect(id))}
                onChooseWallet={(wallet) => void walletConnect.chooseWallet(wallet)}
              />
              {Array.from({ length: model.placeholders }, (_, i) => (
                <li key={i} className="wg-skeleton-row" aria-hidden="true">
                  <span className="wg-skeleton-box" />
                  <span className="wg-skeleton-box" />
                </li>
              ))}
              {model.showAllWallets && (
                <ListRow>
                  <ListItem
                    testId="all-wallets"
                    label={t('connect.allWallets')}
                    leading={
                      <span className="wg-image wg-image-md wg-image-placeholder" aria-hidden="true">
                        {MIDLINE_ELLIPSIS}
                      </span>
                    }
                    onClick={() => modal.push('AllWallets')}
                  />
                </ListRow>
              )}
            </List>
            <Button variant="ghost" fullWidth className="wg-help" data-testid="wallet-help" onClick={() => modal.push('WhatIsAWallet')}>
              {t('connect.whatIsWallet')}
            </Button>
          </div>
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
 * What Connect says when this browser has no wallet. With WalletConnect on offer that is no dead
 * end: on a phone the wallet apps are in the list; on a desktop a phone's wallet scans the QR code.
 */
function noBrowserWalletNotice(phone: boolean, walletConnect: boolean): { title: MessageKey; message: MessageKey } {
  if (walletConnect && phone) return { title: 'connect.noWalletInBrowser', message: 'connect.noWalletInBrowserText' }
  if (walletConnect) return { title: 'connect.noWalletInstalled', message: 'connect.scanOrInstall' }
  return { title: 'connect.noWalletInstalled', message: 'connect.needBrowserWallet' }
}

function textsOf(t: (key: MessageKey) => string, keys: { title: MessageKey; message: MessageKey }): { title: string; message: string } {
  return { title: t(keys.title), message: t(keys.message) }
}
