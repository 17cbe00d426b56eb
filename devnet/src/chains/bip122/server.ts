/**
 * The devnet Bitcoin chain over HTTP: the Esplora API subset wallets and the modal read
 * (mempool.space / Blockstream field names, served at the root of the base URL), plus two
 * devnet-only routes, `POST /devnet/mine {blocks}` and `POST /devnet/faucet {address, sats}`.
 * 127.0.0.1 only, CORS open like the rest of the devnet.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEVNET_HOST } from '../../config'
import { BitcoinChain, type Block, type ChainOutput, type TxRecord } from './chain'
import { BitcoindReject } from './errors'
import { BITCOIN_DEVNET_ACCOUNT_COUNT, BITCOIN_DEVNET_FUNDING, bitcoinDevnetAccount } from './keys'

export interface BitcoinDevnetOptions {
  /** 0 = any free port. */
  port: number
  /** Mines a block this often while the mempool holds transactions; 0 mines only on demand. Default 2000. */
  blockIntervalMs?: number
  /** Seconds since the epoch, for block times (tests pass a fixed one). */
  now?: () => number
}

export interface BitcoinDevnet {
  esploraUrl: string
  port: number
  chain: BitcoinChain
  stop(): Promise<void>
}

const MAX_BODY = 1024 * 1024
/** Esplora's page sizes for an address's transactions. */
const MEMPOOL_TXS = 50
const CHAIN_TXS = 25

/** The start state: every devnet account funded (payment outputs in blocks 1 and 2, ordinals in 2). */
export function seededChain(now?: () => number): BitcoinChain {
  const chain = new BitcoinChain(now ? { now } : {})
  const accounts = Array.from({ length: BITCOIN_DEVNET_ACCOUNT_COUNT }, (_, i) => bitcoinDevnetAccount(i))
  chain.fund(accounts.map((a) => ({ address: a.payment.address, sats: BITCOIN_DEVNET_FUNDING.payment[0] })))
  chain.mine(1)
  chain.fund([
    ...accounts.map((a) => ({ address: a.payment.address, sats: BITCOIN_DEVNET_FUNDING.payment[1] })),
    ...accounts.map((a) => ({ address: a.ordinals.address, sats: BITCOIN_DEVNET_FUNDING.ordinals[0] })),
  ])
  chain.mine(1)
  return chain
}

export async function startBitcoinDevnet(opts: BitcoinDevnetOptions): Promise<BitcoinDevnet> {
  const chain = seededChain(opts.now)
  const interval = opts.blockIntervalMs ?? 2000
  const timer = interval > 0 ? setInterval(() => chain.mempoolTxids.length > 0 && chain.mine(1), interval) : undefined
  timer?.unref()

  const server = createServer((req, res) => {
    handle(chain, req, res).catch((error: unknown) => {
      // A surprise here is this devnet's bug: reported to the caller rather than crashing the devnet.
      send(res, 500, `internal error: ${error instanceof Error ? error.message : String(error)}`)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, DEVNET_HOST, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  return {
    esploraUrl: `http://${DEVNET_HOST}:${port}`,
    port,
    chain,
    stop: () =>
      new Promise<void>((resolve) => {
        if (timer) clearInterval(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v))
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
  })
  res.end(text)
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY) {
        reject(new Error('body too large'))
        req.destroy()
      } else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

async function handle(chain: BitcoinChain, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://devnet')
  const path = url.pathname.replace(/\/+$/, '') || '/'
  if (req.method === 'OPTIONS') return send(res, 204, '')
  if (req.method === 'POST') {
    const body = await readBody(req)
    if (path === '/tx') {
      try {
        return send(res, 200, chain.submit(body))
      } catch (error) {
        if (error instanceof BitcoindReject) return send(res, 400, error.esploraText)
        throw error
      }
    }
    if (path === '/devnet/mine') {
      const blocks = Number((JSON.parse(body || '{}') as { blocks?: unknown }).blocks ?? 1)
      if (!Number.isInteger(blocks) || blocks < 1 || blocks > 1000) return send(res, 400, 'blocks must be 1 to 1000')
      chain.mine(blocks)
      return send(res, 200, { height: chain.tip.height, hash: chain.tip.hash })
    }
    if (path === '/devnet/faucet') {
      const { address, sats } = JSON.parse(body || '{}') as { address?: unknown; sats?: unknown }
      if (typeof address !== 'string' || !(typeof sats === 'number' || typeof sats === 'string')) return send(res, 400, 'address and sats are required')
      try {
        return send(res, 200, { txid: chain.fund([{ address, sats: BigInt(sats) }]) })
      } catch (error) {
        return send(res, 400, `invalid faucet request: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    return send(res, 404, 'not found')
  }
  if (req.method !== 'GET') return send(res, 405, 'method not allowed')

  if (path === '/blocks/tip/height') return send(res, 200, String(chain.tip.height))
  if (path === '/blocks/tip/hash') return send(res, 200, chain.tip.hash)
  if (path === '/fee-estimates') return send(res, 200, FEE_ESTIMATES)
  let m = /^\/block-height\/(\d+)$/.exec(path)
  if (m) {
    const block = chain.blockAt(Number(m[1]))
    return block ? send(res, 200, block.hash) : send(res, 404, 'Block not found')
  }
  m = /^\/address\/([^/]+)(\/utxo|\/txs)?$/.exec(path)
  if (m) {
    const address = decodeURIComponent(m[1]!)
    if (!/^[a-zA-Z0-9]{14,90}$/.test(address)) return send(res, 400, 'Invalid Bitcoin address')
    if (m[2] === '/utxo') {
      return send(
        res,
        200,
        chain.utxos(address).map(({ output, record }) => ({ txid: output.txid, vout: output.vout, status: status(record.block), value: output.value })),
      )
    }
    if (m[2] === '/txs') {
      const txs = chain.addressTxs(address)
      const mempool = txs.filter((t) => !t.block).slice(0, MEMPOOL_TXS)
      const confirmed = txs.filter((t) => t.block).slice(0, CHAIN_TXS)
      return send(res, 200, [...mempool, ...confirmed].map((t) => txJson(chain, t)))
    }
    const stats = chain.addressStats(address)
    return send(res, 200, { address, chain_stats: stats.chain, mempool_stats: stats.mempool })
  }
  m = /^\/tx\/([0-9a-f]{64})(\/status|\/hex)?$/.exec(path)
  if (m) {
    const record = chain.tx(m[1]!)
    if (!record) return send(res, 404, 'Transaction not found')
    if (m[2] === '/status') return send(res, 200, status(record.block))
    if (m[2] === '/hex') return send(res, 200, record.hex)
    return send(res, 200, txJson(chain, record))
  }
  return send(res, 404, 'not found')
}

/** Sat/vB by confirmation target, as Esplora answers (a quiet regtest: the relay minimum and a little more). */
const FEE_ESTIMATES: Record<string, number> = { '1': 2, '2': 2, '3': 1.5, '4': 1.5, '6': 1, '10': 1, '25': 1, '144': 1, '504': 1, '1008': 1 }

function status(block: Block | undefined): Record<string, unknown> {
  return block ? { confirmed: true, block_height: block.height, block_hash: block.hash, block_time: block.time } : { confirmed: false }
}

const hex = (bytes: Uint8Array | undefined): string => (bytes ? Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') : '')
const SCRIPT_TYPES: Record<string, string> = { pkh: 'p2pkh', sh: 'p2sh', wpkh: 'v0_p2wpkh', wsh: 'v0_p2wsh', tr: 'v1_p2tr', op_return: 'op_return' }

function outputJson(o: ChainOutput): Record<string, unknown> {
  return {
    scriptpubkey: hex(o.script),
    scriptpubkey_type: SCRIPT_TYPES[o.type] ?? 'unknown',
    ...(o.address ? { scriptpubkey_address: o.address } : {}),
    value: o.value,
  }
}

function txJson(chain: BitcoinChain, record: TxRecord): Record<string, unknown> {
  const { tx } = record
  const vin = Array.from({ length: tx.inputsLength }, (_, i) => {
    const input = tx.getInput(i)
    const prev = record.prevouts[i]
    return {
      txid: hex(input.txid),
      vout: input.index,
      prevout: prev ? outputJson(prev) : null,
      scriptsig: hex(input.finalScriptSig),
      witness: (input.finalScriptWitness ?? []).map(hex),
      is_coinbase: record.coinbase,
      sequence: input.sequence,
    }
  })
  return {
    txid: record.txid,
    version: tx.version,
    locktime: tx.lockTime,
    vin,
    vout: chain.outputsOf(record).map(outputJson),
    size: record.hex.length / 2,
    weight: tx.weight,
    fee: record.fee,
    status: status(record.block),
  }
}
