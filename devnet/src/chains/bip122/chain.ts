/**
 * A small regtest-like Bitcoin chain, in memory: a UTXO set, a mempool and blocks, with real
 * signature checks (@scure/btc-signer for the sighash, @noble/curves for ECDSA and Schnorr).
 *
 * What it checks: inputs exist and are unspent (in blocks and in the mempool), value in >= value
 * out, dust, 1 sat/vB relay fee, and the signatures of P2WPKH and P2TR key-path spends. What it
 * does not: other script types (refused as non-standard), tapscript paths, timelocks, RBF, sigops
 * and coinbase maturity (its funding outputs are spendable at once). Honest enough for a wallet's
 * balance, send and sign flows; not a consensus implementation.
 */
import { Address, OutScript, Transaction, p2wpkh } from '@scure/btc-signer'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { BITCOIN_DEVNET_GENESIS_HASH } from './network'
import {
  BitcoindReject,
  REJECT,
  RPC_DESERIALIZATION_ERROR,
  RPC_VERIFY_ALREADY_IN_CHAIN,
  RPC_VERIFY_ERROR,
  RPC_VERIFY_REJECTED,
} from './errors'
import { REGTEST } from './keys'

const TX_OPTS = { allowUnknownInputs: true, allowUnknownOutputs: true, disableScriptCheck: true, allowLegacyWitnessUtxo: true }

/** Smallest output bitcoind relays per output type (3 sat/vB dust relay fee). */
const DUST_LIMIT: Readonly<Record<string, bigint>> = { pkh: 546n, sh: 540n, wpkh: 294n, wsh: 330n, tr: 330n }
/** bitcoind's default minimum relay fee, in sat per virtual byte. */
const MIN_RELAY_SAT_PER_VB = 1n

export interface ChainOutput {
  readonly txid: string
  readonly vout: number
  readonly value: bigint
  readonly script: Uint8Array
  /** Undefined for a script with no address (OP_RETURN). */
  readonly address: string | undefined
  readonly type: string
}

export interface Block {
  readonly height: number
  readonly hash: string
  readonly time: number
  readonly txids: readonly string[]
}

export interface TxRecord {
  readonly txid: string
  readonly tx: Transaction
  readonly hex: string
  readonly coinbase: boolean
  /** The outputs this transaction spends, in input order (empty for a coinbase). */
  readonly prevouts: readonly ChainOutput[]
  readonly fee: bigint
  block: Block | undefined
  /** When the mempool first saw it (seconds). */
  readonly seen: number
}

const ADDRESS = Address(REGTEST)
const OP_RETURN = 0x6a
const key = (txid: string, vout: number): string => `${txid}:${vout}`
const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const reject = (code: number, reason: string): never => {
  throw new BitcoindReject(code, reason)
}

export interface BitcoinChainOptions {
  /** Seconds since the epoch for block times; the wall clock by default. */
  now?: () => number
}

export class BitcoinChain {
  private readonly txs = new Map<string, TxRecord>()
  private readonly outputs = new Map<string, ChainOutput>()
  /** outpoint -> the txid spending it (in a block or in the mempool). */
  private readonly spentBy = new Map<string, string>()
  private readonly byAddress = new Map<string, string[]>()
  private readonly blocks: Block[] = []
  private mempool: string[] = []
  private readonly now: () => number
  /** Listeners told about each new block (the server's timer uses none; tests may). */
  private readonly blockListeners = new Set<(block: Block) => void>()

  constructor(opts: BitcoinChainOptions = {}) {
    this.now = opts.now ?? (() => Math.floor(Date.now() / 1000))
    this.blocks.push({ height: 0, hash: BITCOIN_DEVNET_GENESIS_HASH, time: this.now(), txids: [] })
  }

  get tip(): Block {
    return this.blocks[this.blocks.length - 1]!
  }

  get mempoolTxids(): readonly string[] {
    return this.mempool
  }

  blockAt(height: number): Block | undefined {
    return this.blocks[height]
  }

  onBlock(listener: (block: Block) => void): () => void {
    this.blockListeners.add(listener)
    return () => this.blockListeners.delete(listener)
  }

  /**
   * Pays `sats` to each address in a coinbase-like transaction of its own, in the mempool (the next
   * block confirms it): the devnet's faucet and its start funding.
   */
  fund(payments: readonly { address: string; sats: bigint }[]): string {
    const tx = new Transaction(TX_OPTS)
    for (const p of payments) tx.addOutputAddress(p.address, p.sats, REGTEST)
    // A coinbase input (null outpoint) with a unique scriptSig, so two fundings never share a txid.
    const tag = sha256(new TextEncoder().encode(`fund ${this.txs.size} ${this.tip.height}`)).slice(0, 8)
    tx.addInput({ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: tag, sequence: 0xffffffff })
    return this.accept(tx, true, [], 0n)
  }

  /** Validates a raw transaction (hex) like bitcoind's mempool and adds it. @throws BitcoindReject. */
  submit(hex: string): string {
    let tx: Transaction
    try {
      if (!/^([0-9a-fA-F]{2})+$/.test(hex.trim())) throw new Error('not hex')
      tx = Transaction.fromRaw(Uint8Array.from(hex.trim().match(/../g)!, (h) => parseInt(h, 16)), TX_OPTS)
    } catch {
      return reject(RPC_DESERIALIZATION_ERROR, REJECT.decodeFailed)
    }
    if (tx.inputsLength === 0) reject(RPC_VERIFY_REJECTED, REJECT.noInputs)
    if (tx.outputsLength === 0) reject(RPC_VERIFY_REJECTED, REJECT.noOutputs)
    const known = this.txs.get(tx.id)
    if (known !== undefined) {
      reject(known.block ? RPC_VERIFY_ALREADY_IN_CHAIN : RPC_VERIFY_REJECTED, known.block ? REJECT.alreadyInChain : REJECT.alreadyInMempool)
    }
    const prevouts: ChainOutput[] = []
    for (let i = 0; i < tx.inputsLength; i++) {
      const input = tx.getInput(i)
      const outpoint = key(toHex(input.txid!), input.index!)
      const prev = this.outputs.get(outpoint)
      const spender = this.spentBy.get(outpoint)
      if (prev === undefined) reject(RPC_VERIFY_ERROR, REJECT.missingOrSpent)
      if (spender !== undefined) {
        const inMempool = this.txs.get(spender)?.block === undefined
        reject(inMempool ? RPC_VERIFY_REJECTED : RPC_VERIFY_ERROR, inMempool ? REJECT.mempoolConflict : REJECT.missingOrSpent)
      }
      prevouts.push(prev!)
    }
    let valueOut = 0n
    for (let i = 0; i < tx.outputsLength; i++) {
      const output = tx.getOutput(i)
      const type = outputType(output.script!)
      if (type === undefined) reject(RPC_VERIFY_REJECTED, REJECT.nonStandardOutput)
      const limit = DUST_LIMIT[type!]
      if (limit !== undefined && output.amount! < limit) reject(RPC_VERIFY_REJECTED, REJECT.dust)
      valueOut += output.amount!
    }
    const valueIn = prevouts.reduce((sum, p) => sum + p.value, 0n)
    if (valueIn < valueOut) reject(RPC_VERIFY_REJECTED, `${REJECT.inBelowOut}, ${formatBtc(valueIn)} < ${formatBtc(valueOut)}`)
    for (let i = 0; i < prevouts.length; i++) verifyInput(tx, i, prevouts)
    const fee = valueIn - valueOut
    const minFee = BigInt(tx.vsize) * MIN_RELAY_SAT_PER_VB
    if (fee < minFee) reject(RPC_VERIFY_REJECTED, `min relay fee not met, ${fee} < ${minFee}`)
    return this.accept(tx, false, prevouts, fee)
  }

  /** Mines `count` blocks; the first takes the whole mempool. Returns the new blocks. */
  mine(count = 1): Block[] {
    const mined: Block[] = []
    for (let n = 0; n < count; n++) {
      const txids = this.mempool
      this.mempool = []
      const prev = this.tip
      const time = Math.max(this.now(), prev.time + 1)
      const hash = toHex(sha256(sha256(new TextEncoder().encode(`${prev.hash}|${prev.height + 1}|${time}|${txids.join(',')}`))).reverse())
      const block: Block = { height: prev.height + 1, hash, time, txids }
      this.blocks.push(block)
      for (const txid of txids) this.txs.get(txid)!.block = block
      mined.push(block)
      for (const listener of this.blockListeners) listener(block)
    }
    return mined
  }

  tx(txid: string): TxRecord | undefined {
    return this.txs.get(txid)
  }

  /** Unspent outputs paying `address`, confirmed or not (an output spent in the mempool is left out, as Esplora does). */
  utxos(address: string): { output: ChainOutput; record: TxRecord }[] {
    return (this.byAddress.get(address) ?? []).flatMap((txid) => {
      const record = this.txs.get(txid)!
      return this.outputsOf(record)
        .filter((o) => o.address === address && !this.spentBy.has(key(o.txid, o.vout)))
        .map((output) => ({ output, record }))
    })
  }

  /** Esplora's chain_stats / mempool_stats of an address. */
  addressStats(address: string): { chain: AddressStats; mempool: AddressStats } {
    const chain = emptyStats()
    const mempool = emptyStats()
    for (const txid of this.byAddress.get(address) ?? []) {
      const record = this.txs.get(txid)!
      const stats = record.block ? chain : mempool
      stats.tx_count++
      for (const o of this.outputsOf(record)) {
        if (o.address !== address) continue
        stats.funded_txo_count++
        stats.funded_txo_sum += o.value
      }
      for (const p of record.prevouts) {
        if (p.address !== address) continue
        stats.spent_txo_count++
        stats.spent_txo_sum += p.value
      }
    }
    return { chain, mempool }
  }

  /** The transactions touching `address`, newest first (mempool ones before confirmed ones). */
  addressTxs(address: string): TxRecord[] {
    const records = (this.byAddress.get(address) ?? []).map((txid) => this.txs.get(txid)!)
    const mempool = records.filter((r) => r.block === undefined).reverse()
    const confirmed = records.filter((r) => r.block !== undefined).sort((a, b) => b.block!.height - a.block!.height)
    return [...mempool, ...confirmed]
  }

  /** The output's spender, when it is spent. */
  spender(txid: string, vout: number): TxRecord | undefined {
    const by = this.spentBy.get(key(txid, vout))
    return by === undefined ? undefined : this.txs.get(by)
  }

  outputsOf(record: TxRecord): ChainOutput[] {
    const list: ChainOutput[] = []
    for (let vout = 0; vout < record.tx.outputsLength; vout++) list.push(this.outputs.get(key(record.txid, vout))!)
    return list
  }

  private accept(tx: Transaction, coinbase: boolean, prevouts: ChainOutput[], fee: bigint): string {
    const txid = tx.id
    const record: TxRecord = { txid, tx, hex: tx.hex, coinbase, prevouts, fee, block: undefined, seen: this.now() }
    this.txs.set(txid, record)
    this.mempool.push(txid)
    const touched = new Set<string>()
    for (let i = 0; i < tx.inputsLength && !coinbase; i++) {
      const input = tx.getInput(i)
      this.spentBy.set(key(toHex(input.txid!), input.index!), txid)
      if (prevouts[i]!.address) touched.add(prevouts[i]!.address!)
    }
    for (let vout = 0; vout < tx.outputsLength; vout++) {
      const out = tx.getOutput(vout)
      const script = out.script!
      const address = addressOf(script)
      this.outputs.set(key(txid, vout), { txid, vout, value: out.amount!, script, address, type: outputType(script) ?? 'unknown' })
      if (address) touched.add(address)
    }
    for (const address of touched) {
      const list = this.byAddress.get(address) ?? []
      list.push(txid)
      this.byAddress.set(address, list)
    }
    return txid
  }
}

export interface AddressStats {
  funded_txo_count: number
  funded_txo_sum: bigint
  spent_txo_count: number
  spent_txo_sum: bigint
  tx_count: number
}

const emptyStats = (): AddressStats => ({ funded_txo_count: 0, funded_txo_sum: 0n, spent_txo_count: 0, spent_txo_sum: 0n, tx_count: 0 })

function formatBtc(sats: bigint): string {
  const whole = sats / 100_000_000n
  const frac = (sats % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : `${whole}`
}

/** The standard output type (@scure/btc-signer's names), or undefined for one bitcoind would not relay. */
export function outputType(script: Uint8Array): string | undefined {
  try {
    if (script[0] === OP_RETURN) return 'op_return'
    const type = OutScript.decode(script).type
    return ['pkh', 'sh', 'wpkh', 'wsh', 'tr'].includes(type) ? type : undefined
  } catch {
    return undefined
  }
}

function addressOf(script: Uint8Array): string | undefined {
  try {
    // Address encoding through the library's own codec (bech32 / bech32m / base58check).
    return script[0] === OP_RETURN ? undefined : ADDRESS.encode(OutScript.decode(script))
  } catch {
    return undefined
  }
}

/** Checks input `index`'s signature against the output it spends. @throws BitcoindReject. */
function verifyInput(tx: Transaction, index: number, prevouts: readonly ChainOutput[]): void {
  const prev = prevouts[index]!
  const witness = tx.getInput(index).finalScriptWitness ?? []
  if (prev.type === 'wpkh') {
    if (witness.length !== 2) reject(RPC_VERIFY_REJECTED, REJECT.witnessMismatch)
    const [sigWithType, publicKey] = witness as [Uint8Array, Uint8Array]
    let payTo: Uint8Array
    try {
      payTo = p2wpkh(publicKey).script
    } catch {
      return reject(RPC_VERIFY_REJECTED, REJECT.equalVerify)
    }
    if (toHex(payTo) !== toHex(prev.script)) reject(RPC_VERIFY_REJECTED, REJECT.equalVerify)
    if (sigWithType.length < 9) reject(RPC_VERIFY_REJECTED, REJECT.badEcdsa)
    const hashType = sigWithType[sigWithType.length - 1]!
    const scriptCode = OutScript.encode({ type: 'pkh', hash: (OutScript.decode(prev.script) as { hash: Uint8Array }).hash })
    let ok = false
    try {
      const sighash = tx.preimageWitnessV0(index, scriptCode, hashType, prev.value)
      ok = secp256k1.verify(secp256k1.Signature.fromDER(sigWithType.slice(0, -1)).toCompactRawBytes(), sighash, publicKey)
    } catch {
      ok = false
    }
    if (!ok) reject(RPC_VERIFY_REJECTED, REJECT.badEcdsa)
    return
  }
  if (prev.type === 'tr') {
    // Key path only: one signature (an annex, starting 0x50, may follow it).
    const items = witness.length === 2 && witness[1]![0] === 0x50 ? witness.slice(0, 1) : witness
    if (items.length !== 1) reject(RPC_VERIFY_REJECTED, REJECT.nonStandardInput)
    const sig = items[0]!
    if (sig.length !== 64 && sig.length !== 65) reject(RPC_VERIFY_REJECTED, REJECT.badSchnorr)
    const hashType = sig.length === 65 ? sig[64]! : 0
    const outputKey = (OutScript.decode(prev.script) as { pubkey: Uint8Array }).pubkey
    let ok = false
    try {
      const sighash = tx.preimageWitnessV1(
        index,
        prevouts.map((p) => p.script),
        hashType,
        prevouts.map((p) => p.value),
      )
      ok = schnorr.verify(sig.slice(0, 64), sighash, outputKey)
    } catch {
      ok = false
    }
    if (!ok) reject(RPC_VERIFY_REJECTED, REJECT.badSchnorr)
    return
  }
  reject(RPC_VERIFY_REJECTED, REJECT.nonStandardInput)
}
