/**
 * Requests over the session: the EIP-1193 provider of its eip155 part (signing, sending, reads),
 * requests in other namespaces, and network switches. Every failure is a WalletRequestError.
 *
 * UniversalProvider sends what the wallet did not approve to one HTTP provider per chain, from an
 * RPC map of one URL; those reads go here over the network's whole RPC list instead (rpc-reads.ts).
 */
import type { CaipNetworkId } from '../../../domain/entities'
import type { Eip1193Provider } from '../../../domain/chains/wallet-providers'
import { WalletRequestError } from '../../../ports/chain-family'
import { referenceOf, type WalletConnectNetwork } from './namespaces'
import { WalletConnectRpcReads } from './rpc-reads'
import { errorCode, toWalletError } from './walletconnect-errors'
import type { Provider, SessionLike } from './walletconnect-session'

/** eip155 methods UniversalProvider answers itself or sends to the wallet whatever the session says. */
const SDK_LOCAL_METHODS: ReadonlySet<string> = new Set([
  'eth_requestAccounts',
  'eth_accounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_sendCalls',
])

/** EIP-5792: used only when the session approved them. */
const BATCH_METHODS: ReadonlySet<string> = new Set(['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus'])

/** The eip155 methods the session approved; undefined without an eip155 session. */
function approvedEip155(provider: Provider): { methods?: string[] } | undefined {
  return (provider.session as SessionLike | undefined)?.namespaces.eip155 as { methods?: string[] } | undefined
}

/**
 * A read every RPC URL failed: the node's JSON-RPC code is kept; the text is viem's short one
 * (never the URL or the request body its long message carries).
 */
function toReadError(e: unknown): WalletRequestError {
  const short = (e as { shortMessage?: unknown } | undefined)?.shortMessage
  const code = errorCode(e)
  return new WalletRequestError('failed', typeof short === 'string' ? short : 'The network could not be reached', {
    cause: e,
    ...(code === undefined ? {} : { code }),
  })
}

export interface WalletConnectRequestsDeps {
  /** The started SDK, or undefined before it is loaded. */
  provider: () => Provider | undefined
  /** Every configured network; eip155 reads go over each one's whole RPC list. */
  networks: readonly WalletConnectNetwork[]
}

export class WalletConnectRequests {
  private readonly reads: WalletConnectRpcReads

  constructor(private readonly deps: WalletConnectRequestsDeps) {
    this.reads = new WalletConnectRpcReads(deps.networks)
  }

  /** The EIP-1193 provider of the session (eip155), or undefined before the SDK is loaded. */
  eip1193(): Eip1193Provider | undefined {
    const provider = this.deps.provider()
    if (!provider) return undefined
    return {
      request: async ({ method, params }) => {
        if (BATCH_METHODS.has(method) && approvedEip155(provider)?.methods?.includes(method) !== true) {
          // The SDK would answer from its own cache or store, or ask a wallet that never agreed to
          // batches; answered as a wallet without the method does, the caller keeps one call at a time.
          throw new WalletRequestError('unsupportedMethod', `The wallet did not approve ${method} for this session`, { code: 4200 })
        }
        const chainId = await this.readChain(provider, method)
        if (chainId !== undefined) {
          try {
            return await this.reads.request(chainId, params === undefined ? { method } : { method, params })
          } catch (e) {
            throw toReadError(e)
          }
        }
        try {
          return await provider.request({ method, params: params as unknown[] | undefined })
        } catch (e) {
          throw toWalletError(e)
        }
      },
      on: (event, listener) => provider.on(event, listener),
      removeListener: (event, listener) => provider.removeListener(event, listener),
    }
  }

  /**
   * One request to the wallet on a network of a non-eip155 namespace (`solana:…`), as the session
   * approved it. @throws WalletRequestError with the wallet's code.
   */
  async requestIn<T>(caipNetworkId: string, method: string, params: Record<string, unknown>): Promise<T> {
    const provider = this.deps.provider()
    if (!provider?.session) throw new WalletRequestError('failed', 'No WalletConnect session')
    try {
      return await provider.request<T>({ method, params: params as unknown as unknown[] }, caipNetworkId)
    } catch (e) {
      throw toWalletError(e)
    }
  }

  /** Switches the session's network (locally when the wallet approved it, else through the wallet). */
  async switchNetwork(caipNetworkId: CaipNetworkId): Promise<void> {
    const provider = this.deps.provider()
    if (!provider?.session) throw new WalletRequestError('failed', 'No WalletConnect session')
    const [namespace] = caipNetworkId.split(':')
    if (namespace !== 'eip155') {
      provider.setDefaultChain(caipNetworkId)
      return
    }
    const chainId = `0x${Number(referenceOf(caipNetworkId)).toString(16)}`
    try {
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    } catch (e) {
      throw toWalletError(e)
    }
  }

  /** Stops the RPC reads' transports. */
  close(): void {
    this.reads.close()
  }

  /**
   * The eip155 chain a request goes to over the RPC fallback, or undefined when the SDK handles it:
   * methods the wallet approved go to the wallet, the SDK answers accounts, chain id and switches
   * itself, and a chain without configured RPC URLs is left to the SDK's map. That is the SDK's own
   * split (its Eip155Provider sends the rest to its one HTTP provider per chain), decided here
   * from the session's public state.
   */
  private async readChain(provider: Provider, method: string): Promise<number | undefined> {
    const approved = approvedEip155(provider)
    if (approved === undefined || approved.methods?.includes(method) === true || SDK_LOCAL_METHODS.has(method)) return undefined
    const chainId = Number(await provider.request<number | string>({ method: 'eth_chainId' }))
    return this.reads.urlsOf(chainId).length > 0 ? chainId : undefined
  }
}
