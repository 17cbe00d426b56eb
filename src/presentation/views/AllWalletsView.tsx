import { useEffect, useRef } from 'react'
import { useObservableState } from 'observable-hooks'
import { pluralText } from '../i18n/rules'
import { AllWalletsStore, hasMoreWallets } from '../../application/connection/all-wallets-store'
import { ConnectExternal } from '../../application/connection/connect-external'
import { listingRow } from '../../application/connection/connect-rows'
import { ConnectorsStore } from '../../application/connection/connectors-store'
import { WalletConnectQr } from '../../application/connection/walletconnect-qr'
import { Button, List, Skeleton } from '../components'
import { useService } from '../di-context'
import { WalletRows } from './connect/WalletRows'
import { NoWalletFound, WalletSearch, WalletsLoadFailed } from './connect/WalletSearchParts'
import { useI18n } from '../i18n/i18n'
import { addEnglish } from '../i18n/i18n'
import { connecting } from '../i18n/messages/connecting'

// This view's texts come with its chunk (../i18n/english.ts).
addEnglish(connecting)

/** Every wallet of the catalogue: featured first, pages of 40 on scroll, debounced search. */
export default function AllWalletsView() {
  const store = useService(AllWalletsStore)
  const connect = useService(ConnectExternal)
  const wallets = useService(ConnectorsStore)
  const walletConnect = useService(WalletConnectQr)
  const state = useObservableState(store.state$, () => store.snapshot)
  const connectors = useObservableState(wallets.connectors$, () => wallets.connectors)
  const sentinel = useRef<HTMLDivElement>(null)
  const list = useRef<HTMLDivElement>(null)
  const i18n = useI18n()
  const { t } = i18n

  useEffect(() => {
    store.start()
  }, [store])

  const canLoadMore = hasMoreWallets(state)
  const loadedCount = state.status === 'ready' ? state.wallets.length : 0
  useEffect(() => {
    const target = sentinel.current
    if (!canLoadMore || target === null || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void store.loadMore()
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [canLoadMore, store, loadedCount])

  const rows =
    state.status === 'ready'
      ? state.wallets.map((w) => listingRow(w, connectors, store, state.featuredIds.includes(w.id) ? 'Featured' : undefined))
      : []

  return (
    <div className="wg-view" data-testid="view-AllWallets">
      <WalletSearch
        query={state.query}
        onChange={(q) => store.setQuery(q)}
        list={list}
        testId="wallet-search"
        // A visitor opens All Wallets to find one: the box takes the typing at once (not on a
        // phone, where the keyboard would cover the list).
        autoFocus={!walletConnect.opensDeepLinks}
      />
      {state.status === 'loading' || state.status === 'idle' ? (
        <Skeleton label={t('connect.loadingWallets')} rows={6} testId="all-wallets-loading" />
      ) : state.status === 'error' ? (
        <WalletsLoadFailed error={state.error} onRetry={() => store.retry()} />
      ) : rows.length === 0 ? (
        <NoWalletFound query={state.query} testId="wallet-search-empty" />
      ) : (
        <div ref={list}>
          <p className="wg-muted wg-visually-hidden" role="status">
            {state.query.trim() === '' ? pluralText(i18n, 'connect.walletCount', state.count) : pluralText(i18n, 'connect.walletsFound', rows.length)}
          </p>
          <List label={t('connect.allWallets')} testId="all-wallets-list">
            <WalletRows
              rows={rows}
              onConnect={(id) => void connect.connect(id)}
              onChooseWallet={(wallet) => void walletConnect.chooseWallet(wallet)}
            />
          </List>
          {canLoadMore && (
            <div ref={sentinel} className="wg-load-more">
              <Button variant="ghost" fullWidth loading={state.loadingMore} onClick={() => void store.loadMore()}>
                {t('connect.showMore')}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  )
}
