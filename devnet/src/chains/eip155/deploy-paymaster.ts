/**
 * The devnet's verifying paymaster (contracts/DevnetVerifyingPaymaster.sol): created with CREATE2
 * through the deterministic deployer (constant arguments: the EntryPoint, account 0 as owner, the
 * service's signer), then funded: account 0 deposits DEVNET_PAYMASTER_DEPOSIT for it in the
 * EntryPoint, which pays the bundler for every operation the paymaster sponsors.
 */
import { concat, encodeAbiParameters, encodeFunctionData, getContractAddress, toHex, type Address, type Hex, type PublicClient, type WalletClient } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { DETERMINISTIC_DEPLOYER, DEVNET_DEPLOYER, DEVNET_MNEMONIC, DEVNET_PAYMASTER, DEVNET_PAYMASTER_DEPOSIT, DEVNET_PAYMASTER_SIGNER_INDEX, DEVNET_SMART_ACCOUNT, DEVNET_SMART_ACCOUNT_SALT } from '../../config'
import type { Artifacts } from './compile'
import { expectAddresses } from './deploy-aa'

function initCode(artifacts: Artifacts): Hex {
  return concat([
    artifacts.DevnetVerifyingPaymaster.bytecode,
    encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'address' }], [DEVNET_SMART_ACCOUNT.entryPoint, DEVNET_DEPLOYER.address, DEVNET_PAYMASTER.signer]),
  ])
}

/** Where CREATE2 puts the paymaster: config.ts writes it out, a test checks they agree. */
export function paymasterAddress(artifacts: Artifacts): Address {
  return getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: DEVNET_SMART_ACCOUNT_SALT, bytecode: initCode(artifacts) })
}

/** The key the service's paymaster signs with (m/44'/60'/0'/0/13: public, a devnet key). */
export function devnetPaymasterSignerKey(): Hex {
  return toHex(mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: DEVNET_PAYMASTER_SIGNER_INDEX }).getHdKey().privateKey!)
}

const DEPOSIT_ABI = [{ type: 'function', name: 'deposit', inputs: [], outputs: [], stateMutability: 'payable' }] as const

/** Creates and funds the paymaster from account 0; returns the hashes (checked by the caller). */
export async function deployPaymaster(
  pub: PublicClient,
  wallet: WalletClient,
  artifacts: Artifacts,
  fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
): Promise<Hex[]> {
  expectAddresses({ paymaster: paymasterAddress(artifacts) }, { paymaster: DEVNET_PAYMASTER.address }, '')
  let nonce = await pub.getTransactionCount({ address: DEVNET_DEPLOYER.address, blockTag: 'pending' })
  const send = (to: Address, data: Hex, gas: bigint, value = 0n) =>
    wallet.sendTransaction({ account: wallet.account!, chain: wallet.chain, to, data, value, nonce: nonce++, gas, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas })
  return [
    await send(DETERMINISTIC_DEPLOYER, concat([DEVNET_SMART_ACCOUNT_SALT, initCode(artifacts)]), 3_000_000n),
    await send(DEVNET_PAYMASTER.address, encodeFunctionData({ abi: DEPOSIT_ABI, functionName: 'deposit' }), 200_000n, DEVNET_PAYMASTER_DEPOSIT),
  ]
}
