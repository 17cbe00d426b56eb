/**
 * `walletgate/wagmi`: Walletgate as the connect UI of a wagmi app. The connector drives the modal
 * through its public API only, so whatever the visitor connected there (a browser wallet,
 * WalletConnect) is what wagmi's hooks talk to:
 *
 *   const modal = createWalletModal({ ... })
 *   const config = createConfig({ chains, transports, connectors: [walletgate({ modal })] })
 *
 * `useConnect` opens the modal; connecting in the modal connects wagmi; `useSwitchChain`,
 * `useDisconnect` and the modal's own network and disconnect controls keep the two in step; wagmi's
 * reconnect on reload waits for the modal's silent reconnect. wagmi and @tanstack/react-query are
 * optional peer dependencies used by this entry point only.
 */
import { ChainNotConfiguredError, createConnector, ProviderNotFoundError } from '@wagmi/core'
import { getAddress, UserRejectedRequestError, type Address } from 'viem'
import type { Eip1193Provider } from './domain/chains/wallet-providers'
import type { NamespaceConnectionState, WalletModal, WalletModalState } from './wallet-modal'

export interface WalletgateConnectorOptions {
  /** The modal from `createWalletModal`: one modal, one connector. */
  readonly modal: WalletModal
}

/** The connector's `id` and `type` in wagmi (`useConnectors()`, `connector.id`). */
export const WALLETGATE_CONNECTOR_ID = 'walletgate'

interface EvmConnection {
  readonly accounts: readonly Address[]
  readonly chainId: number
}

/** The modal's EVM connection as wagmi sees it, or undefined when no EVM wallet is connected. */
function evmConnection(state: WalletModalState): EvmConnection | undefined {
  const account: NamespaceConnectionState | undefined = state.namespaces.eip155
  if (account === undefined) return undefined
  const chainId = Number(account.caipNetworkId.split(':')[1])
  if (!Number.isSafeInteger(chainId)) return undefined
  return { accounts: [getAddress(account.address)], chainId }
}

/**
 * Waits for the visitor to connect an EVM wallet in the modal it opens. Rejects with viem's
 * UserRejectedRequestError when the modal closes without one (the Escape key, the close button).
 */
function connectThroughModal(modal: WalletModal): Promise<EvmConnection> {
  return new Promise<EvmConnection>((resolve, reject) => {
    let opened = false
    let settled = false
    const stop: { unsubscribe: () => void } = { unsubscribe: () => undefined }
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      // The listener may run during subscribe(), before its unsubscribe function exists.
      queueMicrotask(() => stop.unsubscribe())
      outcome()
    }
    stop.unsubscribe = modal.subscribe((state) => {
      const connection = evmConnection(state)
      // The modal goes on by itself (sign-in when the host asks for it, then it closes).
      if (connection !== undefined) {
        settle(() => resolve(connection))
        return
      }
      if (state.open) opened = true
      else if (opened) settle(() => reject(new UserRejectedRequestError(new Error('The visitor closed the wallet modal'))))
    })
    void modal.open({ namespace: 'eip155' }).then(() => {
      // open() resolves without opening when the modal's code could not be loaded.
      if (!opened && !modal.getState().open && !settled) {
        settle(() => reject(new UserRejectedRequestError(new Error('The wallet modal could not be opened'))))
      }
    })
  })
}

/** A wagmi connector for the modal. */
export function walletgate({ modal }: WalletgateConnectorOptions) {
  let following: (() => void) | undefined

  return createConnector<Eip1193Provider>((config) => {
    const chainOf = (chainId: number) => config.chains.find((chain) => chain.id === chainId)

    return {
      id: WALLETGATE_CONNECTOR_ID,
      name: 'Walletgate',
      type: WALLETGATE_CONNECTOR_ID,

      /**
       * Follows the modal: a wallet connected there connects wagmi ('connect'), a new account or
       * network is a 'change', and the EVM connection ending is a 'disconnect'.
       */
      async setup() {
        following?.()
        let last = evmConnection(modal.getState())
        following = modal.subscribe((state) => {
          const next = evmConnection(state)
          const previous = last
          last = next
          if (previous === undefined && next !== undefined) {
            config.emitter.emit('connect', { accounts: next.accounts, chainId: next.chainId })
          } else if (previous !== undefined && next === undefined) {
            config.emitter.emit('disconnect')
          } else if (previous !== undefined && next !== undefined) {
            if (previous.accounts[0] !== next.accounts[0]) config.emitter.emit('change', { accounts: next.accounts })
            if (previous.chainId !== next.chainId) config.emitter.emit('change', { chainId: next.chainId })
          }
        })
        await Promise.resolve()
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        await modal.restored()
        let connection = evmConnection(modal.getState())
        if (connection === undefined) {
          // wagmi's reconnect on reload asks silently: no modal pops up for it.
          if (isReconnecting === true) throw new ProviderNotFoundError()
          connection = await connectThroughModal(modal)
        }
        if (chainId !== undefined && chainId !== connection.chainId) {
          await modal.switchNetwork(`eip155:${chainId}`)
          connection = { ...connection, chainId }
        }
        const accounts = withCapabilities === true ? connection.accounts.map((address) => ({ address, capabilities: {} })) : connection.accounts
        return { accounts, chainId: connection.chainId } as never
      },

      async disconnect() {
        await modal.disconnect({ namespace: 'eip155' })
      },

      async getAccounts() {
        return evmConnection(modal.getState())?.accounts ?? []
      },

      async getChainId() {
        const connection = evmConnection(modal.getState())
        if (connection !== undefined) return connection.chainId
        const first = config.chains[0]
        return first.id
      },

      /** The connected wallet's own EIP-1193 provider; wagmi's reconnect skips the connector without one. */
      async getProvider() {
        await modal.restored()
        const provider = await modal.getProvider('eip155')
        return provider as Eip1193Provider
      },

      async isAuthorized() {
        await modal.restored()
        return evmConnection(modal.getState()) !== undefined
      },

      async switchChain({ chainId }) {
        const chain = chainOf(chainId)
        if (chain === undefined) throw new ChainNotConfiguredError()
        await modal.switchNetwork(`eip155:${chainId}`)
        return chain
      },

      // The modal follows the wallet's own events; wagmi hears of them through setup()'s subscription.
      onAccountsChanged() {},
      onChainChanged() {},
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}
