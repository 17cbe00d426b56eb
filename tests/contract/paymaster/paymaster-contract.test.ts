/**
 * The devnet's verifying paymaster as the chain holds it: where config.ts says (derived again from
 * the compiled artifact), trusting the service's signer, funded in the EntryPoint, and closed to
 * anyone but its owner (signers) and the EntryPoint (validation).
 */
import { describe, expect, it } from 'vitest'
import { createPublicClient, http, parseAbi } from 'viem'
import { loadArtifacts } from '../../../devnet/src/chains/eip155/compile'
import { devnetPaymasterSignerKey, paymasterAddress } from '../../../devnet/src/chains/eip155/deploy-paymaster'
import { DEVNET_ACCOUNTS, DEVNET_DEPLOYER, DEVNET_PAYMASTER, devnetViemChain } from '../../../devnet/src/config'
import { privateKeyToAccount } from 'viem/accounts'
import { devnet } from '../devnet/helpers'

const rpcUrl = devnet.rpcUrls[31337]!
const client = createPublicClient({ chain: devnetViemChain(31337, rpcUrl), transport: http(rpcUrl) })
const abi = parseAbi([
  'function owner() view returns (address)',
  'function signers(address) view returns (bool)',
  'function getDeposit() view returns (uint256)',
  'function setSigner(address signer, bool allowed)',
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function validatePaymasterUserOp(PackedUserOperation userOp, bytes32 userOpHash, uint256 maxCost) returns (bytes context, uint256 validationData)',
  'error NotEntryPoint()',
  'error NotOwner()',
])

describe('the devnet paymaster', () => {
  it('lands where config.ts says, and trusts the key the service signs with', { timeout: 60_000 }, async () => {
    expect(paymasterAddress(await loadArtifacts())).toBe(DEVNET_PAYMASTER.address)
    expect(privateKeyToAccount(devnetPaymasterSignerKey()).address).toBe(DEVNET_PAYMASTER.signer)
    expect(await client.readContract({ address: DEVNET_PAYMASTER.address, abi, functionName: 'owner' })).toBe(DEVNET_DEPLOYER.address)
    expect(await client.readContract({ address: DEVNET_PAYMASTER.address, abi, functionName: 'signers', args: [DEVNET_PAYMASTER.signer] })).toBe(true)
    expect(await client.readContract({ address: DEVNET_PAYMASTER.address, abi, functionName: 'getDeposit' })).toBeGreaterThan(0n)
  })

  it('lets no one but its owner add a signer, and no one but the EntryPoint validate', async () => {
    const stranger = DEVNET_ACCOUNTS[6]!.address
    await expect(client.simulateContract({ account: stranger, address: DEVNET_PAYMASTER.address, abi, functionName: 'setSigner', args: [stranger, true] })).rejects.toThrow(/NotOwner/)
    const op = { sender: stranger, nonce: 0n, initCode: '0x', callData: '0x', accountGasLimits: `0x${'00'.repeat(32)}`, preVerificationGas: 0n, gasFees: `0x${'00'.repeat(32)}`, paymasterAndData: '0x', signature: '0x' } as const
    await expect(client.simulateContract({ account: stranger, address: DEVNET_PAYMASTER.address, abi, functionName: 'validatePaymasterUserOp', args: [op, `0x${'00'.repeat(32)}`, 0n] })).rejects.toThrow(/NotEntryPoint/)
  })
})
