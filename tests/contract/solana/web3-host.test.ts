/**
 * @solana/web3.js and @solana/spl-token used as a host app would use them, against the devnet's
 * Solana JSON-RPC + PubSub server (one server for this file, on a free port pair).
 */
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js'
import { createMint, getAccount, getOrCreateAssociatedTokenAccount, mintTo, transfer } from '@solana/spl-token'
import { getBase58Codec } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEVNET_SOLANA_ACCOUNTS, DEVNET_SOLANA_TOKENS, SOLANA_DEVNET_GENESIS_HASH } from '../../../devnet/src/config'
import { startSolanaDevnet, type SolanaDevnet } from '../../../devnet/src/chains/solana/server'
import { freePortPair } from '../../e2e/support/free-port'

const base58 = getBase58Codec()
const bs58 = { encode: (b: Uint8Array): string => base58.decode(b), decode: (s: string): Uint8Array => new Uint8Array(base58.encode(s)) }

let chain: SolanaDevnet
let connection: Connection
const payer = Keypair.generate()
const alice = Keypair.fromSecretKey(bs58.decode(DEVNET_SOLANA_ACCOUNTS[0]!.secretKey))

beforeAll(async () => {
  // Its own Solana chain: it spends devnet account #0, which the demo's wallet holds.
  chain = await startSolanaDevnet({ port: await freePortPair() })
  // No wsEndpoint: web3.js finds the PubSub on the next port, as with a real validator.
  connection = new Connection(chain.rpcUrl, 'confirmed')
  const sig = await connection.requestAirdrop(payer.publicKey, 10 * LAMPORTS_PER_SOL)
  const latest = await connection.getLatestBlockhash()
  await connection.confirmTransaction({ signature: sig, ...latest })
})

afterAll(async () => {
  await chain?.stop()
})

describe('Solana devnet RPC, as @solana/web3.js and @solana/spl-token use it', () => {
  it('airdrops and confirms: the balance is there', async () => {
    expect(await connection.getBalance(payer.publicKey)).toBe(10 * LAMPORTS_PER_SOL)
    expect(await connection.getGenesisHash()).toBe(SOLANA_DEVNET_GENESIS_HASH)
  })

  it('starts with the seeded accounts funded in SOL and both SPL tokens', async () => {
    expect(alice.publicKey.toBase58()).toBe(DEVNET_SOLANA_ACCOUNTS[0]!.address)
    expect(await connection.getBalance(alice.publicKey)).toBe(100 * LAMPORTS_PER_SOL)
    const parsed = await connection.getParsedTokenAccountsByOwner(alice.publicKey, { programId: new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA') })
    const byMint = Object.fromEntries(
      parsed.value.map((a) => [a.account.data.parsed.info.mint as string, a.account.data.parsed.info.tokenAmount.uiAmountString as string]),
    )
    expect(byMint).toEqual(Object.fromEntries(DEVNET_SOLANA_TOKENS.map((t) => [t.mint, '1000'])))
  })

  it('sends SOL with sendAndConfirmTransaction and charges exactly the fee', async () => {
    const bob = Keypair.generate()
    const before = await connection.getBalance(payer.publicKey)
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: bob.publicKey, lamports: 1.5 * LAMPORTS_PER_SOL }))
    const sig = await sendAndConfirmTransaction(connection, tx, [payer])
    const got = await connection.getTransaction(sig, { maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
    expect(got?.meta?.fee).toBe(5000)
    expect(await connection.getBalance(bob.publicKey)).toBe(1.5 * LAMPORTS_PER_SOL)
    expect(await connection.getBalance(payer.publicKey)).toBe(before - 1.5 * LAMPORTS_PER_SOL - 5000)
    const statuses = await connection.getSignatureStatuses([sig, bs58.encode(new Uint8Array(64).fill(7))])
    expect(statuses.value[0]?.confirmationStatus).toBe('finalized')
    expect(statuses.value[1]).toBeNull()
  })

  it('runs a v0 transaction: fee for the message, simulation, send and history', async () => {
    const carol = Keypair.generate()
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: carol.publicKey, lamports: LAMPORTS_PER_SOL })],
    }).compileToV0Message()
    expect((await connection.getFeeForMessage(message)).value).toBe(5000)
    const tx = new VersionedTransaction(message)
    tx.sign([payer])
    const sim = await connection.simulateTransaction(tx)
    expect(sim.value.err).toBeNull()
    const sig = await connection.sendTransaction(tx)
    await connection.confirmTransaction({ signature: sig, blockhash, lastValidBlockHeight })
    const got = await connection.getTransaction(sig, { maxSupportedTransactionVersion: 0 })
    expect(got?.version).toBe(0)
    expect(got?.meta?.postBalances[1]).toBe(LAMPORTS_PER_SOL)
  })

  it('creates a mint, token accounts, mints and transfers; parsed balances and history follow', async () => {
    const bob = Keypair.generate()
    const mint = await createMint(connection, payer, payer.publicKey, null, 6)
    const from = await getOrCreateAssociatedTokenAccount(connection, payer, mint, payer.publicKey)
    const to = await getOrCreateAssociatedTokenAccount(connection, payer, mint, bob.publicKey)
    await mintTo(connection, payer, mint, from.address, payer, 1_000_000_000n)
    const sig = await transfer(connection, payer, from.address, to.address, payer, 250_000_000n)
    expect((await getAccount(connection, to.address)).amount).toBe(250_000_000n)
    const parsed = await connection.getParsedTokenAccountsByOwner(bob.publicKey, { mint })
    expect(parsed.value[0]?.account.data.parsed.info.tokenAmount).toEqual({ amount: '250000000', decimals: 6, uiAmount: 250, uiAmountString: '250' })
    expect((await connection.getTokenAccountBalance(from.address)).value.uiAmountString).toBe('750')

    const history = await connection.getSignaturesForAddress(bob.publicKey)
    expect(history[0]?.signature).toBe(sig)
    const got = await connection.getTransaction(sig, { maxSupportedTransactionVersion: 0 })
    expect(got?.meta?.fee).toBe(5000)
    const post = Object.fromEntries((got?.meta?.postTokenBalances ?? []).map((b) => [b.owner, b.uiTokenAmount.uiAmountString]))
    const pre = Object.fromEntries((got?.meta?.preTokenBalances ?? []).map((b) => [b.owner, b.uiTokenAmount.uiAmountString]))
    expect(pre).toEqual({ [payer.publicKey.toBase58()]: '1000', [bob.publicKey.toBase58()]: '0' })
    expect(post).toEqual({ [payer.publicKey.toBase58()]: '750', [bob.publicKey.toBase58()]: '250' })
    const parsedTx = await connection.getParsedTransaction(sig, { maxSupportedTransactionVersion: 0 })
    expect(parsedTx?.transaction.message.instructions[0]).toMatchObject({ program: 'spl-token', parsed: { type: 'transfer', info: { amount: '250000000' } } })
  })

  it('refuses a send beyond the balance, with the program logs, and charges nothing', async () => {
    const poor = Keypair.generate()
    await connection.confirmTransaction({ signature: await connection.requestAirdrop(poor.publicKey, LAMPORTS_PER_SOL), ...(await connection.getLatestBlockhash()) })
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: poor.publicKey, toPubkey: payer.publicKey, lamports: 2 * LAMPORTS_PER_SOL }))
    const error = await sendAndConfirmTransaction(connection, tx, [poor]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SendTransactionError)
    const logs = await (error as SendTransactionError).getLogs(connection)
    expect(logs.join('\n')).toMatch(/insufficient lamports/)
    expect((error as SendTransactionError).message).toContain('custom program error: 0x1')
    expect(await connection.getBalance(poor.publicKey)).toBe(LAMPORTS_PER_SOL)
  })

  it('answers a replayed transaction with AlreadyProcessed and a bad signature with a verification failure', async () => {
    const tx = new Transaction({ feePayer: payer.publicKey, ...(await connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }),
    )
    tx.sign(payer)
    const raw = tx.serialize()
    await connection.sendRawTransaction(raw)
    const replay = await connection.sendRawTransaction(raw).catch((e: unknown) => e)
    expect((replay as Error).message).toContain('This transaction has already been processed')

    const forged = Buffer.from(raw)
    forged[1] = forged[1]! ^ 0xff
    const bad = await connection.sendRawTransaction(forged, { skipPreflight: true }).catch((e: unknown) => e)
    expect((bad as Error).message).toContain('signature verification failure')
  })

  // Last: web3.js caches a blockhash for 30 s (75 real slots); jumping 151 slots at once would
  // hand the later tests a stale one.
  it('refuses a transaction whose blockhash left the 150-slot window', async () => {
    const { blockhash } = await connection.getLatestBlockhash()
    chain.ledger.advanceSlots(151)
    expect((await connection.isBlockhashValid(blockhash)).value).toBe(false)
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }),
    )
    tx.sign(payer)
    const error = await connection.sendRawTransaction(tx.serialize()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SendTransactionError)
    expect((error as SendTransactionError).message).toContain('Blockhash not found')
  })
})
