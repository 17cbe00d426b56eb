/**
 * Smart accounts and their operations for the paymaster's devnet suites: a fresh owner's devnet
 * smart account (undeployed: its first operation creates it through the devnet factory), the
 * calls the devnet's policy sponsors (dUSD transfers) and others, a SIWX session of the account
 * on the devnet's service, and the operation signed and packed as the EntryPoint takes it.
 */
import { encodeFunctionData, numberToHex, parseAbi, type Address, type Hex } from 'viem'
import { toPackedUserOperation, type SmartAccount, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { devnetSmartAccount } from '../../../devnet/src/auth/smart-account'
import { DEVNET_CONTRACTS, DEVNET_PAYMASTER } from '../../../devnet/src/config'
import type { UserOperationDraft } from '../../../src/domain/sponsorship/sponsorship'

/** A page origin every devnet project allows. */
export const PAGE = 'http://localhost:5173'
const erc20 = parseAbi(['function transfer(address to, uint256 amount)', 'function approve(address spender, uint256 amount)'])

export const transferCall = (amount = 0n, token: Address = DEVNET_CONTRACTS.dUSD) => ({ to: token, value: 0n, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: ['0x000000000000000000000000000000000000dEaD', amount] }) })
export const approveCall = () => ({ to: DEVNET_CONTRACTS.dUSD, value: 0n, data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: ['0x000000000000000000000000000000000000dEaD', 2n ** 255n] }) })
/** A call to a contract the devnet's policy does not list (the Pixels collection). */
export const outsideCall = () => ({ to: DEVNET_CONTRACTS.pixels, value: 0n, data: '0xa22cb465' as Hex })

export async function freshAccount(rpcUrl: string): Promise<SmartAccount> {
  return (await devnetSmartAccount(generatePrivateKey(), { chainId: 31337, rpcUrl })).account
}

/** The account's first operation (it creates the account), its gas set, no paymaster fields yet. */
export async function draftOperation(account: SmartAccount, calls: readonly { to: Address; value: bigint; data: Hex }[], nonce = 0n): Promise<UserOperationDraft> {
  const factory = await account.getFactoryArgs()
  return {
    sender: account.address,
    nonce: numberToHex(nonce),
    ...(factory.factory === undefined ? {} : { factory: factory.factory, factoryData: factory.factoryData! }),
    callData: await account.encodeCalls(calls.map((c) => ({ ...c }))),
    callGasLimit: numberToHex(200_000n),
    verificationGasLimit: numberToHex(600_000n),
    preVerificationGas: numberToHex(60_000n),
    maxFeePerGas: numberToHex(3_000_000_000n),
    maxPriorityFeePerGas: numberToHex(1_000_000_000n),
    paymasterVerificationGasLimit: numberToHex(100_000n),
    paymasterPostOpGasLimit: '0x0',
  }
}

/** The operation with the paymaster's data, signed by the account and packed for handleOps. */
export async function packed(account: SmartAccount, draft: UserOperationDraft, paymasterData: Hex) {
  const op: UserOperation<'0.7'> = {
    sender: draft.sender as Address,
    nonce: BigInt(draft.nonce),
    ...(draft.factory === undefined ? {} : { factory: draft.factory as Address, factoryData: draft.factoryData as Hex }),
    callData: draft.callData as Hex,
    callGasLimit: BigInt(draft.callGasLimit),
    verificationGasLimit: BigInt(draft.verificationGasLimit),
    preVerificationGas: BigInt(draft.preVerificationGas),
    maxFeePerGas: BigInt(draft.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(draft.maxPriorityFeePerGas),
    paymaster: DEVNET_PAYMASTER.address,
    paymasterVerificationGasLimit: BigInt(draft.paymasterVerificationGasLimit ?? '0x0'),
    paymasterPostOpGasLimit: BigInt(draft.paymasterPostOpGasLimit ?? '0x0'),
    paymasterData,
    signature: '0x',
  }
  const signature = await account.signUserOperation({ ...op, chainId: 31337 })
  return toPackedUserOperation({ ...op, signature })
}

/** A SIWX session of `account` on the devnet's service, for the page origin; its bearer token. */
export async function signInOnService(serviceUrl: string, account: SmartAccount): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${serviceUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: PAGE }, body: JSON.stringify(body) })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  const nonce = (await post('/auth/v1/nonce', {})).body.nonce as string
  const message = createSiweMessage({
    address: account.address,
    domain: new URL(PAGE).host,
    uri: `${PAGE}/`,
    version: '1',
    chainId: 31337,
    nonce,
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 3_600_000),
  })
  const answer = await post('/auth/v1/authenticate', { message, signature: await account.signMessage({ message }), caipNetworkId: 'eip155:31337' })
  if (answer.status !== 201) throw new Error(`sign-in answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  return answer.body.token as string
}
