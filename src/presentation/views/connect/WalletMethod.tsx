import type { SyntheticEvent } from 'react'
import { useObservableState } from 'observable-hooks'
import { ConnectorsStore } from '../../../application/connection/connectors-store'
import { WalletConnectEntry } from '../../../application/connection/walletconnect-entry'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../domain/connection/connectors'
import { ModalStore } from '../../../application/modal-store'
import { ModuleLoader } from '../../../composition/module-loader'
import { SnackStore } from '../../../application/snack-store'
import { List, ListItem, ListRow, Notice, Button } from '../../components'
import { useService } from '../../di-context'
import { WalletRows } from './WalletRows'
import { MIDLINE_ELLIPSIS } from '../../../domain/format/glyphs'
import { useI18n } from '../../i18n/i18n'
import type { MessageKey } from '../../i18n/catalogue'

/**
 * The wallet connect method: the wallets in connector type order, "All Wallets", and what a wallet
 * is. With a `limit` (Connect, when email or socials follow), the first rows and "More wallets",
 * which opens ConnectWallets with them all. Without a browser wallet it leads to AllWallets.
 */
export function WalletMethod({ limit }: { limit?: number | undefined }) {
  const store = useService(ConnectorsStore)
  const loader = useService(ModuleLoader)
  const snack = useService(SnackStore)
  const modal = useService(ModalStore)
  const walletConnect = useService(WalletConnectEntry)
  const model = useObservableState(store.state$, () => store.snapshot)
  const { t } = useI18n()
  const connect = (id: string) =>
    loader.load('connectFlow').then(
      (flow) => flow.connect(id),
      () => snack.showError(t('shell.loadFailed')),
    )

  const rows = model.groups.flatMap((group) => group.rows)
  // Rows held for the catalogue's answer count against the limit, so nothing below moves when it comes.
  const more = limit !== undefined && rows.length + model.placeholders > limit
  const shown = more ? rows.slice(0, limit) : rows
  const placeholders = more ? limit - shown.length : model.placeholders
  // Pointing at or focusing the WalletConnect row loads WalletConnect and opens its relay link, so
  // the QR shows sooner after the click (the choose-to-QR time).
  const warmWalletConnect = (event: SyntheticEvent) => {
    if (event.target instanceof Element && event.target.closest(`[data-testid="wallet-${WALLETCONNECT_CONNECTOR_ID}"]`)) {
      void walletConnect.preconnect()
    }
  }
  const tail = (testId: string, label: string, view: 'AllWallets' | 'ConnectWallets') => (
    <ListRow>
      <ListItem
        testId={testId}
        label={label}
        leading={
          <span className="wg-image wg-image-md wg-image-placeholder" aria-hidden="true">
            {MIDLINE_ELLIPSIS}
          </span>
        }
        onClick={() => modal.push(view)}
      />
    </ListRow>
  )
  return (
    <div className="wg-connect-method" data-testid="connect-method-wallet" onPointerOver={warmWalletConnect} onFocus={warmWalletConnect}>
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
          rows={shown}
          onConnect={(id) => void (id === WALLETCONNECT_CONNECTOR_ID ? walletConnect.connect() : connect(id))}
          onChooseWallet={(wallet) => void walletConnect.chooseWallet(wallet)}
        />
        {Array.from({ length: placeholders }, (_, i) => (
          <li key={i} className="wg-skeleton-row" aria-hidden="true">
            <span className="wg-skeleton-box" />
            <span className="wg-skeleton-box" />
          </li>
        ))}
        {more ? tail('more-wallets', t('connect.moreWallets'), 'ConnectWallets') : model.showAllWallets && tail('all-wallets', t('connect.allWallets'), 'AllWallets')}
      </List>
      {/* With "More wallets", on ConnectWallets: the methods below stay in sight on a phone. */}
      {!more && (
        <Button variant="ghost" fullWidth className="wg-help" data-testid="wallet-help" onClick={() => modal.push('WhatIsAWallet')}>
          {t('connect.whatIsWallet')}
        </Button>
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
