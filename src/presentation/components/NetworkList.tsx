import type { CaipNetwork } from '../../domain/entities'
import { List, ListRow } from './List'
import { ListItem } from './ListItem'
import { NetworkIcon } from './NetworkIcon'

export interface NetworkListProps {
  readonly label: string
  readonly networks: readonly CaipNetwork[]
  /** CAIP-2 of the active network (marked "Active" in text, not by colour only). */
  readonly activeCaipNetworkId: string | undefined
  /** The network being switched to, if any (its row says so; every row is disabled meanwhile). */
  readonly pendingCaipNetworkId?: string | undefined
  readonly onSelect: (network: CaipNetwork) => void
}

/** The configured networks, one row each (`data-testid="network-<caipNetworkId>"`), arrow keys move. */
export function NetworkList({ label, networks, activeCaipNetworkId, pendingCaipNetworkId, onSelect }: NetworkListProps) {
  return (
    <List label={label} testId="network-list">
      {networks.map((network) => {
        const active = network.caipNetworkId === activeCaipNetworkId
        const pending = network.caipNetworkId === pendingCaipNetworkId
        const tag = pending ? 'Switching' : active ? 'Active' : undefined
        return (
          <ListRow key={network.caipNetworkId}>
            <ListItem
              label={network.name}
              description={network.testnet === true ? 'Test network' : undefined}
              leading={<NetworkIcon name={network.name} imageUrl={network.assets?.imageUrl} />}
              tag={tag}
              disabled={pendingCaipNetworkId !== undefined}
              onClick={() => onSelect(network)}
              testId={`network-${network.caipNetworkId}`}
            />
          </ListRow>
        )
      })}
    </List>
  )
}
