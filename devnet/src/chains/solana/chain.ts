/**
 * The Solana devnet's ledger: litesvm runs the programs; this class adds what a validator has and
 * litesvm lacks. Slots (one per landed transaction), a window of the last 150 blockhashes (litesvm
 * alone accepts only its latest), per-transaction history with fee, balances before/after, token
 * balances and logs, an address -> signatures index, and errors shaped like a validator's.
 * Genesis is deterministic: the same accounts, mints and token accounts on every start.
 */
import { createHash } from 'node:crypto'
import {
  address,
  appendTransactionMessageInstruction,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit'
import { getTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getMintDecoder,
  getMintEncoder,
  getTokenDecoder,
  getTokenEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import { formatUnits } from 'viem'
import {
  DEVNET_SOLANA_ACCOUNTS,
  DEVNET_SOLANA_FUNDING,
  DEVNET_SOLANA_TOKENS,
  SOLANA_DEVNET_SEED_LABELS,
} from '../../config'
import { RPC_CODES, RpcError, transactionErrorJson, transactionErrorText, type TxErrorJson } from './errors'

export const LAMPORTS_PER_SOL = 1_000_000_000n
/** litesvm's default fee: 5000 lamports per signature (no priority fee is charged on the devnet). */
export const LAMPORTS_PER_SIGNATURE = 5000
/** A blockhash stays valid for this many slots, as on the real cluster. */
export const BLOCKHASH_WINDOW = 150
const TOKEN_ACCOUNT_SIZE = 165
const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const FAUCET_LABEL = 'walletgate devnet solana faucet'
/** The faucet that requestAirdrop pays from (a billion SOL). */
const FAUCET_LAMPORTS = 1_000_000_000n * LAMPORTS_PER_SOL

const b58 = getBase58Decoder()
const b58enc = getBase58Encoder()

export function seedOf(label: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(label).digest())
}

export interface UiTokenAmount {
  amount: string
  decimals: number
  uiAmount: number
  uiAmountString: string
}

export interface TokenBalance {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: UiTokenAmount
}

export interface CompiledInstructionJson {
  programIdIndex: number
  accounts: number[]
  data: string
  stackHeight: null
}

/** Everything getTransaction and history need about one landed transaction. */
export interface TxRecord {
  signature: string
  signatures: string[]
  slot: number
  blockTime: number
  version: 'legacy' | 0
  wire: Uint8Array
  accountKeys: string[]
  header: { numRequiredSignatures: number; numReadonlySignedAccounts: number; numReadonlyUnsignedAccounts: number }
  recentBlockhash: string
  instructions: CompiledInstructionJson[]
  fee: number
  err: TxErrorJson | null
  preBalances: number[]
  postBalances: number[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  logs: string[]
  computeUnits: number
}

export interface AccountView {
  address: string
  lamports: bigint
  owner: string
  executable: boolean
  data: Uint8Array
}

export interface TokenAccountView {
  pubkey: string
  mint: string
  owner: string
  amount: bigint
  decimals: number
  programId: string
  state: 'initialized' | 'frozen' | 'uninitialized'
  account: AccountView
}

export interface SendOptions {
  skipPreflight?: boolean
}

export interface SimulateOptions {
  sigVerify?: boolean
  replaceRecentBlockhash?: boolean
}

export interface SimulateResult {
  err: TxErrorJson | null
  logs: string[]
  unitsConsumed: number
  replacementBlockhash?: { blockhash: string; lastValidBlockHeight: number }
  /** The accounts the transaction wrote, as they would be after it (a successful simulation only). */
  postAccounts?: AccountView[]
}

/** Events the PubSub side listens to. */
export interface LedgerListener {
  onTransaction?(record: TxRecord): void
  onSlot?(slot: number): void
}

function uiAmount(amount: bigint, decimals: number): UiTokenAmount {
  const text = formatUnits(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text }
}

interface ParsedTx {
  tx: Transaction
  signature: string | null
  signatures: string[]
  version: 'legacy' | 0
  accountKeys: string[]
  header: TxRecord['header']
  recentBlockhash: string
  instructions: CompiledInstructionJson[]
}

export class SolanaLedger {
  private readonly svm: LiteSVM
  private slotNow = 1
  /** blockhash -> the slot it was produced at; entries older than the window are dropped. */
  private readonly blockhashes = new Map<string, number>()
  private latest: string
  private readonly records = new Map<string, TxRecord>()
  /** address -> signatures, oldest first. */
  private readonly byAddress = new Map<string, string[]>()
  private readonly listeners = new Set<LedgerListener>()
  private readonly mintDecimals = new Map<string, number>()
  /** Serialises sends: one transaction lands at a time, like slots. */
  private queue: Promise<unknown> = Promise.resolve()

  private constructor(
    private readonly faucet: KeyPairSigner,
    private readonly now: () => number,
  ) {
    this.svm = new LiteSVM().withBlockhashCheck(false).withSigverify(true).withTransactionHistory(0n)
    this.latest = this.svm.latestBlockhash()
    this.blockhashes.set(this.latest, this.slotNow)
  }

  /** A ledger at genesis: funded accounts, the devnet's SPL mints and every account's token accounts. */
  static async create(opts: { now?: () => number } = {}): Promise<SolanaLedger> {
    const faucet = await createKeyPairSignerFromPrivateKeyBytes(seedOf(FAUCET_LABEL))
    const ledger = new SolanaLedger(faucet, opts.now ?? Date.now)
    await ledger.genesis()
    return ledger
  }

  private async genesis(): Promise<void> {
    const mintAuthority = await createKeyPairSignerFromPrivateKeyBytes(seedOf(SOLANA_DEVNET_SEED_LABELS.mintAuthority))
    this.setSystemAccount(this.faucet.address, FAUCET_LAMPORTS)
    const perAccountLamports = DEVNET_SOLANA_FUNDING.solPerAccount * LAMPORTS_PER_SOL
    for (const a of DEVNET_SOLANA_ACCOUNTS) this.setSystemAccount(a.address, perAccountLamports)
    const mintRent = this.svm.minimumBalanceForRentExemption(82n)
    const tokenRent = this.svm.minimumBalanceForRentExemption(BigInt(TOKEN_ACCOUNT_SIZE))
    for (const t of DEVNET_SOLANA_TOKENS) {
      const perAccount = DEVNET_SOLANA_FUNDING.tokensPerAccount * 10n ** BigInt(t.decimals)
      const mintData = getMintEncoder().encode({
        mintAuthority: mintAuthority.address,
        supply: perAccount * BigInt(DEVNET_SOLANA_ACCOUNTS.length),
        decimals: t.decimals,
        isInitialized: true,
        freezeAuthority: null,
      })
      this.svm.setAccount({
        address: address(t.mint),
        data: new Uint8Array(mintData),
        executable: false,
        lamports: lamports(mintRent),
        programAddress: TOKEN_PROGRAM_ADDRESS,
        space: BigInt(mintData.length),
      })
      this.mintDecimals.set(t.mint, t.decimals)
      for (const a of DEVNET_SOLANA_ACCOUNTS) {
        const [ata] = await findAssociatedTokenPda({ owner: address(a.address), mint: address(t.mint), tokenProgram: TOKEN_PROGRAM_ADDRESS })
        const data = getTokenEncoder().encode({
          mint: address(t.mint),
          owner: address(a.address),
          amount: perAccount,
          delegate: null,
          state: 1,
          isNative: null,
          delegatedAmount: 0,
          closeAuthority: null,
        })
        this.svm.setAccount({
          address: ata,
          data: new Uint8Array(data),
          executable: false,
          lamports: lamports(tokenRent),
          programAddress: TOKEN_PROGRAM_ADDRESS,
          space: BigInt(data.length),
        })
      }
    }
  }

  private setSystemAccount(addr: string, amount: bigint): void {
    this.svm.setAccount({
      address: address(addr),
      data: new Uint8Array(0),
      executable: false,
      lamports: lamports(amount),
      programAddress: SYSTEM_PROGRAM_ADDRESS,
      space: 0n,
    })
  }

  subscribe(listener: LedgerListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  get slot(): number {
    return this.slotNow
  }

  /** Block height equals the slot: the devnet skips no slot. */
  get blockHeight(): number {
    return this.slotNow
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    return { blockhash: this.latest, lastValidBlockHeight: this.blockhashes.get(this.latest)! + BLOCKHASH_WINDOW }
  }

  isBlockhashValid(blockhash: string): boolean {
    const at = this.blockhashes.get(blockhash)
    return at !== undefined && this.slotNow - at <= BLOCKHASH_WINDOW
  }

  /** Produces empty slots (a new blockhash each); tests use it to age a blockhash out of the window. */
  advanceSlots(count: number): void {
    for (let i = 0; i < count; i++) this.nextSlot()
  }

  private nextSlot(): void {
    this.svm.expireBlockhash()
    this.slotNow += 1
    this.latest = this.svm.latestBlockhash()
    this.blockhashes.set(this.latest, this.slotNow)
    for (const [hash, at] of this.blockhashes) {
      if (this.slotNow - at > BLOCKHASH_WINDOW) this.blockhashes.delete(hash)
      else break
    }
    for (const l of this.listeners) l.onSlot?.(this.slotNow)
  }

  minimumBalanceForRentExemption(size: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(size))
  }

  balance(addr: string): bigint {
    return this.account(addr)?.lamports ?? 0n
  }

  account(addr: string): AccountView | null {
    const a = this.svm.getAccount(address(addr))
    if (!a.exists) return null
    return { address: addr, lamports: a.lamports, owner: a.programAddress, executable: a.executable, data: a.data as Uint8Array }
  }

  mintDecimalsOf(mint: string): number | null {
    const known = this.mintDecimals.get(mint)
    if (known !== undefined) return known
    const acc = this.account(mint)
    if (!acc || !isTokenProgram(acc.owner) || acc.data.length < 82) return null
    const decimals = getMintDecoder().decode(acc.data.subarray(0, 82)).decimals
    this.mintDecimals.set(mint, decimals)
    return decimals
  }

  /** Reads an SPL token account (Token or Token-2022 base layout); null for anything else. */
  tokenAccount(addr: string, acc: AccountView | null = this.account(addr)): TokenAccountView | null {
    if (!acc || !isTokenProgram(acc.owner) || acc.data.length < TOKEN_ACCOUNT_SIZE) return null
    const t = getTokenDecoder().decode(acc.data.subarray(0, TOKEN_ACCOUNT_SIZE))
    const decimals = this.mintDecimalsOf(t.mint)
    if (decimals === null) return null
    const state = t.state === 2 ? 'frozen' : t.state === 1 ? 'initialized' : 'uninitialized'
    return { pubkey: addr, mint: t.mint, owner: t.owner, amount: t.amount, decimals, programId: acc.owner, state, account: acc }
  }

  /** Every token account of an owner (getTokenAccountsByOwner). */
  tokenAccountsByOwner(owner: string, filter: { mint?: string; programId?: string } = {}): TokenAccountView[] {
    const programs = filter.programId ? [filter.programId] : [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]
    const out: TokenAccountView[] = []
    for (const program of programs) {
      if (!isTokenProgram(program)) continue
      for (const a of this.svm.getProgramAccounts(address(program))) {
        const view = this.tokenAccount(a.address, {
          address: a.address,
          lamports: a.lamports,
          owner: a.programAddress,
          executable: a.executable,
          data: a.data as Uint8Array,
        })
        if (view && view.owner === owner && (!filter.mint || view.mint === filter.mint)) out.push(view)
      }
    }
    return out.sort((x, y) => (x.pubkey < y.pubkey ? -1 : 1))
  }

  /** The associated token account address of (owner, mint) under the classic token program. */
  async associatedTokenAddress(owner: string, mint: string): Promise<string> {
    const [ata] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS })
    return ata
  }

  transaction(signature: string): TxRecord | null {
    return this.records.get(signature) ?? null
  }

  /** Every landed transaction, oldest first. */
  signaturesAll(): IterableIterator<TxRecord> {
    return this.records.values()
  }

  /** Signatures that touched an address, newest first. */
  signaturesFor(addr: string): TxRecord[] {
    const sigs = this.byAddress.get(addr) ?? []
    return sigs.map((s) => this.records.get(s)!).reverse()
  }

  /** Decodes a wire transaction; a malformed one is the validator's invalid-params error. */
  parse(wire: Uint8Array): ParsedTx {
    let tx: Transaction
    let compiled: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
    try {
      tx = getTransactionDecoder().decode(wire)
      compiled = getCompiledTransactionMessageDecoder().decode(tx.messageBytes)
    } catch (error) {
      throw new RpcError(
        RPC_CODES.invalidParams,
        `failed to deserialize solana_sdk::transaction::versioned::VersionedTransaction: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    if (compiled.version !== 'legacy' && compiled.version !== 0) {
      throw new RpcError(RPC_CODES.unsupportedTransactionVersion, `Transaction version (${String(compiled.version)}) is not supported`)
    }
    const sigValues = Object.values(tx.signatures)
    const signatures = sigValues.map((s) => (s ? b58.decode(s) : '1111111111111111111111111111111111111111111111111111111111111111'))
    const header = compiled.header
    return {
      tx,
      signature: sigValues[0] ? b58.decode(sigValues[0]) : null,
      signatures,
      version: compiled.version,
      accountKeys: compiled.staticAccounts.map(String),
      header: {
        numRequiredSignatures: header.numSignerAccounts,
        numReadonlySignedAccounts: header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: header.numReadonlyNonSignerAccounts,
      },
      recentBlockhash: String('lifetimeToken' in compiled ? compiled.lifetimeToken : ''),
      instructions: (compiled.instructions ?? []).map((ix) => ({
        programIdIndex: ix.programAddressIndex,
        accounts: [...(ix.accountIndices ?? [])],
        data: b58.decode(ix.data ?? new Uint8Array(0)),
        stackHeight: null,
      })),
    }
  }

  /** Fee of a message: 5000 lamports per required signature. */
  feeFor(numRequiredSignatures: number): number {
    return numRequiredSignatures * LAMPORTS_PER_SIGNATURE
  }

  simulate(wire: Uint8Array, opts: SimulateOptions = {}): SimulateResult {
    const parsed = this.parse(wire)
    if (!opts.replaceRecentBlockhash && !this.isBlockhashValid(parsed.recentBlockhash)) {
      return { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0 }
    }
    return this.runSimulation(parsed, opts.sigVerify ?? false, opts.replaceRecentBlockhash ? this.latestBlockhash() : undefined)
  }

  private runSimulation(parsed: ParsedTx, sigVerify: boolean, replacementBlockhash?: SimulateResult['replacementBlockhash']): SimulateResult {
    if (!sigVerify) this.svm.withSigverify(false)
    try {
      const result = this.svm.simulateTransaction(parsed.tx)
      if (result instanceof FailedTransactionMetadata) {
        const meta = result.meta()
        return { err: transactionErrorJson(result.err()), logs: meta.logs(), unitsConsumed: Number(meta.computeUnitsConsumed()), ...(replacementBlockhash ? { replacementBlockhash } : {}) }
      }
      const meta = result.meta()
      const postAccounts = result.postAccounts().map((a) => ({ address: String(a.address), lamports: a.lamports, owner: a.programAddress, executable: a.executable, data: a.data as Uint8Array }))
      return { err: null, logs: meta.logs(), unitsConsumed: Number(meta.computeUnitsConsumed()), postAccounts, ...(replacementBlockhash ? { replacementBlockhash } : {}) }
    } catch (error) {
      // litesvm's JS side refuses a transaction with a missing signature before the runtime sees it.
      if (sigVerify) return { err: 'SignatureFailure', logs: [], unitsConsumed: 0 }
      throw new RpcError(RPC_CODES.invalidParams, error instanceof Error ? error.message : String(error))
    } finally {
      if (!sigVerify) this.svm.withSigverify(true)
    }
  }

  /** sendTransaction: lands the transaction (or refuses it as a validator would); resolves its signature. */
  send(wire: Uint8Array, opts: SendOptions = {}): Promise<string> {
    const run = this.queue.then(() => this.sendNow(wire, opts))
    this.queue = run.catch(() => undefined)
    return run
  }

  private sendNow(wire: Uint8Array, opts: SendOptions): string {
    const parsed = this.parse(wire)
    if (parsed.signature === null) throw new RpcError(RPC_CODES.signatureVerification, 'Transaction signature verification failure')
    const preflightFailure = (err: TxErrorJson, logs: string[] = [], unitsConsumed = 0): RpcError =>
      new RpcError(RPC_CODES.simulationFailed, `Transaction simulation failed: ${transactionErrorText(err)}`, {
        err,
        logs,
        accounts: null,
        unitsConsumed,
        returnData: null,
        innerInstructions: null,
      })
    if (this.records.has(parsed.signature)) {
      if (opts.skipPreflight) return parsed.signature
      throw preflightFailure('AlreadyProcessed')
    }
    // A validator drops a transaction whose blockhash it does not know; the devnet says so at once
    // instead of letting the client wait for an expiry that, with no slots passing, never comes.
    if (!this.isBlockhashValid(parsed.recentBlockhash)) throw preflightFailure('BlockhashNotFound')
    if (!opts.skipPreflight) {
      const sim = this.runSimulation(parsed, true)
      if (sim.err === 'SignatureFailure') throw new RpcError(RPC_CODES.signatureVerification, 'Transaction signature verification failure')
      if (sim.err !== null) throw preflightFailure(sim.err, sim.logs, sim.unitsConsumed)
    }
    const preBalances = parsed.accountKeys.map((k) => Number(this.balance(k)))
    const preTokenBalances = this.tokenBalances(parsed.accountKeys)
    let result: ReturnType<LiteSVM['sendTransaction']>
    try {
      result = this.svm.sendTransaction(parsed.tx)
    } catch {
      throw new RpcError(RPC_CODES.signatureVerification, 'Transaction signature verification failure')
    }
    const failed = result instanceof FailedTransactionMetadata ? result : null
    const err = failed ? transactionErrorJson(failed.err()) : null
    if (err === 'SignatureFailure') throw new RpcError(RPC_CODES.signatureVerification, 'Transaction signature verification failure')
    const postBalances = parsed.accountKeys.map((k) => Number(this.balance(k)))
    // A failure before execution (no fee taken) never lands, as on a validator.
    if (failed && postBalances[0] === preBalances[0]) throw preflightFailure(err!, failed.meta().logs())
    const meta = failed ? failed.meta() : (result as Exclude<typeof result, FailedTransactionMetadata>)
    this.nextSlot()
    const record: TxRecord = {
      signature: parsed.signature,
      signatures: parsed.signatures,
      slot: this.slotNow,
      blockTime: Math.floor(this.now() / 1000),
      version: parsed.version,
      wire: new Uint8Array(wire),
      accountKeys: parsed.accountKeys,
      header: parsed.header,
      recentBlockhash: parsed.recentBlockhash,
      instructions: parsed.instructions,
      fee: this.feeFor(parsed.header.numRequiredSignatures),
      err,
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances: this.tokenBalances(parsed.accountKeys),
      logs: meta.logs(),
      computeUnits: Number(meta.computeUnitsConsumed()),
    }
    this.records.set(record.signature, record)
    const touched = new Set(parsed.accountKeys)
    for (const tb of [...preTokenBalances, ...record.postTokenBalances]) touched.add(tb.owner)
    for (const key of touched) {
      const list = this.byAddress.get(key) ?? []
      list.push(record.signature)
      this.byAddress.set(key, list)
    }
    for (const l of this.listeners) l.onTransaction?.(record)
    return record.signature
  }

  private tokenBalances(keys: string[]): TokenBalance[] {
    const out: TokenBalance[] = []
    keys.forEach((key, accountIndex) => {
      const t = this.tokenAccount(key)
      if (t) out.push({ accountIndex, mint: t.mint, owner: t.owner, programId: t.programId, uiTokenAmount: uiAmount(t.amount, t.decimals) })
    })
    return out
  }

  /** requestAirdrop: a real transfer from the devnet faucet, so it has a signature and a history entry. */
  async airdrop(to: string, amount: bigint): Promise<string> {
    const { blockhash, lastValidBlockHeight } = this.latestBlockhash()
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(this.faucet, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash as Blockhash, lastValidBlockHeight: BigInt(lastValidBlockHeight) }, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: this.faucet, destination: address(to), amount }), m),
    )
    const signed = await signTransactionMessageWithSigners(message)
    return this.send(new Uint8Array(getTransactionEncoder().encode(signed)))
  }

  /** The faucet's address (the sender of every airdrop). */
  get faucetAddress(): string {
    return this.faucet.address
  }
}

export function isTokenProgram(program: string): boolean {
  return program === TOKEN_PROGRAM_ADDRESS || program === TOKEN_2022_PROGRAM_ADDRESS
}

export function decodeBase58(text: string): Uint8Array {
  return new Uint8Array(b58enc.encode(text))
}

export { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS, type Address }
