/**
 * When a network switch lands on a network the host did not request (spec section 4): the
 * UnsupportedChain view opens if network switching is enabled, unsupported chains are disallowed
 * and the session is not a basic one.
 */
import type { CaipNetworkId } from '../entities'

export interface UnsupportedChainContext {
  caipNetworkId: CaipNetworkId | undefined
  requestedCaipNetworkIds: readonly CaipNetworkId[]
  networkSwitchingEnabled: boolean
  allowUnsupportedChain: boolean
  isBasicSession: boolean
}

export function isRequestedNetwork(
  caipNetworkId: CaipNetworkId | undefined,
  requested: readonly CaipNetworkId[],
): boolean {
  return caipNetworkId !== undefined && requested.includes(caipNetworkId)
}

export function shouldShowUnsupportedChain(ctx: UnsupportedChainContext): boolean {
  return (
    !isRequestedNetwork(ctx.caipNetworkId, ctx.requestedCaipNetworkIds) &&
    ctx.networkSwitchingEnabled &&
    !ctx.allowUnsupportedChain &&
    !ctx.isBasicSession
  )
}
