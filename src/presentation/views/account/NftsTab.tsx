import { useEffect } from 'react'
import { useObservableState } from 'observable-hooks'
import { NftHoldingsStore } from '../../../application/account/nft-holdings'
import { ConnectionStore } from '../../../application/connection-store'
import { Button, Notice, SafeImage, Skeleton, useStore } from '../../components'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'

/** What the history reveals the account holds, or a clear empty state. */
export default function NftsTab() {
  const store = useService(NftHoldingsStore)
  const state = useStore(store)
  const connection = useService(ConnectionStore)
  const account = useObservableState(connection.state$, () => connection.snapshot)
  const { t } = useI18n()
  const caipAddress = account.status === 'connected' ? account.caipAddress : undefined
  // Read again for another account or network (the CAIP-10 address carries the network).
  useEffect(() => {
    void store.load()
  }, [store, caipAddress])
  if (state.status === 'idle' || state.status === 'loading') return <Skeleton label={t('account.loadingNfts')} rows={4} grid testId="nfts-loading" />
  if (state.status === 'error') {
    return (
      <Notice
        title={t('account.nftsUnavailable')}
        message={t('account.nftsUnavailableText')}
        tone="error"
        testId="nfts-error"
        actions={
          <Button variant="secondary" onClick={() => void store.load()}>
            {t('shell.tryAgain')}
          </Button>
        }
      />
    )
  }
  if (state.nfts.length === 0) {
    return <Notice title={t('account.noNfts')} message={t('account.noNftsText')} testId="nfts-empty" />
  }
  return (
    <ul className="wg-nft-grid" aria-label={t('account.nfts')} data-testid="nft-list">
      {state.nfts.map((nft) => (
        <li key={nft.name} className="wg-nft" data-testid="nft-item">
          <SafeImage src={nft.imageUrl} fallbackText={nft.name} size="lg" className="wg-nft-image" />
          <bdi className="wg-nft-name" data-i18n-data="">
            {nft.name}
          </bdi>
        </li>
      ))}
    </ul>
  )
}
