import { useEffect, useRef, useState } from 'react'
import { useObservableState } from 'observable-hooks'
import { AllWalletsStore, hasMoreWallets } from '../../../application/connection/all-wallets-store'
import { listingRow } from '../../../application/connection/connect-rows'
import { ConnectorsStore } from '../../../application/connection/connectors-store'
import { WalletConnectQr } from '../../../application/connection/walletconnect-qr'
import { Button, List, Skeleton } from '../../components'
import { useService } from '../../di-context'
import { WalletRows } from '../connect/WalletRows'
import { NoWalletFound, WalletSearch, WalletsLoadFailed } from '../connect/WalletSearchParts'
import { useI18n } from '../../i18n/i18n'

/**
 * ConnectingWalletConnectBasic's wallet list: the catalogue's wallets that WalletConnect reaches
 * (featured first), with a search and more pages on demand; choosing one shows
 * ConnectingWalletConnect for it. A failed load says so and offers to try again.
 */
export function WalletConnectWalletList() {
  const store = useService(AllWalletsStore)
  const wallets = useService(ConnectorsStore)
  const walletConnect = useService(WalletConnectQr)
  const state = useObservableState(store.state$, () => store.snapshot)
  const connectors = useObservableState(wallets.connectors$, () => wallets.connectors)

  const list = useRef<HTMLDivElement>(null)
  const { t } = useI18n()
  // Whether a list was ever shown (React's "state from earlier renders": set while rendering).
  const [listShown, setListShown] = useState(false)

  useEffect(() => {
    store.start()
  }, [store])

  // The search box stays through every load (a cleared query reloads the first page): it never
  // vanishes under the visitor's cursor.
  const search = (
    <WalletSearch query={state.query} onChange={(q) => store.setQuery(q)} list={list} testId="walletconnect-wallet-search" />
  )
  if (state.status === 'idle' || state.status === 'loading') {
    return (
      <>
        {search}
        <Skeleton label={t('connect.loadingWallets')} rows={4} />
      </>
    )
  }
  if (state.status === 'error') {
    return (
      <>
        {search}
        <WalletsLoadFailed error={state.error} onRetry={() => store.retry()} testId="walletconnect-wallet-error" />
      </>
    )
  }
  const rows = state.wallets
    .map((w) => listingRow(w, connectors, store, state.featuredIds.includes(w.id) ? 'Featured' : undefined))
    .filter((row) => row.kind === 'wallet' && row.walletConnect !== undefined)
  if (!listShown && rows.length > 0) setListShown(true)
  const searching = state.query.trim() !== ''
  const canLoadMore = hasMoreWallets(state)
  // A catalogue without WalletConnect wallets: no list and no search box (the QR code above is the
  // way to connect). Once a list was shown, the box stays (clearing a search that found nothing
  // passes through an empty list).
  if (rows.length === 0 && !searching && !canLoadMore && !listShown) return null
  return (
    <>
      {search}
      {rows.length === 0 && searching && <NoWalletFound query={state.query} testId="walletconnect-wallet-empty" />}
      {rows.length > 0 && (
        <div ref={list}>
          <List label={t('connect.wallets')} testId="walletconnect-wallet-list">
            <WalletRows rows={rows} onConnect={() => undefined} onChooseWallet={(wallet) => void walletConnect.chooseWallet(wallet)} />
          </List>
        </div>
      )}
      {canLoadMore && (
        <Button variant="ghost" fullWidth loading={state.loadingMore} onClick={() => void store.loadMore()} data-testid="walletconnect-wallet-more">
          {t('connect.showMore')}
        </Button>
      )}
    </>
  )
}
