import type { Container } from 'inversify'
import { type ResolvedConfig } from '../../domain/config'
import { toCaipNetwork } from '../../domain/network/network-config'
import type { CaipNetwork, ChainNamespace } from '../../domain/entities'
import { SiwxNotEnabledError } from '../../domain/errors'
import { ConnectionStore } from '../../application/connection-store'
import { ModalStore } from '../../application/modal-store'
import { SnackStore } from '../../application/snack-store'
import { DisconnectWallet } from '../../application/connection/disconnect-wallet'
import type { EventReporter } from '../../application/connection/report-event'
import { SignInWithX, type SignInWithXDeps } from '../../application/siwx/sign-in-with-x'
import { SignInOnConnect } from '../../application/siwx/sign-in-on-connect'
import type { SiwxState } from '../../application/siwx/siwx-state'
import type { Observer } from 'rxjs'
import { ChainFamilies } from '../../ports/chain-family'
import { Clock } from '../../ports/clock'
import { KeyValueStorage } from '../../ports/key-value-storage'
import { Logger } from '../../ports/logger'
import { SiwxMessengers, SiwxNonces, SiwxStorage, type SiwxFamilyMessenger } from '../../ports/siwx'
import { CryptoSiwxNonces } from '../../infrastructure/siwx/crypto-siwx-nonces'
import { HttpSiwxNonces, HttpSiwxStorage, type HttpSiwxOptions } from '../../infrastructure/siwx/http-siwx-storage'
import { LocalSiwxStorage } from '../../infrastructure/siwx/local-siwx-storage'
import type { ChainWing } from '../../infrastructure/chains/wing'

/** The families' messengers (each wing's, from its on-demand part), each created once. */
function familyMessengers(networks: readonly CaipNetwork[], wings: readonly ChainWing[]): SiwxMessengers {
  const loaded = new Map<ChainNamespace, Promise<SiwxFamilyMessenger>>()
  return {
    get(namespace) {
      const wing = wings.find((w) => w.namespace === namespace)
      if (wing === undefined) return Promise.resolve(undefined)
      let messenger = loaded.get(namespace)
      if (messenger === undefined) {
        messenger = wing.parts().then((parts) => parts.messenger(networks))
        loaded.set(namespace, messenger)
        // A failed chunk load is not kept: the next sign-in tries again.
        messenger.catch(() => loaded.delete(namespace))
      }
      return messenger
    },
  }
}

/**
 * Sign-in's part of the composition root, a chunk of its own (the siwx module's loader):
 * loaded only when the host configured `siwx` and a wallet connects. A host's `siwx.storage`
 * replaces the local storage; bindings a test put in place win.
 */
export function startSignIn(
  container: Container,
  config: ResolvedConfig,
  state: Observer<SiwxState>,
  events: EventReporter,
  wings: readonly ChainWing[],
): SignInWithX & { readonly onConnect: SignInOnConnect } {
  if (config.siwx === undefined) throw new SiwxNotEnabledError()
  const deps = signInDeps(container, config, events, wings)
  const signIn = Object.assign(new SignInWithX(deps), { onConnect: new SignInOnConnect(deps) })
  signIn.start()
  const following = signIn.state$.subscribe((next) => state.next(next))
  const dispose = signIn.dispose.bind(signIn)
  signIn.dispose = () => {
    following.unsubscribe()
    dispose()
  }
  return signIn
}

function signInDeps(container: Container, config: ResolvedConfig, events: EventReporter, wings: readonly ChainWing[]): SignInWithXDeps {
  const siwx = config.siwx
  if (siwx === undefined) throw new SiwxNotEnabledError()
  const networks = config.networks.map(toCaipNetwork)
  const bound = <T>(token: Parameters<Container['get']>[0], fallback: () => T): T =>
    container.isBound(token) ? (container.get(token) as T) : fallback()
  // With `serverUrl` (and no storage of the host's own) the host's server issues the nonces,
  // verifies each signed message and keeps the sessions.
  const server: HttpSiwxOptions | undefined =
    siwx.storage === undefined && siwx.serverUrl !== undefined
      ? { baseUrl: siwx.serverUrl, storage: container.get(KeyValueStorage), clock: container.get(Clock), timeoutMs: config.services.timeoutMs }
      : undefined
  return {
    config: siwx,
    connection: container.get(ConnectionStore),
    modal: container.get(ModalStore),
    families: container.get(ChainFamilies),
    storage: bound(SiwxStorage, () => siwx.storage ?? (server === undefined ? new LocalSiwxStorage(container.get(KeyValueStorage), container.get(Clock)) : new HttpSiwxStorage(server))),
    messengers: bound(SiwxMessengers, () => familyMessengers(networks, wings)),
    nonces: bound(SiwxNonces, () => (server === undefined ? new CryptoSiwxNonces() : new HttpSiwxNonces(server))),
    clock: container.get(Clock),
    snack: container.get(SnackStore),
    events,
    logger: container.get(Logger),
    disconnect: () => container.get(DisconnectWallet).disconnect(),
    // Sign-in is asked only on networks of a family with a wing (every wing has a message builder):
    // a network of a family without one asks nothing rather than failing and disconnecting.
    supportedNetworkIds: networks.filter((n) => wings.some((w) => w.namespace === n.chainNamespace)).map((n) => n.caipNetworkId),
    page: () => ({ host: globalThis.location.host, origin: globalThis.location.origin }),
  }
}
