import { useEffect } from 'react'
import { useObservableState } from 'observable-hooks'
import { AllWalletsStore } from '../../../application/connection/all-wallets-store'
import { listingRow } from '../../../application/connection/connect-rows'
import { WalletConnectQr } from '../../../application/connection/walletconnect-qr'
import { WalletCatalogue } from '../../../ports/wallet-catalogue'
import { WalletConnectors } from '../../../ports/wallet-connectors'
import { List, Spinner } from '../../components'
import { useService } from '../../di-context'
import { WalletRows } from '../connect/WalletRows'

/**
 * ConnectingWalletConnectBasic's wallet list: the catalogue's wallets that WalletConnect reaches
 * (featured first, the first page); choosing one shows ConnectingWalletConnect for it.
 */
export function WalletConnectWalletList() {
  const store = useService(AllWalletsStore)
  const wallets = useService(WalletConnectors)
  const catalogue = useService(WalletCatalogue)
  const walletConnect = useService(WalletConnectQr)
  const state = useObservableState(store.state$, () => store.snapshot)
  const connectors = useObservableState(wallets.connectors$, () => wallets.connectors)

  useEffect(() => {
    store.start()
  }, [store])

  if (state.status === 'idle' || state.status === 'loading') return <Spinner size="md" label="Loading wallets" />
  if (state.status !== 'ready') return null
  const rows = state.wallets
    .map((w) => listingRow(w, connectors, catalogue, state.featuredIds.includes(w.id) ? 'Featured' : undefined))
    .filter((row) => row.kind === 'wallet' && row.walletConnect !== undefined)
  if (rows.length === 0) return null
  return (
    <List label="Wallets" testId="walletconnect-wallet-list">
      <WalletRows rows={rows} onConnect={() => undefined} onChooseWallet={(wallet) => void walletConnect.chooseWallet(wallet)} />
    </List>
  )
}
