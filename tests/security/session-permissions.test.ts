/**
 * Attack: a smart-session key does more than the visitor granted.
 *
 * An app is granted a session key for a native-token transfer of at most 0.01 ETH. Holding the key,
 * it tries what it was never granted: move the account's dUSD, approve a spender for everything,
 * call a contract with value. And an app granted one payable function of one contract with a 5 ETH
 * value limit tries another function and another contract. Each must be refused by the account
 * itself (during validation, so the EntryPoint never runs it) and nothing may move.
 *
 * The visitor's side: the wallet frame's grant dialog must say, in plain words, every permission
 * the chain will enforce: each target, each function and each limit, the key, the expiry and the
 * network.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  http,
  keccak256,
  maxUint256,
  pad,
  parseAbi,
  parseEther,
  toFunctionSelector,
  toHex,
  type Address,
  type Hex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEVNET_CONTRACTS, devnetViemChain } from '../../devnet/src/config'
import type { BundlerHandle } from '../../devnet/src/chains/eip155/bundler'
import { devnetSmartAccount, sessionKeyClient, type DevnetSmartAccount, type SmartAccountChain } from '../../devnet/src/auth/smart-account'
import { FrameHandler, FRAME_STORAGE_KEYS, type ApprovalDetails } from '../../devnet/src/auth/frame/frame-handler'
import { FRAME_CHANNEL } from '../../src/infrastructure/embedded-wallet/frame-protocol'
import { devnet } from '../contract/devnet/helpers'
import { startChainABundler } from '../contract/smart-accounts/bundler'

const rpcUrl = devnet.rpcUrls[31337]!
const client = createPublicClient({ chain: devnetViemChain(31337, rpcUrl), transport: http(rpcUrl), pollingInterval: 50 })
let bundler: BundlerHandle
let chain: SmartAccountChain

beforeAll(async () => {
  ;({ bundler, chain } = await startChainABundler())
})
afterAll(async () => {
  await bundler?.stop()
})

const ERC20 = parseAbi([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
])
const WETH = parseAbi(['function deposit() payable', 'function withdraw(uint256 amount)', 'function balanceOf(address) view returns (uint256)'])
/** DevnetERC20's `balanceOf` mapping is its fourth slot (name, symbol, totalSupply, balanceOf). */
const ERC20_BALANCE_SLOT = 3n

const randomAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address
const chainNow = async (): Promise<number> => Number((await client.getBlock({ blockTag: 'latest' })).timestamp)
const dUsdOf = (address: Address) => client.readContract({ address: DEVNET_CONTRACTS.dUSD, abi: ERC20, functionName: 'balanceOf', args: [address] })
const refusal = (error: string, ...args: Hex[]) => `AA23 reverted ${toFunctionSelector(error)}${args.map((a) => a.slice(2)).join('')}`

/** A new owner's smart account holding `eth` and 1,000 dUSD, deployed. */
async function funded(eth: bigint): Promise<DevnetSmartAccount> {
  const account = await devnetSmartAccount(generatePrivateKey(), chain)
  await client.request({ method: 'anvil_setBalance' as never, params: [account.address, toHex(eth)] as never })
  const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [account.address, ERC20_BALANCE_SLOT]))
  await client.request({ method: 'anvil_setStorageAt' as never, params: [DEVNET_CONTRACTS.dUSD, slot, pad(toHex(1_000_000_000n))] as never })
  expect(await dUsdOf(account.address)).toBe(1_000_000_000n)
  await account.waitForCalls(await account.sendCalls([{ to: randomAddress(), value: 1n }]))
  return account
}

async function grant(account: DevnetSmartAccount, permissions: unknown[]): Promise<{ key: Hex; address: Address }> {
  const key = generatePrivateKey()
  const address = privateKeyToAccount(key).address
  await account.request({
    method: 'wallet_grantPermissions',
    params: [{ chainId: '0x7a69', address: account.address, expiry: (await chainNow()) + 3600, signer: { type: 'key', data: { type: 'secp256k1', id: address } }, permissions }],
  })
  return { key, address }
}

const nativeTransfer = (allowance: bigint) => ({ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: toHex(allowance) } }] })

// On the project's devnet: fresh owners' smart accounts on Devnet A (bundler.ts), their balances and session keys.
describe('a key granted only a native-token transfer of 0.01 ETH', () => {
  it('cannot move the account dUSD, approve a spender or call a contract with value; it can send 0.01 ETH', async () => {
    const account = await funded(parseEther('1'))
    const session = await grant(account, [nativeTransfer(parseEther('0.01'))])
    const app = await sessionKeyClient(session.key, account.address, chain)
    const thief = randomAddress()
    const dUSD = DEVNET_CONTRACTS.dUSD

    // (a) an ERC-20 transfer of everything the account holds
    await expect(app.sendCalls([{ to: dUSD, data: encodeFunctionData({ abi: ERC20, functionName: 'transfer', args: [thief, 1_000_000_000n] }) }])).rejects.toThrow(
      refusal('SessionTargetNotAllowed(address)', pad(dUSD.toLowerCase() as Hex)),
    )
    // (b) an unlimited approval
    await expect(app.sendCalls([{ to: dUSD, data: encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [thief, maxUint256] }) }])).rejects.toThrow(
      refusal('SessionTargetNotAllowed(address)', pad(dUSD.toLowerCase() as Hex)),
    )
    // (c) a call with value (within the allowance) to a contract
    await expect(app.sendCalls([{ to: DEVNET_CONTRACTS.weth, value: parseEther('0.01'), data: encodeFunctionData({ abi: WETH, functionName: 'deposit' }) }])).rejects.toThrow(
      refusal('SessionTargetNotAllowed(address)', pad(DEVNET_CONTRACTS.weth.toLowerCase() as Hex)),
    )
    // ...nor hidden in a batch behind a plain transfer.
    await expect(
      app.sendCalls([
        { to: thief, value: 1n },
        { to: dUSD, data: encodeFunctionData({ abi: ERC20, functionName: 'transfer', args: [thief, 1n] }) },
      ]),
    ).rejects.toThrow(refusal('SessionTargetNotAllowed(address)', pad(dUSD.toLowerCase() as Hex)))
    expect(await dUsdOf(account.address)).toBe(1_000_000_000n)
    expect(await dUsdOf(thief)).toBe(0n)
    expect(await client.readContract({ address: dUSD, abi: ERC20, functionName: 'allowance', args: [account.address, thief] })).toBe(0n)

    // What was granted works: a plain transfer within the allowance; over it, refused.
    const receiver = randomAddress()
    expect((await app.waitForCalls(await app.sendCalls([{ to: receiver, value: parseEther('0.01') }]))).success).toBe(true)
    expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))
    await expect(app.sendCalls([{ to: receiver, value: 1n }])).rejects.toThrow(refusal('SessionValueLimitExceeded(uint256,uint256)', pad(toHex(1n)), pad(toHex(0n))))
  })
})

describe('a key granted one function of one contract with a 5 ETH value limit', () => {
  it('calls exactly that function on that contract, up to 5 ETH; not another function, not another contract', async () => {
    const account = await funded(parseEther('20'))
    const weth = DEVNET_CONTRACTS.weth
    const session = await grant(account, [{ type: 'contract-call', data: { address: weth, functions: [{ functionName: 'deposit()', valueLimit: toHex(parseEther('5')) }] }, policies: [] }])
    const app = await sessionKeyClient(session.key, account.address, chain)
    const deposit = encodeFunctionData({ abi: WETH, functionName: 'deposit' })

    expect((await app.waitForCalls(await app.sendCalls([{ to: weth, value: parseEther('3'), data: deposit }]))).success).toBe(true)
    expect((await app.waitForCalls(await app.sendCalls([{ to: weth, value: parseEther('2'), data: deposit }]))).success).toBe(true)
    expect(await client.readContract({ address: weth, abi: WETH, functionName: 'balanceOf', args: [account.address] })).toBe(parseEther('5'))
    // The function's limit is spent.
    await expect(app.sendCalls([{ to: weth, value: 1n, data: deposit }])).rejects.toThrow(refusal('SessionValueLimitExceeded(uint256,uint256)', pad(toHex(1n)), pad(toHex(0n))))
    // Another function of the same contract.
    const withdraw = toFunctionSelector('withdraw(uint256)')
    await expect(app.sendCalls([{ to: weth, data: encodeFunctionData({ abi: WETH, functionName: 'withdraw', args: [parseEther('5')] }) }])).rejects.toThrow(
      refusal('SessionFunctionNotAllowed(address,bytes4)', pad(weth.toLowerCase() as Hex), pad(withdraw, { dir: 'right' })),
    )
    // The same function on another contract.
    await expect(app.sendCalls([{ to: DEVNET_CONTRACTS.DVT, data: deposit }])).rejects.toThrow(refusal('SessionTargetNotAllowed(address)', pad(DEVNET_CONTRACTS.DVT.toLowerCase() as Hex)))
    // A plain transfer: no native-token transfer was granted.
    const receiver = randomAddress()
    await expect(app.sendCalls([{ to: receiver, value: 1n }])).rejects.toThrow(refusal('SessionTransferNotAllowed(address)', pad(receiver.toLowerCase() as Hex)))
    expect(await client.readContract({ address: weth, abi: WETH, functionName: 'balanceOf', args: [account.address] })).toBe(parseEther('5'))
  })
})

describe('the grant dialog', () => {
  /** The frame over fakes: the visitor's dialog is captured, the service answers every RPC. */
  async function shownFor(request: unknown): Promise<ApprovalDetails> {
    const parent = {}
    const host = 'http://127.0.0.1:5173'
    const shown: ApprovalDetails[] = []
    const storage = new Map<string, string>([[FRAME_STORAGE_KEYS.token, 'token']])
    const frame = new FrameHandler({
      hostOrigin: host,
      parent,
      post: () => undefined,
      fetch: async (path) => {
        const json = path.startsWith('/v1/chains') ? { chains: [{ chainId: 31337, name: 'Devnet A', smartAccount: true }] } : { result: {} }
        return { ok: true, status: 200, json: async () => json } as Response
      },
      storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) },
      ui: {
        confirm: (details) => {
          shown.push(details)
          return Promise.resolve(false)
        },
        setTheme: () => undefined,
        exportKeys: async () => false,
      },
      reload: () => undefined,
      randomId: () => 'device',
      // The frame's clock: only sign-in checks read it, and none runs here.
      now: () => 0,
    })
    await frame.handle({
      origin: host,
      source: parent,
      data: { channel: FRAME_CHANNEL, kind: 'request', id: 'g1', action: 'RPC_REQUEST', payload: { chainId: 31337, method: 'wallet_grantPermissions', params: [request] } },
    })
    expect(shown).toHaveLength(1)
    return shown[0]!
  }

  it('names every target, function and limit, the key, the expiry and the network', async () => {
    const key = privateKeyToAccount(generatePrivateKey())
    const expiry = 1_900_000_000
    const details = await shownFor({
      chainId: '0x7a69',
      expiry,
      signer: { type: 'keys', data: { keys: [{ type: 'secp256k1', publicKey: key.publicKey }] } },
      permissions: [
        nativeTransfer(parseEther('0.01')),
        {
          type: 'contract-call',
          data: { address: DEVNET_CONTRACTS.dUSD, functions: [{ functionName: 'transfer(address,uint256)', valueLimit: toHex(parseEther('5')) }, { functionName: toFunctionSelector('approve(address,uint256)') }] },
          policies: [],
        },
        { type: 'contract-call', data: { address: DEVNET_CONTRACTS.weth, calls: ['function deposit()'] }, policies: [] },
        { type: 'contract-call', data: { address: DEVNET_CONTRACTS.pixels }, policies: [] },
      ],
    })
    const text = details.rows.map((r) => `${r.label}: ${r.value}`)
    expect(details.title).toBe('Grant permissions')
    expect(text).toEqual([
      `Session key: ${key.address}`,
      'Allows: Send up to 0.01 ETH in total, to any address but your account',
      `Allows: Call transfer(address,uint256) on dUSD (${DEVNET_CONTRACTS.dUSD}) with up to 5 ETH in total`,
      `Allows: Call approve(address,uint256) on dUSD (${DEVNET_CONTRACTS.dUSD}), sending no ETH`,
      `Allows: Call deposit() on WETH (${DEVNET_CONTRACTS.weth}), sending no ETH`,
      `Allows: Call any function of Devnet Pixels (${DEVNET_CONTRACTS.pixels}), sending no ETH: it may move or approve your DPX`,
      'Spend limit: 5.01 ETH in total',
      'Nothing else: no other contract, function or amount',
      `Expires: ${new Date(expiry * 1000).toUTCString()}`,
      'Network: Devnet A',
    ])
  })

  it('says so when the chain could not enforce what is asked, instead of showing a smaller grant', async () => {
    const details = await shownFor({
      expiry: 1_900_000_000,
      signer: { type: 'key', data: { id: randomAddress() } },
      permissions: [{ type: 'erc20-token-transfer', data: { address: DEVNET_CONTRACTS.dUSD, ticker: 'dUSD' }, policies: [] }],
    })
    expect(details.rows).toContainEqual({ label: 'Cannot be granted', value: 'Permission type erc20-token-transfer is not supported' })
  })
})
