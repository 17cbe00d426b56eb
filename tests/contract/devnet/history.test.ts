import { describe, expect, it } from 'vitest'
import { erc20Abi, erc721Abi, parseEther, parseUnits, type Address } from 'viem'
import { clients, devnet, getJson } from './helpers'

interface Transaction {
  id: string
  metadata: { operationType: string; hash: string; minedAt: string; sentFrom: string; sentTo: string; status: string; nonce: number; chain: string }
  transfers: {
    fungible_info?: { name: string; symbol: string; icon: { url: string } }
    nft_info?: { name: string; content: { preview: { url: string } }; flags: { is_spam: boolean } }
    direction: 'in' | 'out' | 'self'
    quantity: { numeric: string }
    value?: number
    price?: number
  }[]
}
type Page = { data: Transaction[]; next: string | null }

const chainId = 31337
const alice = devnet.accounts[6]!
const bob = devnet.accounts[7]!
const dUSD = devnet.tokens[chainId]!.fungibles.find((f) => f.symbol === 'dUSD')!

function history(address: string, query = `chainId=eip155:${chainId}`) {
  return getJson<Page>(`/v1/account/${address}/history`, query)
}

describe('history built by indexing blocks', () => {
  it('lists a mined ERC-20 transfer with the right direction, amount and month', async () => {
    const { walletClient, publicClient } = clients(chainId, alice.privateKey)
    const hash = await walletClient.writeContract({
      address: dUSD.address as Address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [bob.address, parseUnits('1.25', 6)],
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    const block = await publicClient.getBlock({ blockNumber: receipt.blockNumber })
    const minedAt = new Date(Number(block.timestamp) * 1000)

    const inbox = await history(bob.address)
    expect(inbox.status).toBe(200)
    const received = inbox.body.data[0]!
    expect(received.id).toBe(hash.toLowerCase())
    expect(received.metadata).toMatchObject({ operationType: 'receive', hash: hash.toLowerCase(), status: 'confirmed', chain: `eip155:${chainId}` })
    expect(received.metadata.sentFrom.toLowerCase()).toBe(alice.address.toLowerCase())
    expect(received.transfers).toHaveLength(1)
    expect(received.transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '1.25' }, fungible_info: { symbol: 'dUSD', name: 'Devnet USD' }, price: 1, value: 1.25 })
    const served = new Date(received.metadata.minedAt)
    expect(served.toISOString()).toBe(minedAt.toISOString())
    expect([served.getUTCFullYear(), served.getUTCMonth()]).toEqual([minedAt.getUTCFullYear(), minedAt.getUTCMonth()])

    const outbox = await history(alice.address)
    const sent = outbox.body.data.find((t) => t.id === hash.toLowerCase())!
    expect(sent.metadata.operationType).toBe('send')
    expect(sent.transfers[0]).toMatchObject({ direction: 'out', quantity: { numeric: '1.25' } })
  })

  it('lists native transfers, newest first', async () => {
    const { walletClient, publicClient } = clients(chainId, bob.privateKey)
    const first = await walletClient.sendTransaction({ to: alice.address, value: parseEther('0.5') })
    await publicClient.waitForTransactionReceipt({ hash: first })
    const second = await walletClient.sendTransaction({ to: bob.address, value: parseEther('0.25') })
    await publicClient.waitForTransactionReceipt({ hash: second })

    const page = await history(bob.address)
    expect(page.body.data.slice(0, 2).map((t) => t.id)).toEqual([second.toLowerCase(), first.toLowerCase()])
    expect(page.body.data[0]!.transfers[0]).toMatchObject({ direction: 'self', quantity: { numeric: '0.25' }, fungible_info: { symbol: 'ETH' } })
    expect(page.body.data[1]!.transfers[0]).toMatchObject({ direction: 'out', quantity: { numeric: '0.5' }, fungible_info: { symbol: 'ETH' } })
    const alicePage = await history(alice.address)
    expect(alicePage.body.data[0]).toMatchObject({ id: first.toLowerCase(), metadata: { operationType: 'receive' }, transfers: [{ direction: 'in', quantity: { numeric: '0.5' } }] })
  })

  it('describes ERC-721 transfers with nft_info and the on-chain SVG image', async () => {
    const owner = devnet.accounts[2]!
    const { walletClient, publicClient } = clients(chainId, owner.privateKey)
    const hash = await walletClient.writeContract({
      address: devnet.contracts.pixels,
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [owner.address, bob.address, 6n],
    })
    await publicClient.waitForTransactionReceipt({ hash })
    const page = await history(bob.address)
    const tx = page.body.data[0]!
    expect(tx.id).toBe(hash.toLowerCase())
    expect(tx.transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Devnet Pixels #6', flags: { is_spam: false } } })
    const image = tx.transfers[0]!.nft_info!.content.preview.url
    expect(image.startsWith('data:image/svg+xml;base64,')).toBe(true)
    expect(Buffer.from(image.split(',')[1]!, 'base64').toString()).toContain('<svg')
  })

  it('pages by cursor, 20 a page, without overlap', async () => {
    const deployer = devnet.accounts[0]!.address
    const first = await history(deployer)
    expect(first.body.data).toHaveLength(20)
    expect(first.body.next).toEqual(expect.any(String))
    const second = await history(deployer, `chainId=eip155:${chainId}&cursor=${encodeURIComponent(first.body.next!)}`)
    expect(second.body.data.length).toBeGreaterThan(0)
    const ids = [...first.body.data, ...second.body.data].map((t) => t.id)
    expect(new Set(ids).size).toBe(ids.length)
    const times = [...first.body.data, ...second.body.data].map((t) => Date.parse(t.metadata.minedAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    // the deployer's first transactions (nonce 0..3) are the contract deployments
    let page = second.body
    const all = [...first.body.data, ...second.body.data]
    while (page.next) {
      page = (await history(deployer, `chainId=eip155:${chainId}&cursor=${encodeURIComponent(page.next)}`)).body
      all.push(...page.data)
    }
    const nonces = all.filter((t) => t.metadata.sentFrom.toLowerCase() === deployer.toLowerCase()).map((t) => t.metadata.nonce)
    expect(nonces.slice(-4)).toEqual([3, 2, 1, 0])
  })

  it('gives an empty page for a chain the devnet does not run, and a mint for a minted token', async () => {
    expect((await history(bob.address, 'chainId=eip155:1')).body).toEqual({ data: [], next: null })
    const all = await history(devnet.accounts[8]!.address, `chainId=eip155:31338`)
    expect(all.body.data.some((t) => t.metadata.operationType === 'mint' && t.transfers.some((x) => x.fungible_info?.symbol === 'DVT'))).toBe(true)
  })
})
