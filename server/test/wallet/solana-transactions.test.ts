/**
 * The embedded wallet's reading of a Solana transaction (what the frame shows and the audit
 * records), built here with @solana/web3.js as the modal builds its transfers; and the user's
 * Solana signature of a transaction (their slot, verified by web3.js), never of a transaction's
 * message passed off as a "message".
 */
import { createPublicKey, verify } from 'node:crypto'
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { decodeBase58 } from '../../src/base58.js'
import { ManualClock } from '../../src/clock.js'
import type { Database } from '../../src/db/database.js'
import { LocalKeyEncryption, newKekEntry, parseKeks } from '../../src/wallet/key-encryption.js'
import { isSolanaTransactionMessage, readSolanaTransaction, UnreadableSolanaTransactionError, withSolanaSignature } from '../../src/wallet/solana-transactions.js'
import { SolanaMessageIsTransactionError, WalletKeys } from '../../src/wallet/wallet-keys.js'
import { migratedDatabase } from '../support.js'

const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
const MINT = Keypair.generate().publicKey
const TOKENS = [{ mint: MINT.toBase58(), symbol: 'dUSDC', decimals: 6 }]
const BLOCKHASH = 'GHtXQBsoZHVnNFa9YevAzFr17DJjgHXk3ycTKD5xD3Zi'

function transferChecked(source: PublicKey, destination: PublicKey, owner: PublicKey, amount: bigint, decimals: number): TransactionInstruction {
  const data = Buffer.alloc(10)
  data.writeUInt8(12, 0)
  data.writeBigUInt64LE(amount, 1)
  data.writeUInt8(decimals, 9)
  return new TransactionInstruction({
    programId: TOKEN_PROGRAM,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: MINT, isSigner: false, isWritable: false },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
    data,
  })
}

function wire(feePayer: PublicKey, ...instructions: TransactionInstruction[]): Uint8Array {
  const tx = new Transaction({ feePayer, recentBlockhash: BLOCKHASH })
  tx.add(...instructions)
  return new Uint8Array(tx.serialize({ requireAllSignatures: false, verifySignatures: false }))
}

describe('readSolanaTransaction', () => {
  it('reads a SOL transfer: amount, receiver, sender, the fee payer as signer', () => {
    const from = Keypair.generate().publicKey
    const to = Keypair.generate().publicKey
    const view = readSolanaTransaction(wire(from, SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 1_500_000_000n })))
    expect(view.signers).toEqual([from.toBase58()])
    expect(view.summary).toBe(`send 1.5 SOL to ${to.toBase58()}`)
    expect(view.rows).toEqual([
      { label: 'Send', value: '1.5 SOL' },
      { label: 'To', value: to.toBase58() },
      { label: 'From', value: from.toBase58() },
    ])
    expect(view.warning).toBe(false)
  })

  it("reads an SPL transferChecked in the token's units when its mint is known, raw otherwise", () => {
    const owner = Keypair.generate().publicKey
    const source = Keypair.generate().publicKey
    const destination = Keypair.generate().publicKey
    const known = readSolanaTransaction(wire(owner, transferChecked(source, destination, owner, 2_500_000n, 6)), TOKENS)
    expect(known.summary).toBe(`send 2.5 dUSDC to the token account ${destination.toBase58()}`)
    const unknown = readSolanaTransaction(wire(owner, transferChecked(source, destination, owner, 2_500_000n, 6)))
    expect(unknown.rows[0]).toEqual({ label: 'Send', value: `2.5 of the token ${MINT.toBase58()}` })
  })

  it('names an unknown program with a warning, and numbers the instructions of a longer transaction', () => {
    const from = Keypair.generate().publicKey
    const program = Keypair.generate().publicKey
    const view = readSolanaTransaction(
      wire(from, SystemProgram.transfer({ fromPubkey: from, toPubkey: from, lamports: 1n }), new TransactionInstruction({ programId: program, keys: [], data: Buffer.from([1, 2, 3]) })),
    )
    expect(view.warning).toBe(true)
    expect(view.rows.map((r) => r.label)).toEqual(['Send 1', 'To 1', 'From 1', 'Program 2'])
    expect(view.rows[3]).toEqual({ label: 'Program 2', value: `${program.toBase58()}: an instruction this wallet cannot read (3 bytes)`, warning: true })
    expect(view.summary).toContain('(read the details)')
  })

  it('refuses bytes that are not one transaction: garbage, a bare message, trailing bytes', () => {
    const from = Keypair.generate().publicKey
    const good = wire(from, SystemProgram.transfer({ fromPubkey: from, toPubkey: from, lamports: 1n }))
    expect(() => readSolanaTransaction(new TextEncoder().encode('hello'))).toThrow(UnreadableSolanaTransactionError)
    expect(() => readSolanaTransaction(Uint8Array.from([...good, 0]))).toThrow(UnreadableSolanaTransactionError)
  })
})

describe('isSolanaTransactionMessage', () => {
  it("is true of a transaction's message bytes, false of text and of a sign-in message", () => {
    const from = Keypair.generate().publicKey
    const tx = new Transaction({ feePayer: from, recentBlockhash: BLOCKHASH }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: from, lamports: 1n }))
    expect(isSolanaTransactionMessage(new Uint8Array(tx.serializeMessage()))).toBe(true)
    expect(isSolanaTransactionMessage(new TextEncoder().encode('hello solana'))).toBe(false)
    expect(isSolanaTransactionMessage(new TextEncoder().encode(`app.example wants you to sign in with your Solana account:\n${from.toBase58()}\n\nNonce: 12345678`))).toBe(false)
  })
})

describe("the user's Solana signature of a transaction", () => {
  let db: Database
  const clock = new ManualClock(Date.parse('2026-12-07T12:00:00Z'))
  beforeEach(async () => {
    db = await migratedDatabase()
  })
  afterEach(async () => {
    await db.close()
  })

  it('signs the message of a transaction the user pays, in their slot, verified by web3.js, and audits what it does', async () => {
    const keys = new WalletKeys(db, new LocalKeyEncryption(parseKeks(newKekEntry('k1'))), clock)
    const { solana } = await keys.create('user-1')
    const from = new PublicKey(solana)
    const to = Keypair.generate().publicKey
    const unsigned = wire(from, SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 250_000_000n }))
    const signature = await keys.signSolanaTransaction('user-1', unsigned, { origin: 'https://app.example' })
    const signed = Transaction.from(withSolanaSignature(unsigned, solana, signature))
    expect(signed.verifySignatures()).toBe(true)
    const { rows } = await db.query<{ method: string; summary: string }>('SELECT method, summary FROM wallet_signatures')
    expect(rows).toEqual([{ method: 'solana_signTransaction', summary: `solana_signTransaction: send 0.25 SOL to ${to.toBase58()}` }])
  })

  it("refuses a transaction the user does not sign, and a transaction's message passed as a message", async () => {
    const keys = new WalletKeys(db, new LocalKeyEncryption(parseKeks(newKekEntry('k1'))), clock)
    const { solana } = await keys.create('user-1')
    const other = Keypair.generate().publicKey
    const notTheirs = wire(other, SystemProgram.transfer({ fromPubkey: other, toPubkey: other, lamports: 1n }))
    await expect(keys.signSolanaTransaction('user-1', notTheirs, { origin: 'https://app.example' })).rejects.toThrow(UnreadableSolanaTransactionError)
    const from = new PublicKey(solana)
    const message = new Transaction({ feePayer: from, recentBlockhash: BLOCKHASH }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: other, lamports: 5_000_000_000n })).serializeMessage()
    await expect(keys.signSolanaMessage('user-1', new Uint8Array(message), { origin: 'https://app.example' })).rejects.toThrow(SolanaMessageIsTransactionError)
    // A plain message still signs and verifies.
    const text = new TextEncoder().encode('hello')
    const ed = await keys.signSolanaMessage('user-1', text, { origin: 'https://app.example' })
    const publicKey = createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), decodeBase58(solana)]), format: 'der', type: 'spki' })
    expect(verify(null, text, publicKey, ed)).toBe(true)
    const { rows } = await db.query<{ method: string }>('SELECT method FROM wallet_signatures')
    expect(rows).toEqual([{ method: 'solana_signMessage' }])
  })
})
