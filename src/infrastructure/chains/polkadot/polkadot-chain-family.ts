/**
 * The polkadot wing. Only discovery loads with the page (the keys of `window.injectedWeb3`);
 * everything else loads on a Polkadot path with the first request: enabling the extension,
 * accounts, signing and SS58 addresses (polkadot-session.ts, with @polkadot/util-crypto).
 * Polkadot has no balances or transfers here (spec section 9).
 */
import type { CaipNetwork, Connector } from '../../../domain/entities'
import { boundWalletName } from '../../../domain/validation/text-bounds'
import type { Logger } from '../../../ports/logger'
import { InjectedChainFamily } from '../injected-chain-family'
import { extensionName, type InjectedExtension, type InjectedWeb3 } from './injected-web3'

/**
 * @param networks the configured polkadot networks, the host's default first when it is one.
 * @param appName the name the extension shows when it asks the person to allow the site.
 * @param page the page's `injectedWeb3`; by default `window.injectedWeb3`, read again while the page loads.
 */
export function polkadotChainFamily(
  networks: readonly CaipNetwork[],
  logger: Logger,
  appName: string,
  page?: () => InjectedWeb3 | undefined,
): InjectedChainFamily<InjectedExtension> {
  return new InjectedChainFamily<InjectedExtension>(
    'polkadot',
    () => polkadotConnectors(page === undefined ? (window as { injectedWeb3?: InjectedWeb3 }).injectedWeb3 : page()),
    (extensions, events) => import('../injected-sessions').then((m) => m.polkadotSession(extensions, networks, appName, events, logger)),
    page === undefined,
  )
}

/** One connector per extension with an `enable` function. A hostile entry (a getter that throws) is left out. */
export function polkadotConnectors(injected: InjectedWeb3 | undefined): Connector[] {
  const list: Connector[] = []
  for (const key of Object.keys(injected ?? {})) {
    try {
      const extension = injected?.[key]
      if (typeof extension?.enable !== 'function') continue
      list.push({ id: key, name: boundWalletName(extensionName(key, extension)), type: 'INJECTED', chain: 'polkadot', provider: extension })
    } catch {
      // left out
    }
  }
  return list
}
