import { describe, expect, it } from 'vitest'
import { erc20Abi, formatUnits, parseEther, parseUnits, type Address } from 'viem'
import { clients, devnet, getJson } from './helpers'

interface TokenBalance {
  name: string
  symbol: string
  chainId: string
  address?: string
  value: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

const chainId = 31337
const sender = devnet.accounts[5]!
const receiver = devnet.accounts[6]!
const fungibles = devnet.tokens[chainId]!.fungibles
const dUSD = fungibles.find((f) => f.symbol === 'dUSD')!
const DVT = fungibles.find((f) => f.symbol === 'DVT')!

async function onChain(address: Address) {
  const { publicClient } = clients(chainId, sender.privateKey)
  const [native, usd, dvt] = await Promise.all([
    publicClient.getBalance({ address }),
    publicClient.readContract({ address: dUSD.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
    publicClient.readContract({ address: DVT.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
  ])
  return { ETH: formatUnits(native, 18), dUSD: formatUnits(usd, 6), DVT: formatUnits(dvt, 18) }
}

async function served(address: string) {
  const { status, body } = await getJson<{ balances: TokenBalance[] }>(`/v1/account/${address}/balance`, `currency=usd&chainId=eip155:${chainId}`)
  expect(status).toBe(200)
  return Object.fromEntries(body.balances.map((b) => [b.symbol, b])) as Record<string, TokenBalance>
}

// On the project's devnet: ether and dUSD sent from account #5 to #6.
describe('balance endpoint against live chain state', () => {
  it('answers what eth_getBalance and balanceOf report, native and both tokens', async () => {
    const expected = await onChain(sender.address)
    const balances = await served(sender.address)
    expect(balances.ETH!.quantity).toEqual({ decimals: '18', numeric: expected.ETH })
    expect(balances.dUSD!.quantity).toEqual({ decimals: '6', numeric: expected.dUSD })
    expect(balances.DVT!.quantity).toEqual({ decimals: '18', numeric: expected.DVT })
    expect(balances.ETH!.address).toBeUndefined()
    expect(balances.dUSD!.address).toBe(`eip155:${chainId}:${dUSD.address}`)
    expect(balances.dUSD!.chainId).toBe(`eip155:${chainId}`)
    expect(balances.dUSD!.price).toBe(1)
    expect(balances.DVT!.value).toBeCloseTo(Number(expected.DVT) * DVT.price, 6)
    expect(balances.ETH!.iconUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
  })

  it('reads the raw JSON-RPC eth_getBalance figure exactly', async () => {
    const res = await fetch(devnet.rpcUrls[chainId]!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [sender.address, 'latest'] }),
    })
    const { result } = (await res.json()) as { result: string }
    const balances = await served(sender.address)
    expect(balances.ETH!.quantity.numeric).toBe(formatUnits(BigInt(result), 18))
  })

  it('changes after a transfer is mined', async () => {
    const { walletClient, publicClient } = clients(chainId, sender.privateKey)
    const before = await served(receiver.address)
    const nativeHash = await walletClient.sendTransaction({ to: receiver.address, value: parseEther('0.75') })
    await publicClient.waitForTransactionReceipt({ hash: nativeHash })
    const tokenHash = await walletClient.writeContract({
      address: dUSD.address as Address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [receiver.address, parseUnits('12.5', 6)],
    })
    await publicClient.waitForTransactionReceipt({ hash: tokenHash })

    const after = await served(receiver.address)
    expect(Number(after.ETH!.quantity.numeric) - Number(before.ETH!.quantity.numeric)).toBeCloseTo(0.75, 9)
    expect(Number(after.dUSD!.quantity.numeric) - Number(before.dUSD!.quantity.numeric)).toBeCloseTo(12.5, 9)
    const expected = await onChain(receiver.address)
    expect(after.ETH!.quantity.numeric).toBe(expected.ETH)
    expect(after.dUSD!.quantity.numeric).toBe(expected.dUSD)
  })

  it('reads both chains when no chain is given, and nothing for a chain the devnet does not run', async () => {
    const all = await getJson<{ balances: TokenBalance[] }>(`/v1/account/${sender.address}/balance`, 'currency=usd')
    expect(new Set(all.body.balances.map((b) => b.chainId))).toEqual(new Set(['eip155:31337', 'eip155:31338']))
    const none = await getJson<{ balances: TokenBalance[] }>(`/v1/account/${sender.address}/balance`, 'currency=usd&chainId=eip155:1')
    expect(none).toEqual({ status: 200, body: { balances: [] } })
    const solana = await getJson(`/v1/account/solana:5eykt4UsFv8P1NJdTREpY1vzqKqZKvdp:${'1'.repeat(32)}/balance`, 'currency=usd')
    expect(solana).toEqual({ status: 200, body: { balances: [] } })
  })

  it('prices fungibles from the price table', async () => {
    const res = await fetch(`${devnet.serviceUrl}/v1/fungible/price`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'usd', projectId: devnet.projectId, addresses: [dUSD.caip10, DVT.caip10, 'eip155:1:0x0000000000000000000000000000000000000001'] }),
    })
    const body = (await res.json()) as { fungibles: { symbol: string; price: number; address: string }[] }
    expect(body.fungibles.map((f) => [f.symbol, f.price, f.address])).toEqual([
      ['dUSD', 1, dUSD.caip10],
      ['DVT', 0.5, DVT.caip10],
    ])
  })
})
