import { describe, expect, it } from 'vitest'
import { erc20Abi, erc721Abi, parseEther, parseUnits, type Address } from 'viem'
import { clients, devnet, getJson } from './helpers'

interface Transaction {
  id: string
  metadata: { operationType: string; hash: string; minedAt: string; sentFrom: string; sentTo: string; status: string; nonce: number; chain: string }
  transfers: {
    sender?: string
    recipient?: string
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

// On the project's devnet: sends and swaps from accounts #0, #2, #3, #6, #7 and #8.
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
    // The transaction went to the token's contract; the transfer names who the tokens reached.
    expect(sent.metadata.sentTo.toLowerCase()).toBe(devnet.contracts.dUSD.toLowerCase())
    expect(sent.transfers[0]!.recipient?.toLowerCase()).toBe(bob.address.toLowerCase())
    expect(received.transfers[0]!.sender?.toLowerCase()).toBe(alice.address.toLowerCase())
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
    const chainB = 31338
    const walker = devnet.accounts[3]!
    const { walletClient, publicClient } = clients(chainB, walker.privateKey)
    const hashes: string[] = []
    for (let i = 0; i < 23; i++) hashes.push(await walletClient.sendTransaction({ to: walker.address, value: BigInt(i + 1) }))
    await publicClient.waitForTransactionReceipt({ hash: hashes[hashes.length - 1] as `0x${string}` })
    const query = (cursor?: string) => `chainId=eip155:${chainB}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`

    const first = await history(walker.address, query())
    expect(first.body.data).toHaveLength(20)
    expect(first.body.next).toEqual(expect.any(String))
    const all = [...first.body.data]
    let next = first.body.next
    while (next) {
      const page = (await history(walker.address, query(next))).body
      expect(page.data.length).toBeGreaterThan(0)
      all.push(...page.data)
      next = page.next
    }
    const ids = all.map((t) => t.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.slice(0, 23)).toEqual(hashes.map((h) => h.toLowerCase()).reverse())
    const nonces = all.filter((t) => t.metadata.sentFrom === walker.address).map((t) => t.metadata.nonce)
    expect([...nonces].sort((a, b) => b - a)).toEqual(nonces)
    expect(all[0]!.transfers).toEqual([expect.objectContaining({ direction: 'self', quantity: { numeric: '0.000000000000000023' } })])
  })

  it('shows the deployments as the first transactions of account 0', async () => {
    const deployer = devnet.accounts[0]!.address
    const all: Transaction[] = []
    let next: string | null = null
    do {
      const page: Page = (await history(deployer, `chainId=eip155:${chainId}${next ? `&cursor=${encodeURIComponent(next)}` : ''}`)).body
      all.push(...page.data)
      next = page.next
    } while (next)
    const oldest = all.slice(-3)
    expect(oldest.map((t) => t.metadata.nonce)).toEqual([2, 1, 0])
    expect(oldest.map((t) => t.metadata.sentTo)).toEqual([devnet.contracts.pixels, devnet.contracts.DVT, devnet.contracts.dUSD])
    // Then the swap pools: account 0 wraps the pools' native side into WETH.
    const wrap = all.find((t) => t.metadata.sentTo === devnet.contracts.weth && t.transfers.some((x) => x.fungible_info?.symbol === 'ETH'))
    expect(wrap?.transfers).toEqual([expect.objectContaining({ direction: 'out', quantity: { numeric: '800' }, fungible_info: expect.objectContaining({ symbol: 'ETH' }) })])
  })

  it('gives an empty page for a chain the devnet does not run, and a mint for a minted token', async () => {
    expect((await history(bob.address, 'chainId=eip155:1')).body).toEqual({ data: [], next: null })
    const all = await history(devnet.accounts[8]!.address, `chainId=eip155:31338`)
    expect(all.body.data.some((t) => t.metadata.operationType === 'mint' && t.transfers.some((x) => x.fungible_info?.symbol === 'DVT'))).toBe(true)
  })
})
