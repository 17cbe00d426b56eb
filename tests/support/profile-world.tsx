import { render } from '@testing-library/react'
import { Suspense, type ReactNode } from 'react'
import { VirtualTimeScheduler } from 'rxjs'
import { ConnectionStore } from '../../src/application/connection-store'
import { ModalStore } from '../../src/application/modal-store'
import { bindAccount } from '../../src/composition/bindings/account'
import type { AccountType, NameProfile } from '../../src/domain/entities'
import { solana } from '../../src/families/solana'
import { ChainFamilies, WalletRequestError, type ChainFamily, type WalletAccount } from '../../src/ports/chain-family'
import { KeyValueStorage } from '../../src/ports/key-value-storage'
import { Scheduler } from '../../src/ports/scheduler'
import { DiProvider } from '../../src/presentation/di-context'
import { aModalConfig } from '../builders/config'
import { inMemoryBlockchainService, rebindInMemoryBlockchainService } from '../fakes/blockchain/in-memory-blockchain-service'
import { InMemoryKeyValueStorage } from '../fakes/in-memory-key-value-storage'
import { bindNow } from './bind-now'
import { createTestContainer } from './test-container'

export const EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const EOA_ADDRESS = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
export const SOLANA_ADDRESS = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'

/** A name profile of `address`, registered at `at`. */
export function aNameProfile(name: string, address: string, at = '2026-01-01T00:00:00.000Z'): NameProfile {
  return { name, registered_at: at, updated_at: at, addresses: { '2147514689': { address, created: at } }, attributes: {} }
}

export interface ProfileWorldOptions {
  readonly names?: readonly NameProfile[]
  /** Connected, with these account types to switch between (the wallet refuses with `refuse`). */
  readonly accountTypes?: readonly AccountType[]
  readonly refuse?: boolean
  /** A Solana account connected beside the EVM one. */
  readonly solana?: boolean
  readonly connected?: boolean
  readonly storage?: InMemoryKeyValueStorage
}

/**
 * A modal's container with an EVM account connected (its explorer configured), the name service
 * in memory, and the account module bound: what the profile's views render over.
 */
export function profileWorld(options: ProfileWorldOptions = {}) {
  const service = inMemoryBlockchainService({ supportedChains: ['eip155:31337'], names: options.names ?? [] })
  const storage = options.storage ?? new InMemoryKeyValueStorage()
  const switches: AccountType[] = []
  const family = {
    namespace: 'eip155',
    switchAccountType: (connectorId: string, accountType: AccountType): Promise<WalletAccount> => {
      switches.push(accountType)
      return options.refuse === true
        ? Promise.reject(new WalletRequestError('rejected', 'The wallet declined'))
        : Promise.resolve({
            connectorId,
            namespace: 'eip155',
            addresses: [accountType === 'eoa' ? EOA_ADDRESS : EVM_ADDRESS],
            caipNetworkId: 'eip155:31337',
            accountType,
            accountTypes: options.accountTypes ?? [],
          })
    },
  } as unknown as ChainFamily
  const config = aModalConfig({
    networks: [
      { id: 31337, chainNamespace: 'eip155', name: 'Devnet A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8545'], blockExplorerUrl: 'https://explorer.example' },
      { id: 'devnet', chainNamespace: 'solana', name: 'Solana Devnet', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: ['http://127.0.0.1:8899'] },
    ],
  })
  const container = createTestContainer(
    config,
    (c) => {
      c.rebind(Scheduler).toConstantValue(new VirtualTimeScheduler())
      c.rebind(KeyValueStorage).toConstantValue(storage)
      c.rebind(ChainFamilies).toConstantValue({ all: [family], get: (ns) => (ns === 'eip155' ? family : undefined) })
      rebindInMemoryBlockchainService(c, service)
    },
    [solana],
  )
  bindNow(container, bindAccount)
  const connection = container.get(ConnectionStore)
  const modal = container.get(ModalStore)
  if (options.solana === true) {
    connection.upsert({ connectorId: 'dev.solana', namespace: 'solana', caipAddress: `solana:devnet:${SOLANA_ADDRESS}`, address: SOLANA_ADDRESS, caipNetworkId: 'solana:devnet' })
  }
  if (options.connected !== false) {
    connection.upsert({
      connectorId: 'dev.evm',
      namespace: 'eip155',
      caipAddress: `eip155:31337:${EVM_ADDRESS}`,
      address: EVM_ADDRESS,
      caipNetworkId: 'eip155:31337',
      accountType: 'smartAccount',
      ...(options.accountTypes === undefined ? {} : { accountTypes: options.accountTypes }),
    })
  }
  const show = (node: ReactNode) =>
    render(
      <DiProvider container={container}>
        <Suspense fallback={<p>loading</p>}>{node}</Suspense>
      </DiProvider>,
    )
  return { container, connection, modal, service, storage, switches, show }
}
