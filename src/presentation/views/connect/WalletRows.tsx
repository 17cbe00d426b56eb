import type { ConnectRow } from '../../../application/connection/connect-rows'
import { ListRow, WalletRow } from '../../components'
import { safeLinkUrl } from '../../components/safe-image-url'

/** Rows of a wallet list: installed wallets connect, others link to getting the wallet. */
export function WalletRows({ rows, onConnect }: { rows: readonly ConnectRow[]; onConnect: (connectorId: string) => void }) {
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
              onClick={() => onConnect(row.connectorId)}
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
