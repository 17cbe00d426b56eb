import type { ConnectRow, WalletConnectWallet } from '../../../application/connection/connect-rows'
import { chainFamilyLabel } from '../../../domain/connection/connectors'
import { ListRow, WalletRow } from '../../components'
import { safeLinkUrl } from '../../components/safe-image-url'

export interface WalletRowsProps {
  readonly rows: readonly ConnectRow[]
  /** An installed wallet was chosen. */
  readonly onConnect: (connectorId: string) => void
  /** A wallet reachable over WalletConnect was chosen (absent: such rows stay "get" links). */
  readonly onChooseWallet?: (wallet: WalletConnectWallet) => void
}

/**
 * Rows of a wallet list: installed wallets connect, wallets with WalletConnect links connect over
 * WalletConnect, others link to getting the wallet.
 */
export function WalletRows({ rows, onConnect, onChooseWallet }: WalletRowsProps) {
  return (
    <>
      {rows.map((row) => (
        <ListRow key={`${row.kind}:${row.key}`}>
          {row.kind === 'connector' ? (
            <WalletRow
              testKey={row.key}
              name={row.name}
              imageUrl={row.imageUrl}
              tag={row.tag}
              families={row.chains?.map(chainFamilyLabel)}
              onClick={() => onConnect(row.connectorId)}
            />
          ) : row.walletConnect !== undefined && onChooseWallet !== undefined ? (
            <WalletRow
              testKey={row.key}
              name={row.name}
              imageUrl={row.imageUrl}
              tag={row.tag}
              onClick={() => onChooseWallet(row.walletConnect as WalletConnectWallet)}
            />
          ) : (
            <WalletRow
              testKey={row.key}
              name={row.name}
              imageUrl={row.imageUrl}
              tag={row.tag}
              description={safeLinkUrl(row.href) === undefined ? 'Not available here' : 'Get this wallet'}
              href={safeLinkUrl(row.href)}
              disabled={safeLinkUrl(row.href) === undefined}
            />
          )}
        </ListRow>
      ))}
    </>
  )
}
