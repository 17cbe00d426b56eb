/**
 * The server on a chain it has never seen, configured as a host configures one (a JSON file naming
 * the chain's RPC URLs, a token list, price feeds and a router): a fresh Anvil where the test deploys
 * the devnet's contracts (tokens, feeds, pools) and moves funds. Balances and their fiat values,
 * prices, and swaps come from the chain through the modal's own HTTP calls; a dead first RPC URL
 * falls over to the next one.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createPublicClient, createWalletClient, erc20Abi, getAddress, http, parseAbi, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { loadArtifacts } from '../../../devnet/src/chains/eip155/compile.js'
import { deployDevnetContracts } from '../../../devnet/src/chains/eip155/deploy.js'
import { DEVNET_ACCOUNTS, DEVNET_CONTRACTS, DEVNET_PRICE_FEEDS } from '../../../devnet/src/config.js'
import { ManualClock } from '../../src/clock.js'
import { readServerConfig } from '../../src/config.js'
import type { Database } from '../../src/db/database.js'
import { NATIVE_TOKEN } from '../../src/chains/uniswap-v2.js'
import { configuredSources } from '../../src/chains/configured.js'
import { startAnvil, type Anvil } from '../anvil.js'
import { freePort } from '../../../tests/e2e/support/free-port.js'
import { migratedDatabase, SDK, serverWithProject } from '../support.js'

const ROUTER_ABI = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)'])
const CHAIN = 'eip155:31337'
const funder = DEVNET_ACCOUNTS[0]!
const holderKey = generatePrivateKey()
const holder = privateKeyToAccount(holderKey)
let anvil: Anvil
let db: Database
let app: FastifyInstance
let folder: string
/** A token the list names and no feed prices. */
let unpriced: Address

const chain = () => ({ id: 31337, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } })
const client = () => createPublicClient({ transport: http(anvil.url) })
const walletOf = (key: Hex) => createWalletClient({ account: privateKeyToAccount(key), transport: http(anvil.url), chain: chain() })
const feed = (key: string) => DEVNET_PRICE_FEEDS.find((f) => f.key === key)!.address

beforeAll(async () => {
  anvil = await startAnvil(31337)
  const artifacts = await loadArtifacts()
  await deployDevnetContracts(31337, anvil.url, artifacts)
  const funding = walletOf(funder.privateKey)
  const wait = async (hash: Hex) => client().waitForTransactionReceipt({ hash })
  unpriced = getAddress((await wait(await funding.deployContract({ abi: artifacts.DevnetERC20.abi, bytecode: artifacts.DevnetERC20.bytecode, args: ['Unpriced', 'UNP', 18, [holder.address], [parseEther('3')]] }))).contractAddress!)
  // A display currency's feed: one euro is 1.25 dollars.
  const euro = (await wait(await funding.deployContract({ abi: artifacts.DevnetPriceFeed.abi, bytecode: artifacts.DevnetPriceFeed.bytecode, args: [8, 125_000_000n] }))).contractAddress!
  await wait(await funding.sendTransaction({ to: holder.address, value: parseEther('1.5') }))
  await wait(await funding.writeContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20Abi, functionName: 'transfer', args: [holder.address, parseUnits('250', 6)] }))

  // The host's files: a token list and the configuration that names it (relative to itself).
  folder = await mkdtemp(join(tmpdir(), 'walletgate-configured-'))
  await writeFile(
    join(folder, 'tokens.json'),
    JSON.stringify({
      name: 'host list',
      tokens: [
        { chainId: 31337, address: DEVNET_CONTRACTS.dUSD, name: 'Devnet USD', symbol: 'dUSD', decimals: 6, logoURI: 'https://tokens.example/dusd.svg' },
        { chainId: 31337, address: DEVNET_CONTRACTS.DVT, name: 'Devnet Token', symbol: 'DVT', decimals: 18 },
        { chainId: 31337, address: unpriced, name: 'Unpriced', symbol: 'UNP', decimals: 18 },
      ],
    }),
  )
  // A port nobody listens on, first: the chain's reads fall over to the next URL.
  const dead = `http://127.0.0.1:${await freePort()}`
  await writeFile(
    join(folder, 'config.json'),
    JSON.stringify({
      tokenLists: ['tokens.json'],
      chains: [
        {
          id: CHAIN,
          rpcUrls: [dead, anvil.url],
          priceFeeds: { native: feed('ETH'), [DEVNET_CONTRACTS.dUSD]: feed('dUSD'), [DEVNET_CONTRACTS.DVT.toLowerCase()]: feed('DVT'), EUR: euro },
          swap: { router: DEVNET_CONTRACTS.swapRouter, weth: DEVNET_CONTRACTS.weth },
          // The funder stands for an on-ramp provider's wallet.
          activity: { source: 'otterscan', onrampSenders: [funder.address] },
        },
      ],
    }),
  )
  db = await migratedDatabase()
  ;({ app } = await serverWithProject(db, readServerConfig(join(folder, 'config.json')), { clock: new ManualClock(Date.now()) }))
}, 120_000)
afterAll(async () => {
  await app?.close()
  await db?.close()
  await anvil?.stop()
  if (folder !== undefined) await rm(folder, { recursive: true, force: true })
})

async function get(path: string): Promise<[number, unknown]> {
  const answer = await app.inject({ url: `${path}${path.includes('?') ? '&' : '?'}projectId=wg-test&${SDK}` })
  return [answer.statusCode, answer.json()]
}

const ICON = (symbol: string) => expect.stringMatching(new RegExp(`/public/getTokenImage/${symbol}\\?projectId=wg-test$`))

describe('a configured chain the server has never seen', () => {
  it('answers it among the supported chains', async () => {
    expect(await get('/v1/supported-chains')).toEqual([200, { http: [CHAIN], ws: [CHAIN] }])
  })

  it("gives an account's balances from the chain with the feeds' fiat values; no fiat value for a token without a feed", async () => {
    expect(await get(`/v1/account/${holder.address}/balance?forceUpdate=true`)).toEqual([
      200,
      {
        balances: [
          { name: 'Ether', symbol: 'ETH', chainId: CHAIN, value: 3750, price: 2500, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: ICON('ETH') },
          { name: 'Devnet USD', symbol: 'dUSD', chainId: CHAIN, address: `${CHAIN}:${DEVNET_CONTRACTS.dUSD}`, value: 250, price: 1, quantity: { decimals: '6', numeric: '250' }, iconUrl: 'https://tokens.example/dusd.svg' },
          // No DVT: a zero balance is left out.
          { name: 'Unpriced', symbol: 'UNP', chainId: CHAIN, address: `${CHAIN}:${unpriced}`, value: 0, price: 0, quantity: { decimals: '18', numeric: '3' }, iconUrl: ICON('UNP') },
        ],
      },
    ])
  })

  it("gives the fiat values in a display currency through that currency's feed, and refuses one without a feed", async () => {
    const [status, body] = await get(`/v1/account/${CHAIN}:${holder.address}/balance?currency=eur`)
    expect(status).toBe(200)
    expect((body as { balances: { symbol: string; price: number; value: number }[] }).balances.map(({ symbol, price, value }) => [symbol, price, value])).toEqual([
      ['ETH', 2000, 3000],
      ['dUSD', 0.8, 200],
      ['UNP', 0, 0],
    ])
    expect(await get(`/v1/account/${holder.address}/balance?currency=gbp`)).toEqual([400, { message: 'Unsupported currency gbp' }])
  })

  it('answers an account on a chain it does not read with nothing, and a malformed one with a clear refusal', async () => {
    expect(await get(`/v1/account/eip155:1:${holder.address}/balance`)).toEqual([200, { balances: [] }])
    expect(await get(`/v1/account/${holder.address}/balance?chainId=eip155:10`)).toEqual([200, { balances: [] }])
    expect(await get('/v1/account/0x1234/balance')).toEqual([400, { message: 'Invalid address 0x1234' }])
  })

  it('prices the tokens asked for that have a feed', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/v1/fungible/price',
      payload: { projectId: 'wg-test', currency: 'usd', addresses: [`${CHAIN}:${NATIVE_TOKEN}`, `${CHAIN}:${DEVNET_CONTRACTS.DVT}`, `${CHAIN}:${unpriced}`, `eip155:1:${DEVNET_CONTRACTS.dUSD}`] },
    })
    expect([answer.statusCode, answer.json()]).toEqual([
      200,
      {
        fungibles: [
          { name: 'Ether', symbol: 'ETH', iconUrl: ICON('ETH'), price: 2500, address: `${CHAIN}:${NATIVE_TOKEN}` },
          { name: 'Devnet Token', symbol: 'DVT', iconUrl: ICON('DVT'), price: 0.5, address: `${CHAIN}:${DEVNET_CONTRACTS.DVT}` },
        ],
      },
    ])
  })

  it('lists the native coin and the listed tokens for swaps', async () => {
    const [status, body] = await get(`/v1/convert/tokens?chainId=${CHAIN}`)
    expect(status).toBe(200)
    expect((body as { tokens: { symbol: string; address: string; decimals: number }[] }).tokens.map((t) => [t.symbol, t.address, t.decimals])).toEqual([
      ['ETH', `${CHAIN}:${NATIVE_TOKEN}`, 18],
      ['dUSD', `${CHAIN}:${DEVNET_CONTRACTS.dUSD}`, 6],
      ['DVT', `${CHAIN}:${DEVNET_CONTRACTS.DVT}`, 18],
      ['UNP', `${CHAIN}:${unpriced}`, 18],
    ])
  })

  it("quotes exactly the router's getAmountsOut, and a pair without a pool as insufficient liquidity", async () => {
    const amount = parseEther('2')
    const [status, body] = await get(`/v1/convert/quotes?amount=${amount}&userAddress=${holder.address}&from=${CHAIN}:${NATIVE_TOKEN}&to=${CHAIN}:${DEVNET_CONTRACTS.DVT}`)
    const amounts = await client().readContract({ address: DEVNET_CONTRACTS.swapRouter, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [amount, [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.DVT]] })
    expect([status, body]).toEqual([200, { quotes: [{ fromAmount: String(amount), fromAccount: `${CHAIN}:${NATIVE_TOKEN}`, toAmount: String(amounts[1]), toAccount: `${CHAIN}:${DEVNET_CONTRACTS.DVT}` }] }])
    expect(await get(`/v1/convert/quotes?amount=1000&userAddress=${holder.address}&from=${CHAIN}:${unpriced}&to=${CHAIN}:${DEVNET_CONTRACTS.DVT}`)).toEqual([400, { reasons: [{ description: 'insufficient liquidity' }] }])
    expect(await get(`/v1/convert/quotes?amount=1000&userAddress=${holder.address}&from=${CHAIN}:${holder.address}&to=${CHAIN}:${DEVNET_CONTRACTS.DVT}`)).toEqual([
      400,
      { reasons: [{ description: `Unknown token ${CHAIN}:${holder.address}` }] },
    ])
  })

  it('builds an approval and a swap that the chain carries out for at least the quote less the slippage', async () => {
    const amount = parseUnits('100', 6)
    const quote = `from=${CHAIN}:${DEVNET_CONTRACTS.dUSD}&to=${CHAIN}:${DEVNET_CONTRACTS.DVT}`
    expect(await get(`/v1/convert/allowance?tokenAddress=${CHAIN}:${DEVNET_CONTRACTS.dUSD}&userAddress=${holder.address}`)).toEqual([200, { allowance: '0' }])
    const [, approve] = (await get(`/v1/convert/build-approve?userAddress=${holder.address}&${quote}&amount=${amount}`)) as [number, { tx: { to: Address; data: Hex } }]
    const wallet = walletOf(holderKey)
    await client().waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: approve.tx.to, data: approve.tx.data }) })
    expect(await get(`/v1/convert/allowance?tokenAddress=${CHAIN}:${DEVNET_CONTRACTS.dUSD}&userAddress=${holder.address}`)).toEqual([200, { allowance: String(amount) }])

    const [, quoted] = (await get(`/v1/convert/quotes?amount=${amount}&userAddress=${holder.address}&${quote}`)) as [number, { quotes: { toAmount: string }[] }]
    const built = await app.inject({
      method: 'POST',
      url: '/v1/convert/build-transaction',
      payload: { projectId: 'wg-test', amount: String(amount), from: `${CHAIN}:${DEVNET_CONTRACTS.dUSD}`, to: `${CHAIN}:${DEVNET_CONTRACTS.DVT}`, userAddress: holder.address, eip155: { slippage: 1 } },
    })
    expect(built.statusCode).toBe(200)
    const tx = (built.json() as { tx: { to: Address; data: Hex; amount: string; eip155: { gas: string; gasPrice: string } } }).tx
    expect(tx.to).toBe(DEVNET_CONTRACTS.swapRouter)
    expect(BigInt(tx.eip155.gas)).toBeGreaterThan(21_000n)
    const before = await client().readContract({ address: DEVNET_CONTRACTS.DVT, abi: erc20Abi, functionName: 'balanceOf', args: [holder.address] })
    const receipt = await client().waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.amount) }) })
    expect(receipt.status).toBe('success')
    const received = (await client().readContract({ address: DEVNET_CONTRACTS.DVT, abi: erc20Abi, functionName: 'balanceOf', args: [holder.address] })) - before
    expect(received).toBeGreaterThanOrEqual((BigInt(quoted.quotes[0]!.toAmount) * 99n) / 100n)
  })

  it("gives the chain's gas price, and refuses a chain it does not read", async () => {
    const price = await client().getGasPrice()
    const [status, body] = (await get(`/v1/convert/gas-price?chainId=${CHAIN}`)) as [number, { standard: string; fast: string; instant: string }]
    expect(status).toBe(200)
    // The next block may lower the base fee a little; never raise it above the node's own figure by more than its rule.
    expect(BigInt(body.standard)).toBeLessThanOrEqual((price * 1125n) / 1000n)
    expect(BigInt(body.fast)).toBe((BigInt(body.standard) * 12n) / 10n)
    expect(await get('/v1/convert/gas-price?chainId=eip155:10')).toEqual([400, { reasons: [{ description: 'Network not supported for Gas Price' }] }])
  })

  it("lists the account's activity from the node's Otterscan API, newest first, and the indexer's rows are the same", async () => {
    const [status, body] = (await get(`/v1/account/${CHAIN}:${holder.address}/history`)) as [number, { data: { metadata: { operationType: string; hash: string }; transfers: { fungible_info?: { symbol: string; icon: { url: string } } }[] }[]; next: string | null }]
    expect(status).toBe(200)
    // The swap and its approval (sent), the dUSD and the ETH received, the unpriced token minted to it.
    expect(body.data.map((row) => row.metadata.operationType)).toEqual(['execute', 'execute', 'receive', 'receive', 'mint'])
    // Icons: the list's logo for dUSD, this server's image by symbol for the others.
    const icons = Object.fromEntries(body.data.flatMap((row) => row.transfers.flatMap((t) => (t.fungible_info === undefined ? [] : [[t.fungible_info.symbol, t.fungible_info.icon.url]]))))
    expect(icons).toMatchObject({ dUSD: 'https://tokens.example/dusd.svg', DVT: ICON('DVT'), ETH: ICON('ETH') })
    expect(body.next).toBeNull()
    // On-ramp activity: only what the configured senders sent.
    const [, onramp] = (await get(`/v1/account/${CHAIN}:${holder.address}/history?onramp=1`)) as [number, { data: { metadata: { operationType: string } }[] }]
    expect(onramp.data.map((row) => row.metadata.operationType)).toEqual(['receive', 'receive', 'mint'])
    // Today's prices from the chain's feeds, the value moved at them; an unpriced token has neither.
    const transfers = body.data.flatMap((row) => row.transfers) as { fungible_info?: { symbol: string }; price?: number; value?: number; quantity: { numeric: string } }[]
    const dusdIn = transfers.find((t) => t.fungible_info?.symbol === 'dUSD')!
    expect(dusdIn.price).toBe(1)
    expect(dusdIn.value).toBe(Number(dusdIn.quantity.numeric))
    expect(transfers.filter((t) => t.fungible_info?.symbol === 'UNP').map((t) => [t.price, t.value])).toEqual([[undefined, undefined]])
    // A server that indexes the chain itself (the same configuration otherwise) gives the same rows.
    const config = readServerConfig(join(folder, 'config.json'))
    const indexed = configuredSources(
      { ...config, chains: config.chains.map((chain) => ({ ...chain, activity: { source: 'indexer' as const, startBlock: 0, confirmations: 0 } })) },
      new ManualClock(Date.now()),
      { db },
    )
    // Asked as the HTTP call above was (its origin and project name the icons).
    const ask = () => indexed.port.history!({ params: { address: `${CHAIN}:${holder.address}` }, query: new URLSearchParams('projectId=wg-test'), body: undefined, headers: {}, baseUrl: 'http://localhost:80' })
    await ask()
    await indexed.indexer!.sync(31337)
    expect((await ask()).json).toEqual(body)
  })

  it("takes a price endpoint's prices for what no feed prices, the feeds' first, and its currency rates", async () => {
    const endpoint = createServer((request, response) => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ [`${CHAIN}:${unpriced}`]: 2, [`${CHAIN}:${NATIVE_TOKEN}`]: 1, GBP: 1.25, [`${CHAIN}:${DEVNET_CONTRACTS.dUSD}`]: 'free', 'eip155:1:0x0000000000000000000000000000000000000001': 5 }))
    })
    await new Promise<void>((done) => endpoint.listen(0, '127.0.0.1', done))
    try {
      const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/prices.json`
      const config = readServerConfig(join(folder, 'config.json'))
      const priced = configuredSources({ ...config, prices: { url } }, new ManualClock(Date.now())).port
      const ask = async (query: string) =>
        (((await priced.balance!({ params: { address: holder.address }, query: new URLSearchParams(`projectId=wg-test&${query}`), body: undefined, headers: {}, baseUrl: 'http://127.0.0.1' })).json as { balances: { symbol: string; price: number }[] }).balances.map((b) => [b.symbol, b.price]))
      // ETH keeps its feed's 2500 over the endpoint's 1; UNP, which no feed prices, takes the endpoint's 2.
      expect(Object.fromEntries(await ask('currency=usd'))).toMatchObject({ ETH: 2500, dUSD: 1, UNP: 2 })
      expect(Object.fromEntries(await ask('currency=gbp'))).toMatchObject({ ETH: 2000, UNP: 1.6 })
    } finally {
      endpoint.close()
    }
  })

  it('reports the chain ready on /readyz', async () => {
    const ready = await app.inject('/readyz')
    expect(ready.json()).toMatchObject({ status: 'ok', chains: [{ id: CHAIN, status: 'ok' }] })
  })
})
