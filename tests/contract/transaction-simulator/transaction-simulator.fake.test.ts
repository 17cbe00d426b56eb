import { aCaipNetwork } from '../../builders/a-caip-network'
import { InMemoryTransactionSimulator } from '../../fakes/in-memory-transaction-simulator'
import { transactionSimulatorContract } from './transaction-simulator.contract'

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
