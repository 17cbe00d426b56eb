/**
 * The pieces of activity that need no chain: the row set, `Transfer` logs read defensively, the
 * cursor that a caller cannot forge into another account's, and token text made safe to show.
 */
import { describe, expect, it } from 'vitest'
import { pad, zeroAddress, type Address, type Hex } from 'viem'
import { decodeActivityCursor, encodeActivityCursor, InvalidActivityCursorError, pageLimit } from '../../src/chains/activity/activity.js'
import { presented, presentRow } from '../../src/chains/activity/present.js'
import { previewOf } from '../../src/chains/activity/nft-previews.js'
import { NATIVE_TOKEN } from '../../src/chains/uniswap-v2.js'
import { activityRow, transferOfLog, TRANSFER_TOPIC, type ChainTransaction } from '../../src/chains/activity/rows.js'
import { displayText } from '../../src/chains/activity/token-metadata.js'

const ME: Address = '0x1111111111111111111111111111111111111111'
const YOU: Address = '0x2222222222222222222222222222222222222222'
const TOKEN: Address = '0x3333333333333333333333333333333333333333'
const topic = (a: Address) => pad(a, { size: 32 })
const amount = (n: bigint) => pad(`0x${n.toString(16)}`, { size: 32 })

const tx = (over: Partial<ChainTransaction>): ChainTransaction => ({
  chainId: 1,
  hash: `0x${'ab'.repeat(32)}`,
  blockNumber: 7n,
  blockHash: `0x${'cd'.repeat(32)}`,
  index: 0,
  timestamp: 1_700_000_000,
  from: YOU,
  to: TOKEN,
  nonce: 3,
  status: 'confirmed',
  transfers: [],
  ...over,
})

describe('the row set', () => {
  it("lists what the account sent, and what moved its coin or tokens; each row keeps the account's transfers only", () => {
    expect(activityRow(ME, tx({ from: ME }))).not.toBeNull()
    expect(activityRow(ME, tx({ to: ME }))).toBeNull()
    const row = activityRow(ME, tx({ transfers: [{ kind: 'erc20', token: TOKEN, from: YOU, to: ME, amount: 5n }, { kind: 'native', from: YOU, to: TOKEN, amount: 1n }] }))
    expect(row?.transfers).toEqual([{ kind: 'erc20', token: TOKEN, from: YOU, to: ME, amount: 5n }])
  })

  it('reads ERC-20 and ERC-721 Transfer logs, and nothing else', () => {
    expect(transferOfLog({ address: TOKEN, topics: [TRANSFER_TOPIC, topic(YOU), topic(ME)], data: amount(42n) })).toEqual({ kind: 'erc20', token: TOKEN, from: YOU, to: ME, amount: 42n })
    expect(transferOfLog({ address: TOKEN, topics: [TRANSFER_TOPIC, topic(zeroAddress), topic(ME), amount(9n)], data: '0x' })).toEqual({ kind: 'erc721', token: TOKEN, from: zeroAddress, to: ME, tokenId: 9n })
    for (const log of [
      { address: TOKEN, topics: [TRANSFER_TOPIC, topic(YOU)], data: amount(1n) },
      { address: TOKEN, topics: [TRANSFER_TOPIC, topic(YOU), topic(ME)], data: '0x' as Hex },
      { address: TOKEN, topics: [TRANSFER_TOPIC, '0x12' as Hex, topic(ME)], data: amount(1n) },
      { address: TOKEN, topics: [`0x${'00'.repeat(32)}` as Hex, topic(YOU), topic(ME)], data: amount(1n) },
    ]) {
      expect(transferOfLog(log)).toBeNull()
    }
  })

  it("names the operation as the modal shows it: send, execute, mint or receive", async () => {
    const p = { tokens: { token: async () => ({ name: 'Token', symbol: 'TOK', decimals: 2 }) }, iconUrl: () => '' }
    const native = { name: 'Ether', symbol: 'ETH', decimals: 18 }
    const type = async (t: ChainTransaction) => (await presentRow(ME, native, activityRow(ME, t)!, p)).metadata.operationType
    expect(await type(tx({ from: ME, transfers: [{ kind: 'erc20', token: TOKEN, from: ME, to: YOU, amount: 150n }] }))).toBe('send')
    expect(await type(tx({ from: ME, transfers: [{ kind: 'erc20', token: TOKEN, from: ME, to: YOU, amount: 1n }, { kind: 'native', from: YOU, to: ME, amount: 1n }] }))).toBe('execute')
    expect(await type(tx({ from: ME }))).toBe('execute')
    expect(await type(tx({ transfers: [{ kind: 'erc721', token: TOKEN, from: zeroAddress, to: ME, tokenId: 1n }] }))).toBe('mint')
    expect(await type(tx({ transfers: [{ kind: 'native', from: YOU, to: ME, amount: 1n }] }))).toBe('receive')
    const sent = await presentRow(ME, native, activityRow(ME, tx({ from: ME, transfers: [{ kind: 'erc20', token: TOKEN, from: ME, to: YOU, amount: 150n }] }))!, p)
    expect(sent.transfers[0]).toMatchObject({ direction: 'out', quantity: { numeric: '1.5' }, fungible_info: { symbol: 'TOK' } })
  })
})

describe("a page's prices", () => {
  const native = { name: 'Ether', symbol: 'ETH', decimals: 18 }
  const tokens = { token: async () => ({ name: 'Token', symbol: 'TOK', decimals: 2 }) }
  const OTHER: Address = '0x4444444444444444444444444444444444444444'
  const row = activityRow(ME, tx({ from: ME, transfers: [
    { kind: 'native', from: ME, to: YOU, amount: 2n * 10n ** 18n },
    { kind: 'erc20', token: TOKEN, from: ME, to: YOU, amount: 150n },
    { kind: 'erc20', token: OTHER, from: ME, to: YOU, amount: 100n },
    { kind: 'erc721', token: OTHER, from: ME, to: YOU, tokenId: 7n },
  ] }))!

  it("give each priced token today's price and the value moved; a token without one shows none; read once a page", async () => {
    let reads = 0
    const prices = async (chainId: number) => {
      reads++
      expect(chainId).toBe(1)
      return new Map([[NATIVE_TOKEN.toLowerCase(), 2500], [TOKEN.toLowerCase(), 0.5]])
    }
    const [shown] = await presented(ME, 1, native, [row, row], { tokens, iconUrl: () => '', prices, nftPreview: async (nft) => `https://img.example/${nft.tokenId}.png` })
    expect(reads).toBe(1)
    expect(shown!.transfers.map((t) => [t.fungible_info?.symbol ?? t.nft_info?.name, t.price, t.value])).toEqual([
      ['ETH', 2500, 5000],
      ['TOK', 0.5, 0.75],
      ['TOK', undefined, undefined],
      ['Token #7', undefined, undefined],
    ])
    expect(shown!.transfers[3]!.nft_info?.content.preview.url).toBe('https://img.example/7.png')
  })

  it('that fail, and a preview that fails, leave the rows without them rather than failing the page', async () => {
    const [shown] = await presented(ME, 1, native, [row], { tokens, iconUrl: () => '', prices: () => Promise.reject(new Error('node down')), nftPreview: () => Promise.reject(new Error('node down')) })
    expect(shown!.transfers.every((t) => t.price === undefined && t.value === undefined)).toBe(true)
    expect(shown!.transfers[3]!.nft_info?.content.preview.url).toBe('')
  })
})

describe("an NFT's on-chain metadata", () => {
  const json = (meta: unknown) => `data:application/json;base64,${Buffer.from(JSON.stringify(meta)).toString('base64')}`
  const svg = 'data:image/svg+xml;base64,PHN2Zy8+'

  it('gives its image when inline (base64 or percent-encoded) and an https URL or a data:image', () => {
    expect(previewOf(json({ name: 'x', image: svg }))).toBe(svg)
    expect(previewOf(json({ image: 'https://img.example/1.png' }))).toBe('https://img.example/1.png')
    expect(previewOf(`data:application/json,${encodeURIComponent(JSON.stringify({ image: svg }))}`)).toBe(svg)
    expect(previewOf(`data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify({ image: svg }))}`)).toBe(svg)
  })

  it('gives none for metadata off chain, a script or page URL, malformed or oversized metadata', () => {
    for (const uri of [
      'https://meta.example/1.json',
      'ipfs://bafy/1.json',
      json({ image: 'javascript:alert(1)' }),
      json({ image: 'http://169.254.169.254/latest/meta-data/' }),
      json({ image: 'data:text/html;base64,PHNjcmlwdD4=' }),
      json({ image: 'ipfs://bafy/1.png' }),
      json({ image: 42 }),
      json({ image: `data:image/png;base64,${'A'.repeat(100_001)}` }),
      'data:application/json;base64,%%%',
      `data:application/json,${'x'.repeat(200_001)}`,
      json(null),
      42,
    ]) {
      expect(previewOf(uri), String(uri).slice(0, 60)).toBe('')
    }
  })
})

describe('the cursor', () => {
  it('names a position of one account on one chain', () => {
    const cursor = encodeActivityCursor(ME, 10, { blockNumber: 123n, index: 4 })
    expect(decodeActivityCursor(cursor, ME, 10)).toEqual({ blockNumber: 123n, index: 4 })
    expect(() => decodeActivityCursor(cursor, YOU, 10)).toThrow(InvalidActivityCursorError)
    expect(() => decodeActivityCursor(cursor, ME, 1)).toThrow(InvalidActivityCursorError)
  })

  it('is refused as a 400 when forged, oversized or out of range', () => {
    const forged = (text: string) => Buffer.from(text).toString('base64url')
    for (const cursor of ['', '%%%', 'a'.repeat(201), forged(`a2.10.${ME}.1.1`), forged(`a1.10.${ME}.1.1.`), forged(`a1.10.${ME.toLowerCase()}.99999999999999999999.1`), forged(`a1.10.${ME.toLowerCase()}.1.4294967296`)]) {
      expect(() => decodeActivityCursor(cursor, ME, 10), cursor).toThrow(expect.objectContaining({ status: 400, message: 'Invalid cursor' }))
    }
  })

  it('clamps the page size to 1..100', () => {
    expect([pageLimit(undefined), pageLimit(0), pageLimit(5.5), pageLimit(1e9), pageLimit(Number.NaN)]).toEqual([20, 1, 5, 100, 20])
  })
})

describe("a token's own name and symbol", () => {
  it('lose control, zero-width and direction characters and lone surrogate halves, and are cut to their bound', () => {
    expect(displayText('\u0000US\u202eD\u200b\u0007 Coin\ud800', 64)).toBe('USD Coin')
    expect(displayText('🦄'.repeat(10), 3)).toBe('🦄🦄🦄')
    expect(displayText('x'.repeat(10_000), 16)).toBe('x'.repeat(16))
    expect(displayText('\u0000\u202e  ', 16)).toBeNull()
    expect(displayText(42, 16)).toBeNull()
  })
})
