/**
 * The blockchain service answers for the Solana devnet from the Solana server: balances with the
 * price table and history in the Transaction shape, after a real SOL and SPL transfer.
 */
import { createHash } from 'node:crypto'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js'
import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token'
import { getBase58Codec } from '@solana/kit'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  DEVNET_SOLANA_ACCOUNTS,
  DEVNET_SOLANA_TOKENS,
  SOLANA_DEVNET_CAIP_NETWORK_ID,
  SOLANA_DEVNET_GENESIS_HASH,
  SOLANA_DEVNET_SEED_LABELS,
} from '../../../devnet/src/config'
import { devnet, getJson } from '../devnet/helpers'

const base58 = getBase58Codec()
const seed = (label: string): Uint8Array => new Uint8Array(createHash('sha256').update(label).digest())
const sender = Keypair.fromSecretKey(new Uint8Array(base58.encode(DEVNET_SOLANA_ACCOUNTS[1]!.secretKey)))
const receiver = Keypair.generate()
const dUSD = DEVNET_SOLANA_TOKENS.find((t) => t.symbol === 'dUSD')!
const caip = (address: string): string => `${SOLANA_DEVNET_CAIP_NETWORK_ID}:${address}`

interface Balance {
  symbol: string
  chainId: string
  address?: string
  price: number
  value: number
  quantity: { decimals: string; numeric: string }
}
interface Tx {
  id: string
  metadata: { operationType: string; hash: string; sentFrom: string; sentTo: string; status: string; chain: string }
  transfers: { fungible_info?: { symbol: string }; direction: string; quantity: { numeric: string } }[]
}

let signature = ''

// On the project's devnet: SOL and dUSD sent from Solana account #1 to a fresh key; the Solana chain
// is not put back, and no e2e file reads account #1.
beforeAll(async () => {
  const connection = new Connection(devnet.solanaRpcUrl, { commitment: 'confirmed', wsEndpoint: devnet.solanaWsUrl })
  const mint = new PublicKey(dUSD.mint)
  const fromAta = getAssociatedTokenAddressSync(mint, sender.publicKey)
  const toAta = getAssociatedTokenAddressSync(mint, receiver.publicKey)
  const tx = new Transaction().add(
    SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: receiver.publicKey, lamports: LAMPORTS_PER_SOL / 2 }),
    createAssociatedTokenAccountIdempotentInstruction(sender.publicKey, toAta, receiver.publicKey, mint),
    createTransferCheckedInstruction(fromAta, mint, toAta, sender.publicKey, 12_500_000n, dUSD.decimals),
  )
  signature = await sendAndConfirmTransaction(connection, tx, [sender])
})

describe('Solana devnet facts', () => {
  it('derives every key from its label and serves the fixed genesis hash', async () => {
    DEVNET_SOLANA_ACCOUNTS.forEach((a, i) => {
      const k = Keypair.fromSeed(seed(SOLANA_DEVNET_SEED_LABELS.account(i)))
      expect({ address: k.publicKey.toBase58(), secretKey: base58.decode(k.secretKey) }).toEqual(a)
    })
    for (const t of DEVNET_SOLANA_TOKENS) expect(Keypair.fromSeed(seed(SOLANA_DEVNET_SEED_LABELS.mint(t.symbol))).publicKey.toBase58()).toBe(t.mint)
    expect(base58.decode(seed('walletgate devnet solana genesis'))).toBe(SOLANA_DEVNET_GENESIS_HASH)
    expect(SOLANA_DEVNET_CAIP_NETWORK_ID).toBe(`solana:${SOLANA_DEVNET_GENESIS_HASH.slice(0, 32)}`)
    const res = await fetch(devnet.solanaRpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash' }) })
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: SOLANA_DEVNET_GENESIS_HASH })
  })
})

describe('blockchain service for solana:<devnet ref>', () => {
  it('lists the Solana devnet among the supported chains', async () => {
    const { body } = await getJson<{ http: string[] }>('/v1/supported-chains')
    expect(body.http).toContain(SOLANA_DEVNET_CAIP_NETWORK_ID)
  })

  it('answers the receiver’s SOL and SPL balances with prices, as the modal asks (address + chainId)', async () => {
    const { status, body } = await getJson<{ balances: Balance[] }>(`/v1/account/${receiver.publicKey.toBase58()}/balance`, `currency=usd&chainId=${SOLANA_DEVNET_CAIP_NETWORK_ID}`)
    expect(status).toBe(200)
    expect(body.balances.map((b) => ({ symbol: b.symbol, chainId: b.chainId, address: b.address, numeric: b.quantity.numeric, decimals: b.quantity.decimals, value: b.value }))).toEqual([
      { symbol: 'SOL', chainId: SOLANA_DEVNET_CAIP_NETWORK_ID, address: undefined, numeric: '0.5', decimals: '9', value: 75 },
      { symbol: 'dUSD', chainId: SOLANA_DEVNET_CAIP_NETWORK_ID, address: caip(dUSD.mint), numeric: '12.5', decimals: '6', value: 12.5 },
    ])
  })

  it('answers the same for a CAIP-10 account, and nothing for another Solana cluster', async () => {
    const { body } = await getJson<{ balances: Balance[] }>(`/v1/account/${caip(sender.publicKey.toBase58())}/balance`)
    expect(body.balances.find((b) => b.symbol === 'dUSD')?.quantity.numeric).toBe('987.5')
    expect(body.balances.find((b) => b.symbol === 'DVT')?.quantity.numeric).toBe('1000')
    const other = await getJson<{ balances: Balance[] }>(`/v1/account/solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${sender.publicKey.toBase58()}/balance`)
    expect(other.body.balances).toEqual([])
  })

  it('lists the send in the sender’s history and the receipt in the receiver’s, SPL included', async () => {
    const out = await getJson<{ data: Tx[]; next: string | null }>(`/v1/account/${sender.publicKey.toBase58()}/history`, `chainId=${SOLANA_DEVNET_CAIP_NETWORK_ID}`)
    expect(out.body.data[0]).toMatchObject({
      id: signature,
      metadata: { operationType: 'send', hash: signature, sentFrom: sender.publicKey.toBase58(), sentTo: receiver.publicKey.toBase58(), status: 'confirmed', chain: SOLANA_DEVNET_CAIP_NETWORK_ID },
    })
    expect(out.body.data[0]!.transfers.map((t) => [t.fungible_info?.symbol, t.direction, t.quantity.numeric])).toEqual([
      ['SOL', 'out', '0.5'],
      ['dUSD', 'out', '12.5'],
    ])
    const inbox = await getJson<{ data: Tx[] }>(`/v1/account/${caip(receiver.publicKey.toBase58())}/history`)
    expect(inbox.body.data.map((t) => [t.metadata.operationType, t.transfers.map((x) => [x.fungible_info?.symbol, x.direction, x.quantity.numeric])])).toEqual([
      ['receive', [['SOL', 'in', '0.5'], ['dUSD', 'in', '12.5']]],
    ])
  })

  it('answers identity and names empty for a Solana account', async () => {
    const address = receiver.publicKey.toBase58()
    expect((await getJson(`/v1/identity/${caip(address)}`)).body).toEqual({ name: null, avatar: null })
    expect((await getJson(`/v1/identity/${address}`)).body).toEqual({ name: null, avatar: null })
    expect((await getJson(`/v1/profile/reverse/${address}`)).body).toEqual([])
  })
})
