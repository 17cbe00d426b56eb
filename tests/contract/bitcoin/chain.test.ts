/**
 * The devnet Bitcoin chain over its Esplora HTTP API: a P2WPKH and a P2TR key-path spend confirm
 * and move balances; a double spend, a wrong-key signature, dust and an unknown input are refused
 * with bitcoind's reasons.
 */
import { Transaction, p2tr, p2wpkh } from '@scure/btc-signer'
import { secp256k1 } from '@noble/curves/secp256k1'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBitcoinDevnet, type BitcoinDevnet } from '../../../devnet/src/chains/bip122/server'
import { BITCOIN_DEVNET_FUNDING, REGTEST, bitcoinDevnetAccount } from '../../../devnet/src/chains/bip122/keys'

let devnet: BitcoinDevnet
const alice = bitcoinDevnetAccount(0)
const bob = bitcoinDevnetAccount(1)
const fromHex = (h: string): Uint8Array => Uint8Array.from(h.match(/../g)!, (b) => parseInt(b, 16))

beforeAll(async () => {
  // Its own Bitcoin chain: a fixed clock, blocks only when mined, and it spends accounts the demo's wallet holds.
  devnet = await startBitcoinDevnet({ port: 0, blockIntervalMs: 0, now: () => 1_800_000_000 })
})
afterAll(async () => {
  await devnet?.stop()
})

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${devnet.esploraUrl}${path}`)
  expect(res.status).toBe(200)
  return (await res.json()) as T
}
async function post(path: string, body: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${devnet.esploraUrl}${path}`, { method: 'POST', body })
  return { status: res.status, text: await res.text() }
}
interface Utxo {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean; block_height?: number }
}
interface Stats {
  chain_stats: { funded_txo_sum: number; spent_txo_sum: number; tx_count: number }
  mempool_stats: { funded_txo_sum: number; spent_txo_sum: number; tx_count: number }
}
const balance = (s: Stats): number =>
  s.chain_stats.funded_txo_sum - s.chain_stats.spent_txo_sum + s.mempool_stats.funded_txo_sum - s.mempool_stats.spent_txo_sum

/** A P2WPKH spend of `utxo` (owned by `from`), signed with `signer` (by default the owner's key). */
function wpkhSpend(utxo: Utxo, from: typeof alice, to: string, amount: bigint, fee = 500n, signer = from.payment.privateKey): string {
  const pay = p2wpkh(secp256k1.getPublicKey(fromHex(from.payment.privateKey), true), REGTEST)
  const tx = new Transaction()
  tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script: pay.script, amount: BigInt(utxo.value) } })
  tx.addOutputAddress(to, amount, REGTEST)
  const change = BigInt(utxo.value) - amount - fee
  if (change > 0n) tx.addOutputAddress(from.payment.address, change, REGTEST)
  tx.sign(fromHex(signer))
  tx.finalize()
  return tx.hex
}

describe('devnet bitcoin chain (Esplora API)', () => {
  it('starts with the demo accounts funded in blocks 1 and 2', async () => {
    expect(await (await fetch(`${devnet.esploraUrl}/blocks/tip/height`)).text()).toBe('2')
    const utxos = await get<Utxo[]>(`/address/${alice.payment.address}/utxo`)
    expect(utxos.map((u) => u.value).sort()).toEqual(BITCOIN_DEVNET_FUNDING.payment.map(Number).sort())
    expect(utxos.every((u) => u.status.confirmed)).toBe(true)
    const fees = await get<Record<string, number>>('/fee-estimates')
    expect(fees['1']).toBeGreaterThanOrEqual(1)
  })

  it('confirms a P2WPKH spend and moves the balance', async () => {
    const [utxo] = await get<Utxo[]>(`/address/${alice.payment.address}/utxo`)
    const before = { alice: balance(await get<Stats>(`/address/${alice.payment.address}`)), bob: balance(await get<Stats>(`/address/${bob.payment.address}`)) }
    const sent = await post('/tx', wpkhSpend(utxo!, alice, bob.payment.address, 1_000_000n))
    expect(sent.status).toBe(200)
    const txid = sent.text
    expect(await get<{ confirmed: boolean }>(`/tx/${txid}/status`)).toEqual({ confirmed: false })
    // Pending: counted in mempool_stats, not yet in chain_stats.
    const pending = await get<Stats>(`/address/${bob.payment.address}`)
    expect(pending.mempool_stats.funded_txo_sum).toBe(1_000_000)
    expect(await post('/devnet/mine', '{"blocks":1}')).toMatchObject({ status: 200 })
    const status = await get<{ confirmed: boolean; block_height: number }>(`/tx/${txid}/status`)
    expect(status).toMatchObject({ confirmed: true, block_height: 3 })
    expect(balance(await get<Stats>(`/address/${bob.payment.address}`))).toBe(before.bob + 1_000_000)
    expect(balance(await get<Stats>(`/address/${alice.payment.address}`))).toBe(before.alice - 1_000_000 - 500)
    const tx = await get<{ fee: number; vin: { prevout: { scriptpubkey_address: string } }[] }>(`/tx/${txid}`)
    expect(tx.fee).toBe(500)
    expect(tx.vin[0]!.prevout.scriptpubkey_address).toBe(alice.payment.address)
    const txs = await get<{ txid: string }[]>(`/address/${bob.payment.address}/txs`)
    expect(txs[0]!.txid).toBe(txid)
  })

  it('confirms a P2TR key-path spend', async () => {
    const [utxo] = await get<Utxo[]>(`/address/${bob.ordinals.address}/utxo`)
    const internal = fromHex(bob.ordinals.publicKey)
    const tr = p2tr(internal, undefined, REGTEST)
    const tx = new Transaction()
    tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: tr.script, amount: BigInt(utxo!.value) }, tapInternalKey: internal })
    tx.addOutputAddress(alice.ordinals.address, BigInt(utxo!.value) - 300n, REGTEST)
    tx.sign(fromHex(bob.ordinals.privateKey))
    tx.finalize()
    expect(await post('/tx', tx.hex)).toEqual({ status: 200, text: tx.id })
  })

  it('refuses a double spend, in the mempool and once mined', async () => {
    const [utxo] = await get<Utxo[]>(`/address/${alice.payment.address}/utxo`)
    expect((await post('/tx', wpkhSpend(utxo!, alice, bob.payment.address, 2_000_000n))).status).toBe(200)
    const conflict = await post('/tx', wpkhSpend(utxo!, alice, bob.payment.address, 3_000_000n))
    expect(conflict).toEqual({ status: 400, text: 'sendrawtransaction RPC error: {"code":-26,"message":"txn-mempool-conflict"}' })
    await post('/devnet/mine', '{}')
    const again = await post('/tx', wpkhSpend(utxo!, alice, bob.payment.address, 3_000_000n))
    expect(again).toEqual({ status: 400, text: 'sendrawtransaction RPC error: {"code":-25,"message":"bad-txns-inputs-missingorspent"}' })
  })

  it('refuses a signature by another key', async () => {
    const [utxo] = await get<Utxo[]>(`/address/${alice.payment.address}/utxo`)
    // Signed by Bob's key: the witness carries Bob's public key, which is not the one the output pays to.
    const pay = p2wpkh(secp256k1.getPublicKey(fromHex(alice.payment.privateKey), true), REGTEST)
    const tx = new Transaction()
    tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: pay.script, amount: BigInt(utxo!.value) } })
    tx.addOutputAddress(bob.payment.address, 10_000n, REGTEST)
    // btc-signer will not sign an input for a key it does not match, so the witness is forged by hand.
    tx.sign(fromHex(alice.payment.privateKey))
    tx.finalize()
    const forged = Transaction.fromRaw(tx.extract())
    const bobPub = secp256k1.getPublicKey(fromHex(bob.payment.privateKey), true)
    const sighash = forged.preimageWitnessV0(0, p2pkhScriptCode(pay.script), 1, BigInt(utxo!.value))
    const bobSig = new Uint8Array([...secp256k1.sign(sighash, fromHex(bob.payment.privateKey), { lowS: true }).toDERRawBytes(), 1])
    // Alice's public key with Bob's signature: the key matches, the signature does not.
    const aliceKeyBobSig = withWitness(forged, [bobSig, pubOf(alice)])
    expect(await post('/tx', aliceKeyBobSig)).toEqual({
      status: 400,
      text: 'sendrawtransaction RPC error: {"code":-26,"message":"mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)"}',
    })
    // Bob's key and signature: the key is not the one the output pays to.
    expect(await post('/tx', withWitness(forged, [bobSig, bobPub]))).toEqual({
      status: 400,
      text: 'sendrawtransaction RPC error: {"code":-26,"message":"mandatory-script-verify-flag-failed (Script failed an OP_EQUALVERIFY operation)"}',
    })
  })

  it('refuses dust, an unknown input and a fee below the relay minimum', async () => {
    const [utxo] = await get<Utxo[]>(`/address/${alice.payment.address}/utxo`)
    expect((await post('/tx', wpkhSpend(utxo!, alice, bob.payment.address, 100n))).text).toContain('"message":"dust"')
    const unknown = { ...utxo!, txid: 'ab'.repeat(32) }
    expect((await post('/tx', wpkhSpend(unknown, alice, bob.payment.address, 10_000n))).text).toContain('"code":-25,"message":"bad-txns-inputs-missingorspent"')
    expect((await post('/tx', wpkhSpend(utxo!, alice, bob.payment.address, 10_000n, 10n))).text).toContain('min relay fee not met')
    expect((await post('/tx', 'zz')).text).toBe('sendrawtransaction RPC error: {"code":-22,"message":"TX decode failed"}')
  })
})

function pubOf(account: typeof alice): Uint8Array {
  return secp256k1.getPublicKey(fromHex(account.payment.privateKey), true)
}

function p2pkhScriptCode(wpkhScript: Uint8Array): Uint8Array {
  // OP_DUP OP_HASH160 <20-byte hash> OP_EQUALVERIFY OP_CHECKSIG, the hash taken from the witness program.
  return new Uint8Array([0x76, 0xa9, 0x14, ...wpkhScript.slice(2), 0x88, 0xac])
}

function withWitness(tx: Transaction, witness: Uint8Array[]): string {
  const copy = Transaction.fromRaw(fromHex(tx.hex), { allowUnknownInputs: true })
  copy.updateInput(0, { finalScriptWitness: witness }, true)
  return copy.hex
}
