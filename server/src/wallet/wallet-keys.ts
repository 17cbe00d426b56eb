/**
 * The embedded wallets' keys in the database, sealed (./key-encryption.ts): each user's EVM key and
 * Solana seed made here, opened only for the moment a signature needs them, and every signature
 * recorded in `wallet_signatures` (user, method, summary, origin, time). Safe with several replicas:
 * a record is one row, and re-wrapping it under a new KEK changes only its wrapped data key, so a
 * replica that read it before still opens it (it holds both KEKs while the rotation runs).
 */
import { createPrivateKey, createPublicKey, randomBytes, sign as signBytes, type KeyObject } from 'node:crypto'
import { bytesToHex, getAddress, type Address, type Hex, type LocalAccount, type SignableMessage, type TransactionSerializable, type TypedDataDefinition } from 'viem'
import { privateKeyToAccount, toAccount } from 'viem/accounts'
import { encodeBase58 } from '../base58.js'
import type { Clock } from '../clock.js'
import type { Database, Queryable } from '../db/database.js'
import { HIDDEN_CHARACTERS } from '../storable-text.js'
import { isSolanaTransactionMessage, readSolanaTransaction, UnreadableSolanaTransactionError, type KnownSolanaToken } from './solana-transactions.js'
import { openUserKeys, rewrapUserKeys, sealUserKeys, type KeyEncryption, type SealedUserKeys, type UserSecrets } from './key-encryption.js'

export interface WalletAddresses {
  readonly evm: Address
  /** base58 of the ed25519 public key. */
  readonly solana: string
}

/** A user's keys as an export gives them. */
export interface ExportedKeys {
  readonly evmPrivateKey: Hex
  /** base58 of the 64-byte secret key (seed, then public key), as Solana wallets import it. */
  readonly solanaSecretKey: string
}

/** Who asked for a signature, for the audit table. */
export interface SignatureAudit {
  /** The origin of the page the frame approved it for. */
  readonly origin: string
}

/** The longest summary the audit table keeps of what was signed. */
export const MAX_AUDIT_SUMMARY = 200
const USER_ID = /^[\x21-\x7e]{1,128}$/
// ed25519's PKCS#8 wrapping of a 32-byte seed (RFC 8410), which node:crypto takes as a key.
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

/** Bytes asked to be signed as a message are a Solana transaction's message. */
export class SolanaMessageIsTransactionError extends Error {
  override readonly name = 'SolanaMessageIsTransactionError'
  readonly code = 'MESSAGE_IS_TRANSACTION'
  constructor() {
    super('This message is a transaction: the wallet signs it only as a transaction')
  }
}

/** No wallet for this user: create one first. */
export class NoWalletError extends Error {
  override readonly name = 'NoWalletError'
  readonly code = 'NO_WALLET'
  constructor() {
    super('This user has no wallet')
  }
}

function solanaKey(seed: Uint8Array): KeyObject {
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' })
}

/** The ed25519 public key of a Solana seed (the last 32 bytes of its SPKI form). */
function decodePublicKey(seed: Uint8Array): Uint8Array {
  const spki = createPublicKey(solanaKey(seed)).export({ format: 'der', type: 'spki' })
  return new Uint8Array(spki.subarray(spki.length - 32))
}

function addressesOf(secrets: UserSecrets): WalletAddresses {
  return { evm: privateKeyToAccount(bytesToHex(secrets.evm)).address, solana: encodeBase58(decodePublicKey(secrets.solanaSeed)) }
}

/** What is signed, as the audit table shows it: printable text, cut to its bound. */
function summaryOf(method: string, what: string): string {
  const text = what.replace(HIDDEN_CHARACTERS, ' ').trim()
  const cut = Array.from(text).slice(0, MAX_AUDIT_SUMMARY - method.length - 2).join('')
  return `${method}: ${cut}`
}

interface KeyRow {
  readonly user_id: string
  readonly kek_id: string
  readonly wrapped_key: Uint8Array
  readonly sealed: Uint8Array
}

const recordOf = (row: KeyRow): SealedUserKeys => ({ dataKey: { keyId: row.kek_id, wrapped: new Uint8Array(row.wrapped_key) }, sealed: new Uint8Array(row.sealed) })

export class WalletKeys {
  constructor(
    private readonly db: Database,
    private readonly kek: KeyEncryption,
    private readonly clock: Clock,
  ) {}

  /** The user's addresses: their wallet's, made now when they have none (two replicas at once make one). */
  async create(userId: string): Promise<WalletAddresses> {
    if (!USER_ID.test(userId)) throw new RangeError('A user id is 1 to 128 printable ASCII characters')
    const known = await this.addresses(userId)
    if (known !== undefined) return known
    const secrets: UserSecrets = { evm: new Uint8Array(randomBytes(32)), solanaSeed: new Uint8Array(randomBytes(32)) }
    try {
      const addresses = addressesOf(secrets)
      const record = await sealUserKeys(userId, secrets, this.kek)
      await this.db.query(
        `INSERT INTO wallet_keys (user_id, kek_id, wrapped_key, sealed, evm_address, solana_address, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (user_id) DO NOTHING`,
        [userId, record.dataKey.keyId, record.dataKey.wrapped, record.sealed, addresses.evm.toLowerCase(), addresses.solana, new Date(this.clock.now())],
      )
    } finally {
      secrets.evm.fill(0)
      secrets.solanaSeed.fill(0)
    }
    // The row that won, this one's or a racing replica's.
    return (await this.addresses(userId))!
  }

  async addresses(userId: string): Promise<WalletAddresses | undefined> {
    const { rows } = await this.db.query<{ evm_address: string; solana_address: string }>('SELECT evm_address, solana_address FROM wallet_keys WHERE user_id = $1', [userId])
    const row = rows[0]
    return row === undefined ? undefined : { evm: getAddress(row.evm_address), solana: row.solana_address }
  }

  /** An EIP-191 `personal_sign` of `message` with the user's EVM key, recorded. */
  async signEvmMessage(userId: string, message: string, audit: SignatureAudit): Promise<Hex> {
    return this.withSecrets(userId, 'personal_sign', message, audit, (secrets) => privateKeyToAccount(bytesToHex(secrets.evm)).signMessage({ message }))
  }

  /**
   * The user's EVM key as a viem account: each signature it makes opens the key for that moment and
   * is recorded (the EOA's own sends, typed data, a smart account's owner signatures). The account
   * holds no key; `address` is the wallet's.
   */
  evmAccount(userId: string, address: Address, audit: SignatureAudit): LocalAccount {
    const open = <T>(method: string, what: string, sign: (account: LocalAccount) => Promise<T>) =>
      this.withSecrets(userId, method, what, audit, (secrets) => sign(privateKeyToAccount(bytesToHex(secrets.evm))))
    return toAccount({
      address,
      signMessage: ({ message }: { message: SignableMessage }) =>
        open('personal_sign', typeof message === 'string' ? message : typeof message.raw === 'string' ? message.raw : bytesToHex(message.raw), (a) => a.signMessage({ message })),
      signTypedData: (typed) => {
        const definition = typed as TypedDataDefinition
        return open('eth_signTypedData_v4', `${String(definition.primaryType)} for ${String(definition.domain?.name ?? 'no app')}`, (a) => a.signTypedData(definition))
      },
      signTransaction: (transaction: TransactionSerializable, options) =>
        open('eth_sendTransaction', `to ${transaction.to ?? 'a new contract'} value ${String(transaction.value ?? 0n)} data ${(transaction.data ?? '0x').slice(0, 10)}`, (a) =>
          a.signTransaction(transaction, options),
        ),
    })
  }

  /**
   * The user's private keys in the forms wallets import (the EVM key as 0x hex; the Solana secret
   * key, seed then public key, in base58), recorded in the audit table as an export. The caller
   * shows them to the visitor only, once they logged in again.
   */
  async exportKeys(userId: string, audit: SignatureAudit): Promise<ExportedKeys> {
    return this.withSecrets(userId, 'export', 'the private keys were exported', audit, async (secrets) => {
      const publicKey = decodePublicKey(secrets.solanaSeed)
      return { evmPrivateKey: bytesToHex(secrets.evm), solanaSecretKey: encodeBase58(new Uint8Array([...secrets.solanaSeed, ...publicKey])) }
    })
  }

  /**
   * An ed25519 signature of `message` with the user's Solana key, recorded. Bytes that are a
   * transaction message are refused: they are signed as a transaction, after the visitor read it.
   * @throws SolanaMessageIsTransactionError
   */
  async signSolanaMessage(userId: string, message: Uint8Array, audit: SignatureAudit): Promise<Uint8Array> {
    if (isSolanaTransactionMessage(message)) throw new SolanaMessageIsTransactionError()
    return this.withSecrets(userId, 'solana_signMessage', new TextDecoder().decode(message), audit, (secrets) => Promise.resolve(new Uint8Array(signBytes(null, message, solanaKey(secrets.solanaSeed)))))
  }

  /**
   * The user's signature of a wire transaction's message (placed in their slot by the caller),
   * recorded with what the transaction does (`tokens`: the mints the summary names by symbol).
   * @throws UnreadableSolanaTransactionError when the bytes are not a transaction the user signs.
   */
  async signSolanaTransaction(userId: string, wire: Uint8Array, audit: SignatureAudit, tokens: readonly KnownSolanaToken[] = []): Promise<Uint8Array> {
    const view = readSolanaTransaction(wire, tokens)
    const address = (await this.addresses(userId))?.solana
    if (address === undefined) throw new NoWalletError()
    if (!view.signers.includes(address)) throw new UnreadableSolanaTransactionError()
    return this.withSecrets(userId, 'solana_signTransaction', view.summary, audit, (secrets) => Promise.resolve(new Uint8Array(signBytes(null, view.messageBytes, solanaKey(secrets.solanaSeed)))))
  }

  /**
   * Re-wraps every record not under the current KEK, `batchSize` rows a transaction (rows another
   * rotation holds are skipped, then taken up on its next pass); returns how many it re-wrapped.
   */
  async rewrapAll({ batchSize = 100 }: { batchSize?: number } = {}): Promise<number> {
    let total = 0
    for (;;) {
      const done = await this.db.transaction(async (tx) => {
        const { rows } = await tx.query<KeyRow>(
          'SELECT user_id, kek_id, wrapped_key, sealed FROM wallet_keys WHERE kek_id <> $1 ORDER BY user_id LIMIT $2 FOR UPDATE SKIP LOCKED',
          [this.kek.currentKeyId, batchSize],
        )
        for (const row of rows) {
          const record = await rewrapUserKeys(row.user_id, recordOf(row), this.kek)
          await tx.query('UPDATE wallet_keys SET kek_id = $2, wrapped_key = $3, rewrapped_at = $4 WHERE user_id = $1', [row.user_id, record.dataKey.keyId, record.dataKey.wrapped, new Date(this.clock.now())])
        }
        return rows.length
      })
      total += done
      if (done < batchSize) return total
    }
  }

  /** How many records each KEK wraps (for /metrics and the rotation's progress). */
  async recordsByKek(): Promise<Map<string, number>> {
    const { rows } = await this.db.query<{ kek_id: string; n: string }>('SELECT kek_id, count(*)::text AS n FROM wallet_keys GROUP BY kek_id')
    return new Map(rows.map((row) => [row.kek_id, Number(row.n)]))
  }

  private async withSecrets<T>(userId: string, method: string, what: string, audit: SignatureAudit, signWith: (secrets: UserSecrets) => Promise<T>): Promise<T> {
    const { rows } = await this.db.query<KeyRow>('SELECT user_id, kek_id, wrapped_key, sealed FROM wallet_keys WHERE user_id = $1', [userId])
    const row = rows[0]
    if (row === undefined) throw new NoWalletError()
    const secrets = await openUserKeys(userId, recordOf(row), this.kek)
    try {
      const result = await signWith(secrets)
      await record(this.db, userId, summaryOf(method, what), method, audit.origin, this.clock)
      return result
    } finally {
      secrets.evm.fill(0)
      secrets.solanaSeed.fill(0)
    }
  }
}

async function record(db: Queryable, userId: string, summary: string, method: string, origin: string, clock: Clock): Promise<void> {
  await db.query('INSERT INTO wallet_signatures (user_id, method, summary, origin, created_at) VALUES ($1, $2, $3, $4, $5)', [userId, method, summary, origin.slice(0, 512), new Date(clock.now())])
}
