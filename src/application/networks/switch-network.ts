import { BehaviorSubject, Subject, type Observable } from 'rxjs'
import { RPC_ERROR_CODES } from '../../domain/constants'
import type { CaipNetwork, CaipNetworkId } from '../../domain/entities'
import { NetworkNotFoundError, NoConnectionClientError } from '../../domain/errors'
import type { Logger } from '../../ports/logger'
import type { Eip1193Provider } from '../../ports/wallet-connectors'
import type { ConnectionStore } from '../connection-store'
import type { ModalStore } from '../modal-store'
import type { NetworksStore } from './networks-store'

export type SwitchNetworkState =
  | { readonly status: 'idle' }
  | {
      readonly status: 'switching'
      readonly target: CaipNetwork
      /** `add` while the wallet is asked to add the network after answering 4902. */
      readonly step: 'switch' | 'add'
      /** The target is in another chain family than the connected wallet (spec section 4). */
      readonly namespaceSwitching: boolean
    }
  | { readonly status: 'switched'; readonly target: CaipNetwork }
  | { readonly status: 'error'; readonly target: CaipNetwork | undefined; readonly error: Error }

export type SwitchNetworkResult = { readonly ok: true } | { readonly ok: false; readonly error: Error }

export interface SwitchNetworkOptions {
  /**
   * Drive the modal's views: show SwitchNetwork while the wallet decides, Account after a
   * success, and go back one view after a failure (spec section 4). Off for host API calls.
   */
  readonly navigate?: boolean
}

/** Fired after every successful switch; the send form resets on it (spec section 4). */
export interface NetworkChanged {
  readonly from: CaipNetworkId
  readonly to: CaipNetworkId
  readonly namespaceChanged: boolean
}

/** The wallet's provider for a connector id (from the connection's WalletConnectors). */
export type ProviderSource = (connectorId: string) => Eip1193Provider | undefined

/** The wallet refused or failed to switch; `code` is the wallet's own (4001 rejected, ...). */
export class SwitchNetworkRejectedError extends Error {
  override readonly name = 'SwitchNetworkRejectedError' as const
  constructor(
    readonly code: number | undefined,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/**
 * Switching networks (spec section 4, issue 7): `wallet_switchEthereumChain`; when the wallet does
 * not know the chain (4902) `wallet_addEthereumChain`, then switch again. A success persists the
 * active network; a failure goes back one view. Without a connected wallet the network is only
 * selected and persisted.
 */
export class SwitchNetwork {
  private readonly subject = new BehaviorSubject<SwitchNetworkState>({ status: 'idle' })
  readonly state$: Observable<SwitchNetworkState> = this.subject.asObservable()
  private readonly changed = new Subject<NetworkChanged>()
  /** Every successful switch. Never errors. */
  readonly networkChanged$: Observable<NetworkChanged> = this.changed.asObservable()

  constructor(
    private readonly networks: NetworksStore,
    private readonly connection: ConnectionStore,
    private readonly modal: ModalStore,
    private readonly providerOf: ProviderSource,
    private readonly logger: Logger,
  ) {}

  get snapshot(): SwitchNetworkState {
    return this.subject.value
  }

  /** Never rejects: a failure is in the result and in `state$`. */
  async execute(caipNetworkId: string, options: SwitchNetworkOptions = {}): Promise<SwitchNetworkResult> {
    const navigate = options.navigate ?? false
    const target = this.networks.find(caipNetworkId)
    if (target === undefined) return this.fail(undefined, new NetworkNotFoundError(), false)
    const from = this.networks.snapshot.activeCaipNetworkId
    const connection = this.connection.snapshot

    if (connection.status !== 'connected') {
      this.networks.select(target.caipNetworkId)
      return this.succeed(target, from, false, false)
    }
    const namespaceSwitching = connection.namespace !== target.chainNamespace
    if (namespaceSwitching) {
      // Another chain family (spec section 4): marked as namespace switching, the active network
      // moves and is persisted, the send form resets (networkChanged$). The connected wallet has no
      // account in that family, so the visitor is shown Connect for it.
      this.subject.next({ status: 'switching', target, step: 'switch', namespaceSwitching: true })
      this.networks.select(target.caipNetworkId)
      const result = this.succeed(target, from, true, false)
      if (navigate) this.modal.reset('Connect')
      return result
    }
    if (connection.caipNetworkId === target.caipNetworkId) {
      this.networks.select(target.caipNetworkId)
      return this.succeed(target, from, false, navigate)
    }

    const provider = this.providerOf(connection.connectorId)
    if (provider === undefined) return this.fail(target, new NoConnectionClientError(), navigate)

    this.subject.next({ status: 'switching', target, step: 'switch', namespaceSwitching })
    if (navigate) this.modal.push('SwitchNetwork')
    try {
      await this.switchOrAdd(provider, target)
    } catch (error) {
      const code = rpcErrorCode(error)
      const rejected = new SwitchNetworkRejectedError(code, errorMessage(error), { cause: error })
      if (navigate && this.modal.view === 'SwitchNetwork') this.modal.goBack()
      return this.fail(target, rejected, false)
    }
    const now = this.connection.snapshot
    if (now.status === 'connected' && now.caipNetworkId !== target.caipNetworkId) {
      this.connection.set({ ...now, caipNetworkId: target.caipNetworkId })
    }
    this.networks.select(target.caipNetworkId)
    return this.succeed(target, from, false, navigate)
  }

  private async switchOrAdd(provider: Eip1193Provider, target: CaipNetwork): Promise<void> {
    const chainId = `0x${Number(target.id).toString(16)}`
    try {
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    } catch (error) {
      if (rpcErrorCode(error) !== RPC_ERROR_CODES.unsupportedChain) throw error
      this.subject.next({ status: 'switching', target, step: 'add', namespaceSwitching: false })
      await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParameters(target, chainId)] })
      this.subject.next({ status: 'switching', target, step: 'switch', namespaceSwitching: false })
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    }
  }

  private succeed(
    target: CaipNetwork,
    from: CaipNetworkId,
    namespaceChanged: boolean,
    navigate: boolean,
  ): SwitchNetworkResult {
    this.subject.next({ status: 'switched', target })
    if (from !== target.caipNetworkId || namespaceChanged) {
      this.changed.next({ from, to: target.caipNetworkId, namespaceChanged })
    }
    if (navigate && this.modal.snapshot.open && this.connection.snapshot.status === 'connected') {
      this.modal.reset('Account')
    }
    return { ok: true }
  }

  private fail(target: CaipNetwork | undefined, error: Error, navigate: boolean): SwitchNetworkResult {
    this.logger.warn('Network switch failed', error)
    this.subject.next({ status: 'error', target, error })
    if (navigate) this.modal.goBack()
    return { ok: false, error }
  }
}

/** EIP-3085 parameters for a configured eip155 network. */
export function addChainParameters(network: CaipNetwork, chainId: string): Record<string, unknown> {
  return {
    chainId,
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls,
    ...(network.blockExplorerUrl === undefined ? {} : { blockExplorerUrls: [network.blockExplorerUrl] }),
  }
}

/** The numeric code of a wallet error, looking inside the wrappers some wallets add. */
export function rpcErrorCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') return code
    const data = (current as { data?: { originalError?: unknown } }).data
    current = data?.originalError ?? (current as { cause?: unknown }).cause
  }
  return undefined
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message
  }
  return 'The wallet did not switch networks'
}
