import { aCaipNetwork, aSolanaNetwork } from '../../builders/a-caip-network'
import { InMemoryTransactionSimulator } from '../../fakes/in-memory-transaction-simulator'
import { transactionSimulatorContract, transferSimulatorContract } from './transaction-simulator.contract'

const network = (id: number) => aCaipNetwork({ id, caipNetworkId: `eip155:${id}`, rpcUrls: ['http://127.0.0.1:1'] })

transactionSimulatorContract('InMemoryTransactionSimulator', () => {
  const sender = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
  const simulator = new InMemoryTransactionSimulator('eip155:31337')
    .addToken(token, 'dUSD', 6)
    .fund(sender, 10n ** 18n)
    .fund(sender, 100n * 10n ** 6n, token)
  return Promise.resolve({
    simulator,
    network: network(31337),
    unreachable: network(999),
    sender,
    receiver: '0x000000000000000000000000000000000000c0DE',
    token,
    symbol: 'dUSD',
    decimals: 6,
    balance: (address, asset) => Promise.resolve(simulator.balanceOf(address, asset)),
  })
})

transferSimulatorContract('InMemoryTransactionSimulator (a solana network)', () => {
  const network = aSolanaNetwork()
  const sender = 'GVQaLB4PVnWvPvHSYJJuCSuWK6c2uo7tc5BXzVRqDvXL'
  const mint = 'BsS9SbxZojpMeRJ1e2ANvoR1yWYH1hs4fAMmpKWKWYjs'
  const simulator = new InMemoryTransactionSimulator(network.caipNetworkId).fund(sender, 100n * 10n ** 9n).fund(sender, 1_000n * 10n ** 6n, mint)
  return Promise.resolve({
    simulator,
    network,
    unreachable: aSolanaNetwork({ caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' }),
    sender,
    receiver: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    token: mint,
    decimals: 6,
    balance: (address, asset) => Promise.resolve(simulator.balanceOf(address, asset)),
  })
})
