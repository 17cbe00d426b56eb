import { describe, expect, it } from 'vitest'
import { erc20Abi, parseAbi, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { SOLANA_DEVNET_CAIP_NETWORK_ID } from '../../../devnet/src/config'
import { ADMIN_AUTH, clients, devnet, getJson, postJson, SDK_QUERY } from './helpers'

const url = (path: string) => `${devnet.serviceUrl}${path}`
const admin = {
  fault: (body: unknown) => postJson('/__admin/faults', body),
  clearFaults: () => fetch(url('/__admin/faults'), { method: 'DELETE', headers: ADMIN_AUTH }),
}

// On the project's devnet: the service's faults (cleared by each test that sets them) and analytics log, sends and swaps from accounts #1-#4, #7 and #8.
describe('common rules', () => {
  it('answers 400 with the missing query parameter on every GET', async () => {
    for (const [query, missing] of [
      ['st=walletgate&sv=walletgate-0.1.0', 'projectId'],
      [`projectId=${devnet.projectId}&sv=walletgate-0.1.0`, 'st'],
      [`projectId=${devnet.projectId}&st=walletgate`, 'sv'],
    ] as const) {
      const res = await fetch(url(`/v1/supported-chains?${query}`))
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ message: `Missing query parameter ${missing}` })
    }
    const ok = await getJson('/v1/supported-chains')
    const ids = ['eip155:31337', 'eip155:31338', SOLANA_DEVNET_CAIP_NETWORK_ID]
    expect(ok).toEqual({ status: 200, body: { http: ids, ws: ids } })
  })

  it('answers CORS preflights and marks answers readable by another origin', async () => {
    const pre = await fetch(url('/v1/fungible/price'), {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5999', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-sdk-version' },
    })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:5999')
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST')
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type,x-sdk-version')
    const res = await fetch(url(`/v1/supported-chains?${SDK_QUERY}`), { headers: { origin: 'http://localhost:5999' } })
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5999')
  })
})

describe('analytics', () => {
  it('records events for known projects and answers 403 to others', async () => {
    await fetch(url('/__admin/analytics'), { method: 'DELETE', headers: ADMIN_AUTH })
    const event = { eventId: 'e-1', url: 'http://localhost/', domain: 'localhost', timestamp: 1, props: { type: 'track', event: 'MODAL_OPEN' } }
    const ok = await fetch(url(`/e?${SDK_QUERY}`), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) })
    expect(ok.status).toBe(202)
    const denied = await fetch(url('/e?projectId=not-a-project&st=walletgate&sv=walletgate-0.1.0'), { method: 'POST', body: JSON.stringify(event) })
    expect(denied.status).toBe(403)
    expect(((await denied.json()) as { message: string }).message).toEqual(expect.any(String))
    const log = (await (await fetch(url('/__admin/analytics'), { headers: ADMIN_AUTH })).json()) as { events: { query: Record<string, string>; body: unknown }[] }
    expect(log.events).toHaveLength(1)
    expect(log.events[0]).toMatchObject({ query: { projectId: devnet.projectId, st: 'walletgate' }, body: event })
  })
})

describe('fault injection and the request log', () => {
  it('makes the next N calls of a path fail as asked, then recovers', async () => {
    await admin.clearFaults()
    await admin.fault({ path: '/v1/supported-chains', count: 2, kind: '500' })
    expect((await fetch(url(`/v1/supported-chains?${SDK_QUERY}`))).status).toBe(500)
    expect((await fetch(url(`/v1/supported-chains?${SDK_QUERY}`))).status).toBe(500)
    expect((await fetch(url(`/v1/supported-chains?${SDK_QUERY}`))).status).toBe(200)

    await admin.fault({ path: '/v1/identity/', count: 1, kind: '403' })
    expect((await fetch(url(`/v1/identity/${devnet.accounts[1]!.address}?${SDK_QUERY}`))).status).toBe(403)

    await admin.fault({ path: '/getWallets', count: 1, kind: 'malformed' })
    const bad = await fetch(url(`/getWallets?${SDK_QUERY}`))
    expect(bad.status).toBe(200)
    await expect(bad.json()).rejects.toThrow()

    await admin.fault({ path: '/v1/convert/', method: 'GET', count: 1, kind: 'hang' })
    await expect(fetch(url(`/v1/convert/tokens?chainId=eip155:31337&${SDK_QUERY}`), { signal: AbortSignal.timeout(300) })).rejects.toThrow()
    expect((await fetch(url(`/v1/convert/tokens?chainId=eip155:31337&${SDK_QUERY}`))).status).toBe(200)
  })

  it('logs every request with method, path and query', async () => {
    await fetch(url('/__admin/requests'), { method: 'DELETE', headers: ADMIN_AUTH })
    await fetch(url(`/v1/identity/${devnet.accounts[2]!.address}?sender=x&${SDK_QUERY}`))
    const log = (await (await fetch(url('/__admin/requests?path=/v1/identity/'), { headers: ADMIN_AUTH })).json()) as { requests: { method: string; path: string; query: Record<string, string> }[] }
    expect(log.requests).toEqual([
      expect.objectContaining({ method: 'GET', path: `/v1/identity/${devnet.accounts[2]!.address}`, query: expect.objectContaining({ sender: 'x', projectId: devnet.projectId }) }),
    ])
  })
})

describe('wallet catalogue', () => {
  interface Wallet { id: string; name: string; image_id: string; order: number; rdns: string | null }
  it('serves at least 120 wallets in pages of 40 ordered by order, with the Devnet Wallet first', async () => {
    const first = await getJson<{ count: number; data: Wallet[] }>('/getWallets', 'page=1&entries=40')
    expect(first.body.count).toBeGreaterThanOrEqual(120)
    expect(first.body.data).toHaveLength(40)
    expect(first.body.data[0]).toMatchObject({ name: 'Devnet Wallet', rdns: 'dev.walletgate.devnet', order: 1 })
    const second = await getJson<{ count: number; data: Wallet[] }>('/getWallets', 'page=2&entries=40')
    expect(second.body.data[0]!.order).toBeGreaterThan(first.body.data[39]!.order)
    const ids = new Set([...first.body.data, ...second.body.data].map((w) => w.id))
    expect(ids.size).toBe(80)
  })

  it('searches, includes and excludes', async () => {
    const search = await getJson<{ count: number; data: Wallet[] }>('/getWallets', 'search=vault&entries=100')
    expect(search.body.count).toBeGreaterThan(0)
    expect(search.body.data.every((w) => w.name.toLowerCase().includes('vault'))).toBe(true)
    const all = await getJson<{ data: Wallet[] }>('/getWallets', 'entries=4')
    const [a, b] = all.body.data
    const include = await getJson<{ count: number; data: Wallet[] }>('/getWallets', `include=${a!.id},${b!.id}`)
    expect(include.body.data.map((w) => w.id)).toEqual([a!.id, b!.id])
    const exclude = await getJson<{ data: Wallet[] }>('/getWallets', `entries=4&exclude=${a!.id}`)
    expect(exclude.body.data.map((w) => w.id)).not.toContain(a!.id)
  })

  it('serves SVG icons, config, origins and the analytics config', async () => {
    const { body } = await getJson<{ data: Wallet[] }>('/getWallets', 'entries=1')
    // As the modal's <img> asks: with the project, no Origin.
    const image = await fetch(url(`/getWalletImage/${body.data[0]!.image_id}?${SDK_QUERY}`))
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
    expect(await image.text()).toMatch(/^<svg[^>]*>.*DW.*<\/svg>$/)
    expect((await fetch(url(`/getWalletImage/unknown?${SDK_QUERY}`))).status).toBe(404)
    expect((await fetch(url(`/getWalletImage/${body.data[0]!.image_id}`))).status).toBe(403)
    for (const p of ['/public/getAssetImage/eip155-31337', '/public/getCurrencyImage/USD', '/public/getTokenImage/dUSD']) {
      const res = await fetch(url(`${p}?${SDK_QUERY}`))
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
    }
    const config = await getJson<{ features: { id: string; isEnabled: boolean }[] }>('/appkit/v1/config')
    expect(config.body.features.map((f) => f.id)).toEqual(expect.arrayContaining(['swap', 'onramp', 'email', 'social', 'activity']))
    const origins = await getJson<{ allowedOrigins: string[] }>('/projects/v1/origins')
    expect(origins.body.allowedOrigins.length).toBeGreaterThan(0)
    expect((await getJson('/getAnalyticsConfig')).body).toEqual({ isAnalyticsEnabled: true, isAppKitAuthEnabled: true })
  })
})

const ROUTER_ABI = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)'])
type BuiltTx = { tx: { from: string; to: Address; data: Hex; amount: string; eip155: { gas: string; gasPrice: string } } }
type BuiltApprove = { tx: { from: string; to: Address; data: Hex; value: string; eip155: { gas: string; gasPrice: string } } }

describe('convert (answered from the Uniswap V2 pools)', () => {
  const chainId = 31337
  const trader = devnet.accounts[8]!
  const fungibles = devnet.tokens[chainId]!.fungibles
  const ETH = fungibles.find((f) => f.symbol === 'ETH')!
  const dUSD = fungibles.find((f) => f.symbol === 'dUSD')!
  const DVT = fungibles.find((f) => f.symbol === 'DVT')!
  const routerQuote = (amount: bigint, path: Address[]) =>
    clients(chainId, trader.privateKey).publicClient.readContract({ address: devnet.contracts.swapRouter, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [amount, path] })
  const quoteOf = (amount: bigint, from: string, to: string) =>
    getJson<{ quotes: { fromAmount: string; toAmount: string; fromAccount: string; toAccount: string }[] }>(
      '/v1/convert/quotes',
      `amount=${amount}&userAddress=${trader.address}&from=${from}&to=${to}&gasPrice=1`,
    )

  it('lists tokens, quotes what the router\'s getAmountsOut says and reads gas price from the chain', async () => {
    const tokens = await getJson<{ tokens: { symbol: string; address: string; decimals: number }[] }>('/v1/convert/tokens', `chainId=eip155:${chainId}`)
    expect(tokens.body.tokens.map((t) => [t.symbol, t.address, t.decimals])).toEqual(fungibles.map((f) => [f.symbol, f.caip10, f.decimals]))
    expect((await getJson('/v1/convert/tokens', 'chainId=eip155:1')).body).toEqual({ tokens: [] })
    const quotes = await quoteOf(parseEther('1'), ETH.caip10, dUSD.caip10)
    const amounts = await routerQuote(parseEther('1'), [devnet.contracts.weth, dUSD.address as Address])
    expect(quotes.body.quotes).toEqual([{ fromAmount: parseEther('1').toString(), fromAccount: ETH.caip10, toAmount: amounts[1]!.toString(), toAccount: dUSD.caip10 }])
    // A constant-product pool near the table's $2500 pays less than 2500 (fee and price impact), but not much less.
    expect(Number(amounts[1]!)).toBeLessThan(2500e6)
    expect(Number(amounts[1]!)).toBeGreaterThan(2400e6)
    const tokenToToken = await quoteOf(parseUnits('10', 6), dUSD.caip10, DVT.caip10)
    expect(tokenToToken.body.quotes[0]!.toAmount).toBe((await routerQuote(parseUnits('10', 6), [dUSD.address as Address, DVT.address as Address]))[1]!.toString())
    const gas = await getJson<{ standard: string; fast: string; instant: string }>('/v1/convert/gas-price', `chainId=eip155:${chainId}`)
    expect(BigInt(gas.body.standard)).toBeGreaterThan(0n)
    expect(BigInt(gas.body.fast)).toBeGreaterThanOrEqual(BigInt(gas.body.standard))
    expect(BigInt(gas.body.instant)).toBeGreaterThan(BigInt(gas.body.standard))
  })

  it('answers "insufficient liquidity" in the reasons shape when the pools cannot fill a trade', async () => {
    const dust = await quoteOf(1n, DVT.caip10, dUSD.caip10)
    expect(dust).toEqual({ status: 400, body: { reasons: [{ description: 'insufficient liquidity' }] } })
    const built = await postJson('/v1/convert/build-transaction', { amount: '1', eip155: { slippage: '1' }, projectId: devnet.projectId, from: DVT.caip10, to: dUSD.caip10, userAddress: trader.address })
    expect(built).toEqual({ status: 400, body: { reasons: [{ description: 'insufficient liquidity' }] } })
    const native = await getJson('/v1/convert/build-approve', `userAddress=${trader.address}&from=${ETH.caip10}&to=${dUSD.caip10}`)
    expect(native).toEqual({ status: 400, body: { reasons: [{ description: 'The native token needs no approval' }] } })
  })

  it('builds an exact approval, reads the allowance from the chain, and builds a swap that executes within its bound', async () => {
    const { walletClient, publicClient } = clients(chainId, trader.privateKey)
    const amount = parseUnits('100', 6)
    const approve = await getJson<BuiltApprove>('/v1/convert/build-approve', `userAddress=${trader.address}&from=${dUSD.caip10}&to=${ETH.caip10}&amount=${amount}`)
    expect(approve.status).toBe(200)
    expect(approve.body.tx.to).toBe(dUSD.address)
    const approveHash = await walletClient.sendTransaction({ to: approve.body.tx.to, data: approve.body.tx.data, gas: BigInt(approve.body.tx.eip155.gas) })
    await publicClient.waitForTransactionReceipt({ hash: approveHash })
    const onChain = await publicClient.readContract({ address: dUSD.address as Address, abi: erc20Abi, functionName: 'allowance', args: [trader.address, devnet.contracts.swapRouter] })
    expect(onChain).toBe(amount)
    const allowance = await getJson<{ allowance: string }>('/v1/convert/allowance', `tokenAddress=${dUSD.caip10}&userAddress=${trader.address}`)
    expect(allowance.body.allowance).toBe(amount.toString())
    const unlimited = await getJson<BuiltApprove>('/v1/convert/build-approve', `userAddress=${trader.address}&from=${dUSD.caip10}&to=${ETH.caip10}`)
    expect(unlimited.body.tx.data.endsWith('f'.repeat(64))).toBe(true)

    const before = await publicClient.readContract({ address: dUSD.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })
    const quoted = BigInt((await quoteOf(amount, dUSD.caip10, ETH.caip10)).body.quotes[0]!.toAmount)
    const built = await postJson<BuiltTx>('/v1/convert/build-transaction', {
      amount: amount.toString(),
      eip155: { slippage: '1' },
      projectId: devnet.projectId,
      from: dUSD.caip10,
      to: ETH.caip10,
      userAddress: trader.address,
      disableEstimate: false,
    })
    expect(built.status).toBe(200)
    expect(built.body.tx).toMatchObject({ to: devnet.contracts.swapRouter, amount: '0' })
    const ethBefore = await publicClient.getBalance({ address: trader.address })
    const swapHash = await walletClient.sendTransaction({ to: built.body.tx.to, data: built.body.tx.data, value: BigInt(built.body.tx.amount), gas: BigInt(built.body.tx.eip155.gas) })
    const receipt = await publicClient.waitForTransactionReceipt({ hash: swapHash })
    expect(receipt.status).toBe('success')
    const after = await publicClient.readContract({ address: dUSD.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })
    expect(before - after).toBe(amount)
    const ethAfter = await publicClient.getBalance({ address: trader.address })
    expect(ethAfter - ethBefore + receipt.gasUsed * receipt.effectiveGasPrice).toBe(quoted)
    // The exact approval is used up.
    expect((await getJson<{ allowance: string }>('/v1/convert/allowance', `tokenAddress=${dUSD.caip10}&userAddress=${trader.address}`)).body.allowance).toBe('0')
  })

  it('builds a swap that reverts on chain rather than pay less than the slippage bound', async () => {
    const mover = devnet.accounts[7]!
    const { walletClient, publicClient } = clients(chainId, trader.privateKey)
    const amount = parseEther('1')
    const built = await postJson<BuiltTx>('/v1/convert/build-transaction', {
      amount: amount.toString(), eip155: { slippage: 1 }, projectId: devnet.projectId, from: ETH.caip10, to: DVT.caip10, userAddress: trader.address, disableEstimate: true,
    })
    // Someone else buys DVT first and moves the price by more than 1 %.
    const moved = await postJson<BuiltTx>('/v1/convert/build-transaction', {
      amount: parseEther('10').toString(), eip155: { slippage: 1 }, projectId: devnet.projectId, from: ETH.caip10, to: DVT.caip10, userAddress: mover.address, disableEstimate: true,
    })
    const other = clients(chainId, mover.privateKey)
    await other.publicClient.waitForTransactionReceipt({ hash: await other.walletClient.sendTransaction({ to: moved.body.tx.to, data: moved.body.tx.data, value: BigInt(moved.body.tx.amount), gas: BigInt(moved.body.tx.eip155.gas) }) })
    const dvtBefore = await publicClient.readContract({ address: DVT.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })
    // The chain mines it and it reverts there (no node refuses it up front, as Hardhat's did): the
    // receipt says so, and the same call against the state it ran on gives the router's reason.
    const request = { to: built.body.tx.to, data: built.body.tx.data, value: amount, gas: BigInt(built.body.tx.eip155.gas) }
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await walletClient.sendTransaction(request) })
    expect(receipt.status).toBe('reverted')
    await expect(publicClient.call({ ...request, account: trader.address, blockNumber: receipt.blockNumber - 1n })).rejects.toThrow(/INSUFFICIENT_OUTPUT_AMOUNT/)
    expect(await publicClient.readContract({ address: DVT.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })).toBe(dvtBefore)
  })
})

describe('convert from the native coin', () => {
  it('builds a swap whose value is the amount, paying out the quoted DVT on chain B', async () => {
    const chainId = 31338
    const trader = devnet.accounts[8]!
    const fungibles = devnet.tokens[chainId]!.fungibles
    const ETH = fungibles.find((f) => f.symbol === 'ETH')!
    const DVT = fungibles.find((f) => f.symbol === 'DVT')!
    const amount = parseEther('0.01')
    const quote = await getJson<{ quotes: { toAmount: string }[] }>('/v1/convert/quotes', `amount=${amount}&from=${ETH.caip10}&to=${DVT.caip10}&userAddress=${trader.address}`)
    const { walletClient, publicClient } = clients(chainId, trader.privateKey)
    const amounts = await publicClient.readContract({ address: devnet.contracts.swapRouter, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [amount, [devnet.contracts.weth, DVT.address as Address]] })
    expect(quote.body.quotes[0]!.toAmount).toBe(amounts[1]!.toString())
    const built = await postJson<BuiltTx>('/v1/convert/build-transaction', {
      amount: amount.toString(),
      eip155: { slippage: 1 },
      projectId: devnet.projectId,
      from: ETH.caip10,
      to: DVT.caip10,
      userAddress: trader.address,
      disableEstimate: true,
    })
    expect(built.body.tx.amount).toBe(amount.toString())
    const before = await publicClient.readContract({ address: DVT.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })
    const hash = await walletClient.sendTransaction({ to: built.body.tx.to, data: built.body.tx.data, value: BigInt(built.body.tx.amount), gas: BigInt(built.body.tx.eip155.gas) })
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    const after = await publicClient.readContract({ address: DVT.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })
    expect(after - before).toBe(amounts[1])
    const history = await getJson<{ data: { id: string; metadata: { operationType: string }; transfers: { direction: string; fungible_info?: { symbol: string } }[] }[] }>(
      `/v1/account/${trader.address}/history`,
      `chainId=eip155:${chainId}`,
    )
    const swap = history.body.data[0]!
    expect(swap.id).toBe(hash.toLowerCase())
    expect(swap.metadata.operationType).toBe('execute')
    expect(swap.transfers.map((t) => [t.direction, t.fungible_info?.symbol])).toEqual([
      ['out', 'ETH'],
      ['in', 'DVT'],
    ])
  })
})

describe('on-ramp', () => {
  it('serves options and a quote from the price table', async () => {
    const options = await getJson<{ paymentCurrencies: { id: string; payment_method_limits: { id: string; min: string; max: string }[] }[]; purchaseCurrencies: { symbol: string }[] }>('/v1/onramp/options')
    expect(options.body.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    expect(options.body.paymentCurrencies[0]!.payment_method_limits).toContainEqual({ id: 'card', min: '10.00', max: '7500.00' })
    expect(options.body.purchaseCurrencies.map((c) => c.symbol)).toEqual(['ETH', 'dUSD', 'DVT'])
    const quote = await postJson<Record<string, { amount: string; currency: string } | string>>(`/v1/onramp/quote?projectId=${devnet.projectId}`, {
      purchaseCurrency: 'dUSD',
      paymentCurrency: 'USD',
      amount: '100',
      network: 'devnet-a',
    })
    expect(quote.body).toMatchObject({ paymentTotal: { amount: '100.00', currency: 'USD' }, purchaseAmount: { currency: 'dUSD' }, quoteId: expect.any(String) })
  })

  it('gives a checkout url whose purchase really pays the buyer', async () => {
    const buyer = devnet.accounts[4]!
    const gen = await postJson<{ url: string }>(`/v1/generators/onrampurl?projectId=${devnet.projectId}`, {
      destinationWallets: [{ address: buyer.address, blockchains: ['devnet-a'], assets: ['dUSD'] }],
      defaultNetwork: 'devnet-a',
      partnerUserId: buyer.address,
      defaultExperience: 'buy',
      presetCryptoAmount: 42,
    })
    expect(gen.body.url.startsWith(`${devnet.serviceUrl}/onramp/checkout/`)).toBe(true)
    const page = await fetch(gen.body.url)
    // The one fee model: 42 dUSD bought for 43.15 USD, fees included (1.5 % and 0.50).
    const html = await page.text()
    expect(html).toContain('<strong id="checkout-amount">42 dUSD</strong>')
    expect(html).toContain('<strong id="checkout-total">43.15 USD</strong>')
    const { publicClient } = clients(31337, buyer.privateKey)
    const dUSD = devnet.contracts.dUSD
    const before = await publicClient.readContract({ address: dUSD, abi: erc20Abi, functionName: 'balanceOf', args: [buyer.address] })
    const done = await fetch(`${gen.body.url}/complete`, { method: 'POST', headers: { accept: 'application/json' } })
    const { hash } = (await done.json()) as { hash: Hex }
    await publicClient.waitForTransactionReceipt({ hash })
    const after = await publicClient.readContract({ address: dUSD, abi: erc20Abi, functionName: 'balanceOf', args: [buyer.address] })
    expect(after - before).toBe(parseUnits('42', 6))
    const onramp = await getJson<{ data: { id: string }[] }>(`/v1/account/${buyer.address}/history`, 'onramp=coinbase&chainId=eip155:31337')
    expect(onramp.body.data.map((t) => t.id)).toEqual([hash.toLowerCase()])
  })

  it('lists smart sessions from chain state, with nothing to seed: an account that granted none lists none; a revocation of a key never granted is refused', async () => {
    const who = devnet.accounts[3]!.address
    const listed = await getJson<{ sessions: unknown[] }>(`/v1/sessions/${who}`)
    expect(listed.status).toBe(200)
    expect(listed.body.sessions).toEqual([])
    expect((await postJson(`/__admin/sessions/${who}`, { pci: 'pci-contract' })).status).toBe(404)
    expect((await postJson(`/v1/sessions/${who}/revoke?${SDK_QUERY}`, { pci: 'not-a-context', signature: '0x' })).status).toBe(400)
    expect((await getJson(`/v1/sessions/not-an-address`)).status).toBe(400)
  })
})
