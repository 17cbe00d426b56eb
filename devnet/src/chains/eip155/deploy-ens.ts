/**
 * ENS on a devnet chain: the registry, the public resolver, the reverse registrar, the offchain
 * resolver and the universal resolver, each created through the deterministic deployment proxy
 * with constant constructor arguments (so no address depends on what deployed first), then the
 * tree account 0 sets up: `<zone>` and `addr.reverse` answered by the offchain resolver (the
 * service's gateway), `addr.reverse` handed to the reverse registrar, `devnet.eth` in the public
 * resolver with account 0's address, and account 0's primary name `devnet.eth` recorded on-chain.
 *
 * The offchain resolver's gateway URL and signer are set later, by its owner, once the service
 * that signs its answers runs (configureEnsGateway): the URL's port changes from run to run.
 */
import {
  concat,
  createPublicClient,
  createWalletClient,
  http,
  encodeAbiParameters,
  encodeFunctionData,
  getContractAddress,
  labelhash,
  namehash,
  parseAbi,
  zeroHash,
  type Address,
  type Hex,
  type PublicClient,
  type WalletClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DETERMINISTIC_DEPLOYER, DEVNET_DEPLOYER, DEVNET_ENS, DEVNET_ENS_NAME, DEVNET_ENS_SALT, NAME_ZONE, devnetViemChain, type DevnetChainId } from '../../config'
import type { Artifacts } from './compile'
import { expectAddresses } from './deploy-aa'

type EnsContract = keyof typeof DEVNET_ENS

const REGISTRY_ABI = parseAbi([
  'function setSubnodeOwner(bytes32 node, bytes32 label, address owner) returns (bytes32)',
  'function setResolver(bytes32 node, address resolver)',
  'function setOwner(bytes32 node, address owner)',
])
const PUBLIC_RESOLVER_ABI = parseAbi(['function setAddr(bytes32 node, address a)'])
const REVERSE_REGISTRAR_ABI = parseAbi(['function setName(string name) returns (bytes32)'])
export const OFFCHAIN_RESOLVER_ADMIN_ABI = parseAbi([
  'function setUrl(string url)',
  'function setSigners(address[] signers)',
  'function url() view returns (string)',
  'function signers() view returns (address[])',
])

const address = (value: Address): Hex => encodeAbiParameters([{ type: 'address' }], [value])

function creations(artifacts: Artifacts): { name: EnsContract; initCode: Hex }[] {
  return [
    { name: 'registry', initCode: concat([artifacts.DevnetEnsRegistry.bytecode, address(DEVNET_DEPLOYER.address)]) },
    { name: 'publicResolver', initCode: concat([artifacts.DevnetPublicResolver.bytecode, address(DEVNET_ENS.registry)]) },
    {
      name: 'reverseRegistrar',
      initCode: concat([
        artifacts.DevnetReverseRegistrar.bytecode,
        encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [DEVNET_ENS.registry, DEVNET_ENS.publicResolver]),
      ]),
    },
    { name: 'offchainResolver', initCode: concat([artifacts.DevnetOffchainResolver.bytecode, address(DEVNET_DEPLOYER.address)]) },
    { name: 'universalResolver', initCode: concat([artifacts.DevnetUniversalResolver.bytecode, address(DEVNET_ENS.registry)]) },
  ]
}

/** Where CREATE2 puts each ENS contract: config.ts writes these out, a test checks they agree. */
export function ensAddresses(artifacts: Artifacts): Record<EnsContract, Address> {
  const out = {} as Record<EnsContract, Address>
  for (const c of creations(artifacts)) {
    out[c.name] = getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: DEVNET_ENS_SALT, bytecode: c.initCode })
  }
  return out
}

/** The registry calls that build the tree, from its root (owned by account 0), in order. */
function treeCalls(): { to: Address; data: Hex }[] {
  const registry = (data: Hex) => ({ to: DEVNET_ENS.registry, data })
  const setSubnodeOwner = (parent: Hex, label: string) =>
    registry(encodeFunctionData({ abi: REGISTRY_ABI, functionName: 'setSubnodeOwner', args: [parent, labelhash(label), DEVNET_DEPLOYER.address] }))
  const setResolver = (node: Hex, resolver: Address) => registry(encodeFunctionData({ abi: REGISTRY_ABI, functionName: 'setResolver', args: [node, resolver] }))
  const calls: { to: Address; data: Hex }[] = []
  /** Account 0 takes `name`, label by label from the root (each parent is its own by then). */
  const claim = (name: string): Hex => {
    const labels = name.split('.')
    for (let i = labels.length - 1; i >= 0; i--) {
      const parent = i === labels.length - 1 ? zeroHash : namehash(labels.slice(i + 1).join('.'))
      calls.push(setSubnodeOwner(parent, labels[i]!))
    }
    return namehash(name)
  }
  calls.push(setResolver(claim(NAME_ZONE), DEVNET_ENS.offchainResolver))
  // Reverse names nobody set on-chain fall to addr.reverse's resolver: Walletgate names are primary names.
  const addrReverse = claim('addr.reverse')
  calls.push(setResolver(addrReverse, DEVNET_ENS.offchainResolver))
  calls.push(registry(encodeFunctionData({ abi: REGISTRY_ABI, functionName: 'setOwner', args: [addrReverse, DEVNET_ENS.reverseRegistrar] })))
  const devnetName = claim(DEVNET_ENS_NAME)
  calls.push(setResolver(devnetName, DEVNET_ENS.publicResolver))
  calls.push({ to: DEVNET_ENS.publicResolver, data: encodeFunctionData({ abi: PUBLIC_RESOLVER_ABI, functionName: 'setAddr', args: [devnetName, DEVNET_DEPLOYER.address] }) })
  calls.push({ to: DEVNET_ENS.reverseRegistrar, data: encodeFunctionData({ abi: REVERSE_REGISTRAR_ABI, functionName: 'setName', args: [DEVNET_ENS_NAME] }) })
  return calls
}

/** Sends the creations and the tree's set-up from account 0 and returns their hashes (checked by the caller). */
export async function deployEnsContracts(
  pub: PublicClient,
  wallet: WalletClient,
  artifacts: Artifacts,
  fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
): Promise<Hex[]> {
  expectAddresses(ensAddresses(artifacts), DEVNET_ENS, 'ENS ')
  let nonce = await pub.getTransactionCount({ address: DEVNET_DEPLOYER.address, blockTag: 'pending' })
  const send = (to: Address, data: Hex, gas: bigint): Promise<Hex> =>
    wallet.sendTransaction({ account: wallet.account!, chain: wallet.chain, to, data, nonce: nonce++, gas, ...fees })
  const hashes: Hex[] = []
  for (const c of creations(artifacts)) hashes.push(await send(DETERMINISTIC_DEPLOYER, concat([DEVNET_ENS_SALT, c.initCode]), 4_000_000n))
  for (const call of treeCalls()) hashes.push(await send(call.to, call.data, 300_000n))
  return hashes
}

/** The gateway's URL template (EIP-3668) as the offchain resolver holds it. */
export function ensGatewayUrl(serviceUrl: string): string {
  return `${serviceUrl}/ens-gateway/{sender}/{data}.json`
}

/**
 * Points the offchain resolver at the gateway (`<serviceUrl>/ens-gateway/{sender}/{data}.json`) and
 * trusts `signer`'s answers: sent by its owner, account 0; resolves once both are mined.
 */
export async function configureEnsGateway(chainId: DevnetChainId, rpcUrl: string, serviceUrl: string, signer: Address): Promise<void> {
  const chain = devnetViemChain(chainId, rpcUrl)
  const pub = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 })
  const wallet = createWalletClient({ chain, transport: http(rpcUrl), account: privateKeyToAccount(DEVNET_DEPLOYER.privateKey) })
  const url = ensGatewayUrl(serviceUrl)
  let nonce = await pub.getTransactionCount({ address: DEVNET_DEPLOYER.address, blockTag: 'pending' })
  const send = (data: Hex) => wallet.sendTransaction({ to: DEVNET_ENS.offchainResolver, data, nonce: nonce++, gas: 500_000n })
  const hashes = [
    await send(encodeFunctionData({ abi: OFFCHAIN_RESOLVER_ADMIN_ABI, functionName: 'setUrl', args: [url] })),
    await send(encodeFunctionData({ abi: OFFCHAIN_RESOLVER_ADMIN_ABI, functionName: 'setSigners', args: [[signer]] })),
  ]
  const receipts = await Promise.all(hashes.map((hash) => pub.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 60_000 })))
  const failed = receipts.find((r) => r.status !== 'success')
  if (failed) throw new Error(`chain ${chainId}: the offchain resolver's set-up ${failed.transactionHash} reverted`)
}
