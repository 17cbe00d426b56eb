/**
 * The embedded smart account's send path with the app paying its gas, end to end on Devnet A: a
 * fresh account holding dUSD and no ether, signed in with SIWX on the devnet's service, sends a
 * dUSD transfer as one user operation through the bundler with the service's paymaster
 * (ERC-7677, wallet_sendCalls' paymasterService capability): it lands, the account still holds no
 * ether and the paymaster's EntryPoint deposit paid. The devnet's walletgate-test policy sponsors
 * one operation per account a day: the next one is refused, the visitor left to pay as usual.
 *
 * Then a browser wallet (the same smart account given no session) that calls the paymaster itself:
 * the modal's FetchPaymasterService buys a ticket with the visitor's SIWX session and the wallet
 * carries it in the capability's context; without it the wallet is refused as not signed in.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, encodeFunctionData, http, parseAbi, parseUnits, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { BundlerHandle } from '../../../devnet/src/chains/eip155/bundler'
import { devnetSmartAccount, type SmartAccountChain } from '../../../devnet/src/auth/smart-account'
import { DEVNET_ACCOUNTS, DEVNET_CONTRACTS, DEVNET_PAYMASTER, devnetViemChain } from '../../../devnet/src/config'
import { devnet } from '../devnet/helpers'
import { FetchHttpClient } from '../../../src/infrastructure/http/fetch-http-client'
import { FetchPaymasterService } from '../../../src/infrastructure/http/fetch-paymaster-service'
import { startChainABundler } from '../smart-accounts/bundler'
import { signInOnService } from './devnet-sponsorship'

const rpcUrl = devnet.rpcUrls[31337]!
const client = createPublicClient({ chain: devnetViemChain(31337, rpcUrl), transport: http(rpcUrl) })
const erc20 = parseAbi(['function transfer(address to, uint256 amount)', 'function balanceOf(address) view returns (uint256)'])
const depositOf = () => client.readContract({ address: DEVNET_PAYMASTER.address, abi: parseAbi(['function getDeposit() view returns (uint256)']), functionName: 'getDeposit' })
const RECEIVER: Address = '0x000000000000000000000000000000000000bEEF'
let bundler: BundlerHandle
let chain: SmartAccountChain

beforeAll(async () => {
  ;({ bundler, chain } = await startChainABundler())
})
afterAll(async () => {
  await bundler?.stop()
})

it('sends a dUSD transfer from an account with no ether, its gas paid by the app; the next one over the policy is refused', { timeout: 90_000 }, async () => {
  const owner = generatePrivateKey()
  const probe = await devnetSmartAccount(owner, chain)
  const token = await signInOnService(devnet.serviceUrl, probe.account)
  const account = await devnetSmartAccount(owner, chain, { paymasterToken: token, paymasterOrigins: [new URL(devnet.serviceUrl).origin] })
  // 5 dUSD from account #1; no ether at all.
  const funder = createWalletClient({ chain: devnetViemChain(31337, rpcUrl), transport: http(rpcUrl), account: privateKeyToAccount(DEVNET_ACCOUNTS[1]!.privateKey) })
  const funded = await funder.writeContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20, functionName: 'transfer', args: [account.address, parseUnits('5', 6)] })
  await client.waitForTransactionReceipt({ hash: funded, pollingInterval: 50 })
  expect(await client.getBalance({ address: account.address })).toBe(0n)
  const depositBefore = await depositOf()

  const paymasterService = { url: `${devnet.serviceUrl}/v1/paymaster/31337?projectId=walletgate-test` }
  const transfer = (amount: string) => ({ to: DEVNET_CONTRACTS.dUSD, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [RECEIVER, parseUnits(amount, 6)] }) })
  const { id } = (await account.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', calls: [transfer('1')], capabilities: { paymasterService } }] })) as { id: `0x${string}` }
  expect(await account.waitForCalls(id)).toMatchObject({ success: true })
  expect(await client.readContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20, functionName: 'balanceOf', args: [account.address] })).toBe(parseUnits('4', 6))
  expect(await client.getBalance({ address: account.address })).toBe(0n)
  expect(await depositOf()).toBeLessThan(depositBefore)

  // The policy's one operation a day is used: the paymaster says why, and nothing is sent for the app.
  const refused = await account
    .request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', calls: [transfer('1')], capabilities: { paymasterService } }] })
    .then(() => undefined, (error: unknown) => error)
  expect(String(refused)).toContain("This account's sponsored operations for today are used up")
})

it('a browser wallet carrying a ticket in the paymaster context gets its operation sponsored, and it lands', { timeout: 90_000 }, async () => {
  // The wallet is given no session: it cannot show the paymaster one.
  const wallet = await devnetSmartAccount(generatePrivateKey(), chain)
  const session = await signInOnService(devnet.serviceUrl, wallet.account)
  const funder = createWalletClient({ chain: devnetViemChain(31337, rpcUrl), transport: http(rpcUrl), account: privateKeyToAccount(DEVNET_ACCOUNTS[1]!.privateKey) })
  const funded = await funder.writeContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20, functionName: 'transfer', args: [wallet.account.address, parseUnits('5', 6)] })
  await client.waitForTransactionReceipt({ hash: funded, pollingInterval: 50 })
  expect(await client.getBalance({ address: wallet.account.address })).toBe(0n)
  const depositBefore = await depositOf()

  const url = `${devnet.serviceUrl}/v1/paymaster/31337?projectId=walletgate-test`
  const transfer = { to: DEVNET_CONTRACTS.dUSD, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [RECEIVER, parseUnits('1', 6)] }) }
  const send = (paymasterService: Record<string, unknown>) =>
    wallet.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', calls: [transfer], capabilities: { paymasterService } }] }) as Promise<{ id: `0x${string}` }>

  // Without a ticket the paymaster knows no visitor behind the wallet.
  const refused = await send({ url }).then(() => undefined, (error: unknown) => error)
  expect(String(refused)).toContain('Sign in to have your gas paid')

  const service = new FetchPaymasterService(new FetchHttpClient({ baseUrl: devnet.serviceUrl, projectId: 'walletgate-test', sdkVersion: 'contract-test' }))
  const { ticket } = await service.ticket({ caipNetworkId: 'eip155:31337', account: wallet.account.address, sessionToken: session })
  const { id } = await send({ url, context: { ticket } })
  expect(await wallet.waitForCalls(id)).toMatchObject({ success: true })
  expect(await client.readContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20, functionName: 'balanceOf', args: [wallet.account.address] })).toBe(parseUnits('4', 6))
  expect(await client.getBalance({ address: wallet.account.address })).toBe(0n)
  expect(await depositOf()).toBeLessThan(depositBefore)
})
