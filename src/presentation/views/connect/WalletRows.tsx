import type { ConnectRow, WalletConnectWallet } from '../../../application/connection/connect-rows'
import { WALLETCONNECT_CONNECTOR_ID, chainFamilyLabel } from '../../../domain/connection/connectors'
import { ListRow, WalletConnectLogo, WalletRow } from '../../components'
import { safeWebLink } from '../../../domain/validation/safe-links'
import { useI18n } from '../../i18n/i18n'

export interface WalletRowsProps {
  readonly rows: readonly ConnectRow[]
  /** An installed wallet was chosen. */
  readonly onConnect: (connectorId: string) => void
  /** A wallet reachable over WalletConnect was chosen (absent: such rows stay "get" links). */
  readonly onChooseWallet?: (wallet: WalletConnectWallet) => void
}

/**
 * Rows of a wallet list: installed wallets connect, wallets with WalletConnect links connect over
 * WalletConnect, others link to getting the wallet. A wallet whose only link the allow-list
 * refused is not listed: no row offers a link that would do nothing.
 */
export function WalletRows({ rows, onConnect, onChooseWallet }: WalletRowsProps) {
  const { t } = useI18n()
  const tag = (row: ConnectRow) => (row.tag === undefined ? undefined : t(`connect.tag.${row.tag}`))
  const shown = rows.filter(
    (row) => row.kind === 'connector' || (row.walletConnect !== undefined && onChooseWallet !== undefined) || safeWebLink(row.href) !== undefined,
  )
  return (
    <>
      {shown.map((row) => (
        <ListRow key={`${row.kind}:${row.key}`}>
          {row.kind === 'connector' ? (
            <WalletRow
              testKey={row.key}
              name={row.name}
              imageUrl={row.imageUrl}
              tag={tag(row)}
              families={row.chains?.map(chainFamilyLabel)}
              icon={row.connectorId === WALLETCONNECT_CONNECTOR_ID ? <WalletConnectLogo /> : undefined}
              onClick={() => onConnect(row.connectorId)}
            />
          ) : row.walletConnect !== undefined && onChooseWallet !== undefined ? (
            <WalletRow
              testKey={row.key}
              name={row.name}
              imageUrl={row.imageUrl}
              tag={tag(row)}
              onClick={() => onChooseWallet(row.walletConnect as WalletConnectWallet)}
            />
          ) : (
            <WalletRow
              testKey={row.key}
              name={row.name}
              imageUrl={row.imageUrl}
              tag={tag(row)}
              description={t('connect.getThisWallet')}
              href={safeWebLink(row.href)}
            />
          )}
        </ListRow>
      ))}
    </>
  )
}
