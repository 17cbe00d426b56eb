import { inject } from 'vitest'
import { createPublicClient, erc20Abi, http, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { aCaipNetwork } from '../../builders/a-caip-network'
import { ViemTransactionSimulator } from '../../../src/infrastructure/chains/eip155/viem-transaction-simulator'
import { transactionSimulatorContract } from './transaction-simulator.contract'

// On the project's devnet (Devnet A's Anvil): account 2 simulates; nothing is sent.
transactionSimulatorContract('ViemTransactionSimulator (eip155) on Devnet A', () => {
  const devnet = inject('devnet')
  const rpcUrl = devnet.rpcUrls[31337]!
  const chain = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
  const network = (rpcUrls: string[]) => aCaipNetwork({ name: 'Devnet A', rpcUrls })
  return Promise.resolve({
    simulator: new ViemTransactionSimulator(),
    network: network([rpcUrl]),
    unreachable: network(['http://127.0.0.1:9']),
    sender: devnet.accounts[2]!.address,
    receiver: privateKeyToAccount(generatePrivateKey()).address,
    token: devnet.contracts.dUSD,
    symbol: 'dUSD',
    decimals: 6,
    balance: (address, token) =>
      token === undefined
        ? chain.getBalance({ address: address as Address })
        : chain.readContract({ address: token as Address, abi: erc20Abi, functionName: 'balanceOf', args: [address as Address] }),
  })
})
