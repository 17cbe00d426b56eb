/**
 * ERC-4337 on a devnet chain: EntryPoint v0.7 (the compiled artifact @account-abstraction/contracts
 * ships, created with the canonical salt, so it lands at the canonical address), the devnet's
 * account implementation and its factory, each through the deterministic deployment proxy (set
 * by ./deploy-swap before this runs), so no address depends on what deployed first.
 */
import { concat, encodeAbiParameters, getContractAddress, type Address, type Hex, type PublicClient, type WalletClient } from 'viem'
import { DETERMINISTIC_DEPLOYER, DEVNET_DEPLOYER, DEVNET_ENTRY_POINT_SALT, DEVNET_SMART_ACCOUNT, DEVNET_SMART_ACCOUNT_SALT } from '../../config'
import type { Artifacts } from './compile'

interface Creation {
  name: keyof typeof DEVNET_SMART_ACCOUNT
  salt: Hex
  initCode: Hex
}

function creations(artifacts: Artifacts): Creation[] {
  return [
    { name: 'entryPoint', salt: DEVNET_ENTRY_POINT_SALT, initCode: artifacts.EntryPoint.bytecode },
    { name: 'implementation', salt: DEVNET_SMART_ACCOUNT_SALT, initCode: artifacts.DevnetAccount.bytecode },
    {
      name: 'factory',
      salt: DEVNET_SMART_ACCOUNT_SALT,
      initCode: concat([artifacts.DevnetAccountFactory.bytecode, encodeAbiParameters([{ type: 'address' }], [DEVNET_SMART_ACCOUNT.implementation])]),
    },
  ]
}

/** Where CREATE2 puts each contract: config.ts writes these out, a test checks they agree. */
export function smartAccountAddresses(artifacts: Artifacts): Record<keyof typeof DEVNET_SMART_ACCOUNT, Address> {
  const out = {} as Record<keyof typeof DEVNET_SMART_ACCOUNT, Address>
  for (const c of creations(artifacts)) {
    out[c.name] = getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: c.salt, bytecode: c.initCode })
  }
  return out
}

/**
 * Refuses to deploy when CREATE2 would put a contract elsewhere than config.ts says (its code or
 * constructor arguments changed): `label` names the group in the message ('ENS ', or '').
 */
export function expectAddresses<Name extends string>(computed: Record<Name, Address>, configured: Record<Name, Address>, label: string): void {
  for (const name of Object.keys(computed) as Name[]) {
    if (computed[name].toLowerCase() !== configured[name].toLowerCase()) {
      throw new Error(`the ${label}${name} would land at ${computed[name]}, not at ${configured[name]} (config.ts): update the address`)
    }
  }
}

/** Sends the three creations from account 0 and returns their hashes (checked by the caller). */
export async function deploySmartAccountContracts(
  pub: PublicClient,
  wallet: WalletClient,
  artifacts: Artifacts,
  fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
): Promise<Hex[]> {
  expectAddresses(smartAccountAddresses(artifacts), DEVNET_SMART_ACCOUNT, '')
  let nonce = await pub.getTransactionCount({ address: DEVNET_DEPLOYER.address, blockTag: 'pending' })
  const hashes: Hex[] = []
  for (const c of creations(artifacts)) {
    hashes.push(
      await wallet.sendTransaction({
        account: wallet.account!,
        chain: wallet.chain,
        to: DETERMINISTIC_DEPLOYER,
        data: concat([c.salt, c.initCode]),
        nonce: nonce++,
        // The EntryPoint's creation needs more than the other devnet deployments.
        gas: 12_000_000n,
        ...fees,
      }),
    )
  }
  return hashes
}
