/**
 * Balances read from a chain the server has never seen: a fresh Anvil where the test deploys tokens
 * and makes transfers. The native coin and the token list's tokens come back in one eth_call, through
 * Multicall3 at its canonical address when the chain has it there, without it (deployless) when not;
 * zero balances, tokens of 0 decimals and an address that is no token are left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, http, parseEther, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { loadArtifacts } from '../../../devnet/src/chains/eip155/compile.js'
import { EvmBalanceReader } from '../../src/chains/evm-balances.js'
import { MULTICALL3_ADDRESS } from '../../src/chains/multicall.js'
import { tokensByChain, TokenListError, type ListedToken } from '../../src/chains/token-list.js'
import { ANVIL_KEY, startAnvil, type Anvil } from '../anvil.js'

let anvil: Anvil
const holder = privateKeyToAccount(generatePrivateKey()).address
const nobody = privateKeyToAccount(generatePrivateKey()).address
let tokens: ListedToken[] = []
/** Each HTTP request: the JSON-RPC calls it carried (a batch carries several). */
const sent: { method: string; to?: string }[][] = []

const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 }

interface RpcCall {
  method: string
  params?: unknown[]
}

/** A client as the server makes one: its HTTP transport batches the calls made together. */
function publicClient() {
  return createPublicClient({
    transport: http(anvil.url, {
      batch: true,
      onFetchRequest: async (request) => {
        const body = (await request.clone().json()) as RpcCall | RpcCall[]
        sent.push((Array.isArray(body) ? body : [body]).map((call) => ({ method: call.method, to: (call.params?.[0] as { to?: string } | undefined)?.to })))
      },
    }),
  })
}
const methods = () => sent.map((request) => request.map((call) => call.method))

beforeAll(async () => {
  anvil = await startAnvil()
  const wallet = createWalletClient({ account: privateKeyToAccount(ANVIL_KEY), transport: http(anvil.url), chain: { id: anvil.chainId, name: 'anvil', nativeCurrency: ETHER, rpcUrls: { default: { http: [anvil.url] } } } })
  const client = createPublicClient({ transport: http(anvil.url) })
  const { DevnetERC20 } = await loadArtifacts()
  const deploy = async (symbol: string, decimals: number, amount: bigint): Promise<Address> => {
    const hash = await wallet.deployContract({ abi: DevnetERC20.abi, bytecode: DevnetERC20.bytecode, args: [`Test ${symbol}`, symbol, decimals, [holder], [amount]] })
    return (await client.waitForTransactionReceipt({ hash })).contractAddress!
  }
  const dusd = await deploy('DUSD', 6, 12_345_000n)
  const zero = await deploy('ZERO', 18, 0n)
  const whole = await deploy('WHOLE', 0, 7n)
  await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: holder, value: parseEther('1.5') }) })
  tokens = [
    ...(tokensByChain({
      name: 'test list',
      tokens: [
        { chainId: anvil.chainId, address: dusd, name: 'Devnet USD', symbol: 'dUSD', decimals: 6, logoURI: 'https://tokens.example/dusd.svg' },
        { chainId: anvil.chainId, address: zero, name: 'Zero', symbol: 'ZERO', decimals: 18 },
        { chainId: anvil.chainId, address: whole, name: 'Whole', symbol: 'WHOLE', decimals: 0 },
        // An account, not a token: its balanceOf call returns nothing.
        { chainId: anvil.chainId, address: nobody, name: 'Not a token', symbol: 'NOPE', decimals: 18 },
        // Another chain's token is not read here.
        { chainId: 1, address: dusd, name: 'Elsewhere', symbol: 'ELSE', decimals: 6 },
      ],
    }).get(anvil.chainId) ?? []),
  ]
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})

const expected = () => [
  { ...ETHER, amount: parseEther('1.5') },
  { address: tokens[0]!.address, name: 'Devnet USD', symbol: 'dUSD', decimals: 6, amount: 12_345_000n, logoURI: 'https://tokens.example/dusd.svg' },
]

describe('EVM balances from the chain', () => {
  it('reads the native coin and the listed tokens in one round trip, without Multicall3 on the chain', async () => {
    const reader = new EvmBalanceReader(publicClient(), ETHER, tokens)
    sent.length = 0
    expect(await reader.balances(holder)).toEqual(expected())
    // Whether the chain has Multicall3 is asked once; then one request.
    expect(methods()).toEqual([['eth_getCode'], ['eth_getBalance', 'eth_call']])
    sent.length = 0
    expect(await reader.balances(nobody)).toEqual([])
    expect(methods()).toEqual([['eth_getBalance', 'eth_call']])
  })

  it('calls Multicall3 at its canonical address once the chain has it there', async () => {
    const client = createPublicClient({ transport: http(anvil.url) })
    // Deployed anywhere, then its code set at the canonical address (as a chain that has it).
    const wallet = createWalletClient({ account: privateKeyToAccount(ANVIL_KEY), transport: http(anvil.url), chain: { id: anvil.chainId, name: 'anvil', nativeCurrency: ETHER, rpcUrls: { default: { http: [anvil.url] } } } })
    const { DevnetMulticall3 } = await loadArtifacts()
    const receipt = await client.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi: DevnetMulticall3.abi, bytecode: DevnetMulticall3.bytecode }) })
    const code = await client.getCode({ address: receipt.contractAddress! })
    await client.request({ method: 'anvil_setCode' as 'eth_chainId', params: [MULTICALL3_ADDRESS, code] as unknown as undefined })
    const reader = new EvmBalanceReader(publicClient(), ETHER, tokens)
    sent.length = 0
    expect(await reader.balances(holder)).toEqual(expected())
    expect(sent).toEqual([[{ method: 'eth_getCode', to: undefined }], [{ method: 'eth_call', to: MULTICALL3_ADDRESS }]])
  })
})

describe('a token list', () => {
  it('names the key and what was expected when it is not one', () => {
    expect(() => tokensByChain({ name: 'x', tokens: [{ chainId: 1, address: '0x1234', name: 'a', symbol: 'A', decimals: 6 }] })).toThrow(TokenListError)
    expect(() => tokensByChain({ name: 'x', tokens: [{ chainId: 1, address: '0x1234', name: 'a', symbol: 'A', decimals: 6 }] })).toThrow(/tokens\.0\.address: an 0x address of 20 bytes/)
    expect(() => tokensByChain([])).toThrow(/Invalid token list/)
  })
})
