/**
 * Gas the app pays (docs/sponsorship.md), bound with the send path: the connected smart account's
 * paymaster capability, the visitor's sign-in session shown to the paymaster service, and the
 * transfers that go to the wallet with the app's paymaster when the review found them sponsored.
 */
import type { ResolutionContext } from 'inversify'
import type { ResolvedConfig } from '../../domain/config'
import type { ChainNamespace } from '../../domain/entities'
import type { Eip1193Provider } from '../../domain/chains/wallet-providers'
import { featureFamily } from '../../domain/feature-constants'
import { AUTH_CONNECTOR_ID } from '../../domain/connection/connectors'
import { ConnectionStore } from '../../application/connection-store'
import { GasSponsorship } from '../../application/sponsorship/gas-sponsorship'
import { sponsoredTransfers, transferCalls } from '../../application/sponsorship/sponsored-transfers'
import type { ReviewSendDeps } from '../../application/send/review-send'
import { ChainFamilies } from '../../ports/chain-family'
import { KeyValueStorage } from '../../ports/key-value-storage'
import { Logger } from '../../ports/logger'
import { PaymasterService } from '../../ports/paymaster-service'
import { SponsoredCalls } from '../../ports/sponsored-calls'
import { TokenTransfers } from '../../ports/token-transfers'
import { Eip155SponsoredCalls } from '../../infrastructure/chains/eip155/sponsored-calls'
import { serverSessionToken } from '../../infrastructure/siwx/server-session-tokens'
import type { Binder } from '../binder'

/** The smart-account family (ERC-4337 and ERC-7677 are EVM standards, as ERC-7715 session keys are). */
const family = () => featureFamily('smartSessions')

/** The app's paymaster service on a network: the blockchain service's ERC-7677 route for the project. */
export function paymasterUrl(config: ResolvedConfig, caipNetworkId: string): string {
  const reference = caipNetworkId.slice(caipNetworkId.indexOf(':') + 1)
  const base = config.services.blockchainApi.replace(/\/+$/, '')
  return `${base}/v1/paymaster/${encodeURIComponent(reference)}?projectId=${encodeURIComponent(config.projectId ?? '')}`
}

export function bindSponsorship(binder: Binder, config: ResolvedConfig, transfers: (ctx: ResolutionContext) => TokenTransfers): void {
  binder.bind(SponsoredCalls).toDynamicValue((ctx) => {
    const families = ctx.get(ChainFamilies)
    const connection = ctx.get(ConnectionStore)
    const providerOf = (connectorId: string) => families.get(family())?.getProvider(connectorId) as Eip1193Provider | undefined
    return new Eip155SponsoredCalls({
      providerOf,
      readerFor: () => {
        const account = connection.account(family())
        return account === undefined ? undefined : providerOf(account.connectorId)
      },
    })
  })
  binder.bind(GasSponsorship).toDynamicValue(
    (ctx) =>
      new GasSponsorship({
        paymaster: ctx.get(PaymasterService),
        calls: ctx.get(SponsoredCalls),
        embedded: (connectorId) => {
          const account = ctx.get(ConnectionStore).account(family())
          return connectorId === AUTH_CONNECTOR_ID || (account?.connectorId === connectorId && account.connectorType === 'AUTH')
        },
        sessionToken: (chainId, address) => serverSessionToken(ctx.get(KeyValueStorage), chainId, address),
        paymasterUrl: (chainId) => paymasterUrl(config, chainId),
        canSignIn: config.siwx?.serverUrl !== undefined,
        ...(config.metadata?.name === undefined ? {} : { appName: config.metadata.name }),
        logger: ctx.get(Logger),
      }),
  )
  binder.bind(TokenTransfers).toDynamicValue((ctx) =>
    sponsoredTransfers(transfers(ctx), ctx.get(GasSponsorship), (request) => connectorOf(ctx.get(ConnectionStore), request.chainId)),
  )
}

/** The review's question "does the app pay this transfer's gas?", for the account connected on its network's family. */
export function sponsorshipOfTransfer(ctx: ResolutionContext): NonNullable<ReviewSendDeps['sponsorship']> {
  return async (request, gas) => {
    const connectorId = connectorOf(ctx.get(ConnectionStore), request.chainId)
    if (connectorId === undefined) return undefined
    return ctx.get(GasSponsorship).check({ ...transferCalls(request), connectorId, gasPrice: gas.gasPrice })
  }
}

/** The connector of the account connected in the network's family, when that family is the smart accounts'. */
function connectorOf(connection: ConnectionStore, caipNetworkId: string): string | undefined {
  const namespace = caipNetworkId.split(':')[0] as ChainNamespace
  if (namespace !== family()) return undefined
  return connection.account(namespace)?.connectorId
}
