import { chainFamilyLabel } from '../../domain/connection/connectors'
import type { CaipNetwork } from '../../domain/entities'
import { groupByFamily } from '../../domain/network/network-groups'
import { List, ListRow } from './List'
import { ListItem } from './ListItem'
import { NetworkIcon } from './NetworkIcon'
import { useI18n } from '../i18n/i18n'
import { addEnglish } from '../i18n/i18n'
import { shared } from '../i18n/messages/shared'

// Its texts come with it (../i18n/english.ts).
addEnglish(shared)

export interface NetworkListProps {
  readonly label: string
  readonly networks: readonly CaipNetwork[]
  /** CAIP-2 of the active network (marked "Active" in text, not by colour only). */
  readonly activeCaipNetworkId: string | undefined
  /** The networks other connected chain families are on (marked "Connected"). */
  readonly connectedCaipNetworkIds?: readonly string[] | undefined
  /** The network being switched to, if any (its row says so; every row is disabled meanwhile). */
  readonly pendingCaipNetworkId?: string | undefined
  readonly onSelect: (network: CaipNetwork) => void
}

/**
 * The configured networks, one row each (`data-testid="network-<caipNetworkId>"`), arrow keys move
 * through all of them. Networks of several chain families are grouped by family, each group under
 * its family's name (`data-testid="network-group-<namespace>"`), in the host's order.
 */
export function NetworkList({ label, networks, activeCaipNetworkId, connectedCaipNetworkIds, pendingCaipNetworkId, onSelect }: NetworkListProps) {
  const { t } = useI18n()
  const groups = groupByFamily(networks)
  const rows = (list: readonly CaipNetwork[]) =>
    list.map((network) => {
      const active = network.caipNetworkId === activeCaipNetworkId
      const pending = network.caipNetworkId === pendingCaipNetworkId
      const tag = pending
        ? t('shell.switching')
        : active
          ? t('shell.active')
          : connectedCaipNetworkIds?.includes(network.caipNetworkId) === true
            ? t('shell.connectedNetwork')
            : undefined
      return (
        <ListRow key={network.caipNetworkId}>
          <ListItem
            label={network.name}
            labelIsData
            description={network.testnet === true ? t('shell.testNetwork') : undefined}
            leading={<NetworkIcon name={network.name} imageUrl={network.assets?.imageUrl} />}
            tag={tag}
            disabled={pendingCaipNetworkId !== undefined}
            onClick={() => onSelect(network)}
            testId={`network-${network.caipNetworkId}`}
          />
        </ListRow>
      )
    })
  return (
    <List label={label} testId="network-list">
      {groups.length < 2
        ? rows(networks)
        : groups.map((group) => {
            const name = chainFamilyLabel(group.namespace)
            return (
              <li key={group.namespace} className="wg-list-group" data-testid={`network-group-${group.namespace}`}>
                <p className="wg-list-group-title" aria-hidden="true" data-i18n-data="">
                  {name}
                </p>
                <ul className="wg-list" aria-label={t('shell.familyNetworks', { family: name })}>
                  {rows(group.networks)}
                </ul>
              </li>
            )
          })}
    </List>
  )
}
