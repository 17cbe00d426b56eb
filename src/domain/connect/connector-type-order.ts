/**
 * Connector type display order (spec section 2): walletConnect, recent, injected, featured,
 * custom, external, recommended by default. A configured order wins; enabled types it does not
 * list follow in the default order. Recommended wallets are capped at 4 (section 9).
 */
import { DEFAULT_CONNECTOR_TYPE_ORDER, RECOMMENDED_WALLETS_LIMIT } from '../constants'
import { CONNECTOR_TYPE_GROUPS, type ConnectorTypeGroup } from '../entities'

export interface ConnectorTypeOrderInput {
  /** The host's configured order, if any. */
  configured?: readonly ConnectorTypeGroup[]
  /** Types that are enabled (have something to show). Defaults to every type. */
  enabled?: readonly ConnectorTypeGroup[]
}

export function resolveConnectorTypeOrder(input: ConnectorTypeOrderInput = {}): ConnectorTypeGroup[] {
  const enabled = new Set<ConnectorTypeGroup>(input.enabled ?? CONNECTOR_TYPE_GROUPS)
  const result: ConnectorTypeGroup[] = []
  for (const type of input.configured ?? []) {
    if (enabled.has(type) && !result.includes(type)) result.push(type)
  }
  for (const type of DEFAULT_CONNECTOR_TYPE_ORDER) {
    if (enabled.has(type) && !result.includes(type)) result.push(type)
  }
  return result
}

/** At most 4 recommended wallets are shown. */
export function capRecommendedWallets<T>(wallets: readonly T[]): T[] {
  return wallets.slice(0, RECOMMENDED_WALLETS_LIMIT)
}
