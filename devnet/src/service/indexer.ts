/**
 * Builds account history by indexing every block of the devnet chains: native value transfers and
 * ERC-20 / ERC-721 Transfer logs become Transaction entities (docs/service-api.md).
 */
import { decodeAbiParameters, erc20Abi, erc721Abi, formatUnits, getAddress, zeroAddress, type Address, type Hex } from 'viem'
import { DEVNET_ONRAMP_TREASURY, NATIVE_CURRENCY, type DevnetChainId } from '../config'
import { fungibleByAddress, fungibleByKey, type ChainSet } from './chains'

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
export const HISTORY_PAGE_SIZE = 20

type RawTransfer =
  | { kind: 'native'; from: Address; to: Address; amount: bigint }
  | { kind: 'erc20'; token: Address; from: Address; to: Address; amount: bigint }
  | { kind: 'erc721'; token: Address; from: Address; to: Address; tokenId: bigint }

interface IndexedTx {
  chainId: DevnetChainId
  hash: Hex
  blockNumber: bigint
  txIndex: number
  timestamp: number
  from: Address
  to: Address | null
  nonce: number
  status: 'confirmed' | 'failed'
  transfers: RawTransfer[]
}

export interface Transaction {
  id: string
  metadata: {
    operationType: 'send' | 'receive' | 'mint' | 'execute'
    hash: string
    minedAt: string
    sentFrom: string
    sentTo: string
    status: 'confirmed' | 'failed' | 'pending'
    nonce: number
    chain: string
  }
  transfers: {
    fungible_info?: { name: string; symbol: string; icon: { url: string } }
    nft_info?: { name: string; content: { preview: { url: string } }; flags: { is_spam: boolean } }
    direction: 'in' | 'out' | 'self'
    quantity: { numeric: string }
    value?: number
    price?: number
    sender: string
    recipient: string
  }[]
}

interface TokenInfo {
  name: string
  symbol: string
  decimals: number
  price?: number
}

export interface HistoryQuery {
  address: Address
  chainId: DevnetChainId | null
  cursor: string | null
  onrampOnly: boolean
}

export interface Indexer {
  /** Indexes every block mined so far (serialised; concurrent callers share one run). */
  sync(): Promise<void>
  /**
   * Forgets everything indexed from a chain that started over (a restarted devnet node): its
   * blocks are indexed again from 0, and a sync that was reading the old chain drops what it read.
   */
  resetChain(chainId: DevnetChainId): void
  history(q: HistoryQuery): Promise<{ data: Transaction[]; next: string | null }>
  close(): void
}

export interface IndexerOptions {
  chains: ChainSet
  /** Absolute URL of a token icon by symbol. */
  tokenIconUrl(symbol: string): string
  /** Background indexing interval (ms); 0 disables it (history still syncs on demand). */
  pollMs?: number
}

function keyOf(t: IndexedTx): [number, number, bigint, number] {
  return [t.timestamp, t.chainId, t.blockNumber, t.txIndex]
}

/** Newest first: higher timestamp, then higher chain id, block and index come first. */
function compareKeys(a: [number, number, bigint, number], b: [number, number, bigint, number]): number {
  if (a[0] !== b[0]) return b[0] - a[0]
  if (a[1] !== b[1]) return b[1] - a[1]
  if (a[2] !== b[2]) return b[2] > a[2] ? 1 : -1
  return b[3] - a[3]
}

function encodeCursor(k: [number, number, bigint, number]): string {
  return Buffer.from(`${k[0]}.${k[1]}.${k[2]}.${k[3]}`).toString('base64url')
}

function decodeCursor(cursor: string): [number, number, bigint, number] | null {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('.')
  if (parts.length !== 4 || !parts.every((p) => /^\d+$/.test(p))) return null
  return [Number(parts[0]), Number(parts[1]), BigInt(parts[2]!), Number(parts[3])]
}

export function createIndexer(opts: IndexerOptions): Indexer {
  const { chains } = opts
  const nextBlock = new Map<number, bigint>(chains.ids.map((id) => [id, 0n]))
  /** Bumped when a chain starts over, so a sync begun on the old chain stops adding to the index. */
  const generation = new Map<number, number>(chains.ids.map((id) => [id, 0]))
  const byAddress = new Map<string, IndexedTx[]>()
  const tokenInfo = new Map<string, Promise<TokenInfo>>()
  const nftImages = new Map<string, Promise<string>>()
  let running: Promise<void> | null = null
  let closed = false

  const tokenMeta = (chainId: DevnetChainId, token: Address, nft: boolean): Promise<TokenInfo> => {
    const key = `${chainId}:${token.toLowerCase()}`
    let p = tokenInfo.get(key)
    if (!p) {
      const known = fungibleByAddress(token)
      const client = chains.client(chainId)
      p = known
        ? Promise.resolve({ name: known.name, symbol: known.symbol, decimals: known.decimals, price: known.price })
        : Promise.all([
            client.readContract({ address: token, abi: erc20Abi, functionName: 'name' }).catch(() => 'Unknown token'),
            client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }).catch(() => '???'),
            nft ? Promise.resolve(0) : client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }).catch(() => 18),
          ]).then(([name, symbol, decimals]) => ({ name, symbol, decimals: Number(decimals) }))
      tokenInfo.set(key, p)
    }
    return p
  }

  const nftImage = (chainId: DevnetChainId, token: Address, tokenId: bigint): Promise<string> => {
    const key = `${chainId}:${token.toLowerCase()}:${tokenId}`
    let p = nftImages.get(key)
    if (!p) {
      p = chains
        .client(chainId)
        .readContract({ address: token, abi: erc721Abi, functionName: 'tokenURI', args: [tokenId] })
        .then((uri) => {
          const prefix = 'data:application/json;base64,'
          if (!uri.startsWith(prefix)) return uri
          const meta = JSON.parse(Buffer.from(uri.slice(prefix.length), 'base64').toString('utf8')) as { image?: string }
          return meta.image ?? ''
        })
        .catch(() => '')
      nftImages.set(key, p)
    }
    return p
  }

  const add = (tx: IndexedTx): void => {
    const who = new Set<string>([tx.from.toLowerCase()])
    if (tx.to) who.add(tx.to.toLowerCase())
    for (const t of tx.transfers) {
      who.add(t.from.toLowerCase())
      who.add(t.to.toLowerCase())
    }
    who.delete(zeroAddress)
    for (const a of who) {
      let list = byAddress.get(a)
      if (!list) byAddress.set(a, (list = []))
      list.push(tx)
    }
  }

  const indexBlock = async (chainId: DevnetChainId, number: bigint): Promise<IndexedTx[]> => {
    const client = chains.client(chainId)
    const block = await client.getBlock({ blockNumber: number, includeTransactions: true })
    return Promise.all(
      block.transactions.map(async (tx, i): Promise<IndexedTx> => {
        const receipt = await client.getTransactionReceipt({ hash: tx.hash })
        const ok = receipt.status === 'success'
        const transfers: RawTransfer[] = []
        const recipient = tx.to ?? receipt.contractAddress
        if (ok && tx.value > 0n && recipient) transfers.push({ kind: 'native', from: getAddress(tx.from), to: getAddress(recipient), amount: tx.value })
        for (const log of receipt.logs) {
          if (log.topics[0] !== TRANSFER_TOPIC || log.topics.length < 3) continue
          const from = getAddress(`0x${log.topics[1]!.slice(26)}`)
          const to = getAddress(`0x${log.topics[2]!.slice(26)}`)
          if (log.topics.length === 4) {
            transfers.push({ kind: 'erc721', token: getAddress(log.address), from, to, tokenId: BigInt(log.topics[3]!) })
          } else if (log.data.length === 66) {
            const [amount] = decodeAbiParameters([{ type: 'uint256' }], log.data)
            transfers.push({ kind: 'erc20', token: getAddress(log.address), from, to, amount })
          }
        }
        return {
          chainId,
          hash: tx.hash,
          blockNumber: number,
          txIndex: tx.transactionIndex ?? i,
          timestamp: Number(block.timestamp),
          from: getAddress(tx.from),
          to: tx.to ? getAddress(tx.to) : receipt.contractAddress ? getAddress(receipt.contractAddress) : null,
          nonce: tx.nonce,
          status: ok ? 'confirmed' : 'failed',
          transfers,
        }
      }),
    )
  }

  const syncChain = async (chainId: DevnetChainId): Promise<void> => {
    const client = chains.client(chainId)
    const started = generation.get(chainId)
    const head = await client.getBlockNumber({ cacheTime: 0 })
    let from = nextBlock.get(chainId) ?? 0n
    while (from <= head) {
      const to = from + 19n < head ? from + 19n : head
      const numbers: bigint[] = []
      for (let n = from; n <= to; n++) numbers.push(n)
      const blocks = await Promise.all(numbers.map((n) => indexBlock(chainId, n)))
      if (generation.get(chainId) !== started) return
      for (const txs of blocks) for (const tx of txs) add(tx)
      from = to + 1n
      nextBlock.set(chainId, from)
    }
  }

  let queued: Promise<void> | null = null
  /**
   * Indexes up to the head as of this call. A run already in flight may have read the head before
   * the caller's transaction was mined, so callers arriving meanwhile share one more run after it.
   */
  const sync = (): Promise<void> => {
    if (!running) {
      running = Promise.all(chains.ids.map(syncChain))
        .then(() => undefined)
        .finally(() => {
          running = null
        })
      return running
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null
        return sync()
      })
    return queued
  }

  const toTransaction = async (tx: IndexedTx, address: Address): Promise<Transaction> => {
    const me = address.toLowerCase()
    const mine = tx.transfers.filter((t) => t.from.toLowerCase() === me || t.to.toLowerCase() === me)
    const transfers: Transaction['transfers'] = await Promise.all(
      mine.map(async (t) => {
        const fromMe = t.from.toLowerCase() === me
        const toMe = t.to.toLowerCase() === me
        const direction: 'in' | 'out' | 'self' = fromMe && toMe ? 'self' : fromMe ? 'out' : 'in'
        if (t.kind === 'erc721') {
          const info = await tokenMeta(tx.chainId, t.token, true)
          return {
            nft_info: {
              name: `${info.name} #${t.tokenId}`,
              content: { preview: { url: await nftImage(tx.chainId, t.token, t.tokenId) } },
              flags: { is_spam: false },
            },
            direction,
            quantity: { numeric: '1' },
            sender: t.from,
            recipient: t.to,
          }
        }
        const info: TokenInfo =
          t.kind === 'native'
            ? { name: NATIVE_CURRENCY.name, symbol: NATIVE_CURRENCY.symbol, decimals: NATIVE_CURRENCY.decimals, price: fungibleByKey('native').price }
            : await tokenMeta(tx.chainId, t.token, false)
        const numeric = formatUnits(t.amount, info.decimals)
        return {
          fungible_info: { name: info.name, symbol: info.symbol, icon: { url: opts.tokenIconUrl(info.symbol) } },
          direction,
          quantity: { numeric },
          sender: t.from,
          recipient: t.to,
          ...(info.price !== undefined ? { price: info.price, value: Number(numeric) * info.price } : {}),
        }
      }),
    )
    const sentByMe = tx.from.toLowerCase() === me
    let operationType: Transaction['metadata']['operationType']
    if (sentByMe) {
      operationType = transfers.length > 0 && transfers.every((t) => t.direction !== 'in') ? 'send' : 'execute'
    } else if (mine.some((t) => t.from === zeroAddress && t.to.toLowerCase() === me)) {
      operationType = 'mint'
    } else {
      operationType = 'receive'
    }
    const hash = tx.hash.toLowerCase()
    return {
      id: hash,
      metadata: {
        operationType,
        hash,
        minedAt: new Date(tx.timestamp * 1000).toISOString(),
        sentFrom: tx.from,
        sentTo: tx.to ?? zeroAddress,
        status: tx.status,
        nonce: tx.nonce,
        chain: `eip155:${tx.chainId}`,
      },
      transfers,
    }
  }

  const history = async (q: HistoryQuery): Promise<{ data: Transaction[]; next: string | null }> => {
    await sync()
    const after = q.cursor ? decodeCursor(q.cursor) : null
    const treasury = DEVNET_ONRAMP_TREASURY.address.toLowerCase()
    const all = (byAddress.get(q.address.toLowerCase()) ?? [])
      .filter((t) => q.chainId === null || t.chainId === q.chainId)
      .filter((t) => !q.onrampOnly || t.from.toLowerCase() === treasury)
      .filter((t) => after === null || compareKeys(after, keyOf(t)) < 0)
      .sort((a, b) => compareKeys(keyOf(a), keyOf(b)))
    const page = all.slice(0, HISTORY_PAGE_SIZE)
    const last = page[page.length - 1]
    return {
      data: await Promise.all(page.map((t) => toTransaction(t, q.address))),
      next: all.length > HISTORY_PAGE_SIZE && last ? encodeCursor(keyOf(last)) : null,
    }
  }

  const timer =
    opts.pollMs && opts.pollMs > 0
      ? setInterval(() => {
          if (!closed) sync().catch(() => undefined)
        }, opts.pollMs)
      : null
  timer?.unref()

  const resetChain = (chainId: DevnetChainId): void => {
    generation.set(chainId, (generation.get(chainId) ?? 0) + 1)
    nextBlock.set(chainId, 0n)
    for (const cache of [tokenInfo, nftImages]) {
      for (const key of cache.keys()) if (key.startsWith(`${chainId}:`)) cache.delete(key)
    }
    for (const [address, list] of byAddress) {
      const kept = list.filter((tx) => tx.chainId !== chainId)
      if (kept.length === 0) byAddress.delete(address)
      else byAddress.set(address, kept)
    }
  }

  return {
    sync,
    resetChain,
    history,
    close() {
      closed = true
      if (timer) clearInterval(timer)
    },
  }
}
