import { encodeFunctionData, parseAbi } from 'viem'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { InMemoryPaymasterService } from '../../fakes/in-memory-paymaster-service'
import { paymasterServiceContract } from './paymaster-service.contract'

const INSIDE = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const OUTSIDE = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const abi = parseAbi(['function execute(address target, uint256 value, bytes data)'])

paymasterServiceContract('InMemoryPaymasterService', () => {
  const service = new InMemoryPaymasterService({ sponsorName: 'Example App', contracts: [INSIDE], operationsPerAccount: 1 })
  return Promise.resolve({
    service,
    caipNetworkId: 'eip155:31337',
    entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
    operationsPerAccount: 1,
    signIn() {
      const account = privateKeyToAccount(generatePrivateKey()).address
      return Promise.resolve({ token: service.signIn(account), account })
    },
    operation(account, target) {
      return {
        sender: account,
        nonce: '0x0',
        callData: encodeFunctionData({ abi, functionName: 'execute', args: [target === 'inside' ? INSIDE : OUTSIDE, 0n, '0xa9059cbb'] }),
        callGasLimit: '0x186a0',
        verificationGasLimit: '0x186a0',
        preVerificationGas: '0xc350',
        maxFeePerGas: '0x3b9aca00',
        maxPriorityFeePerGas: '0x3b9aca00',
      }
    },
  })
})
