/**
 * The JSON-RPC methods of the Solana devnet, answered from the ledger in the shapes a validator
 * gives (https://solana.com/docs/rpc). Every commitment is "finalized": a landed transaction is final.
 */
import { getBase58Decoder, getCompiledTransactionMessageDecoder } from '@solana/kit'
import { SOLANA_DEVNET_GENESIS_HASH } from '../../config'
import { decodeBase58, isTokenProgram, SYSTEM_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS, type AccountView, type SimulateResult, type SolanaLedger, type TokenAccountView, type TxRecord } from './chain'
import { RPC_CODES, RpcError } from './errors'

const b58 = getBase58Decoder()
/** The u64 a validator reports as rentEpoch of every rent-exempt account. */
const RENT_EPOCH = 18446744073709551615n
const SLOTS_PER_EPOCH = 432_000
/** The Agave release whose RPC shapes the devnet follows. */
const VERSION = { 'solana-core': '2.2.0', 'feature-set': 3294202862 }

type Params = unknown[]
type Method = (params: Params) => unknown
type Config = Record<string, unknown>

function str(params: Params, index: number, what: string): string {
  const v = params[index]
  if (typeof v !== 'string' || v.length === 0) throw new RpcError(RPC_CODES.invalidParams, `Invalid params: ${what} must be a string`)
  return v
}

function pubkey(params: Params, index: number): string {
  const v = str(params, index, 'pubkey')
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(v) || safeDecode(v)?.length !== 32) throw new RpcError(RPC_CODES.invalidParams, 'Invalid param: Invalid')
  return v
}

function safeDecode(v: string): Uint8Array | null {
  try {
    return decodeBase58(v)
  } catch {
    return null
  }
}

function cfg(params: Params, index: number): Config {
  const v = params[index]
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Config) : {}
}

function bytesParam(encoded: string, encoding: unknown): Uint8Array {
  if (encoding === 'base64') return new Uint8Array(Buffer.from(encoded, 'base64'))
  if (encoding === undefined || encoding === 'base58') {
    const bytes = safeDecode(encoded)
    if (!bytes) throw new RpcError(RPC_CODES.invalidParams, 'invalid base58 encoding')
    return bytes
  }
  throw new RpcError(RPC_CODES.invalidParams, `Invalid params: unsupported encoding ${String(encoding)}`)
}

function uiAmountOf(amount: bigint, decimals: number): { amount: string; decimals: number; uiAmount: number; uiAmountString: string } {
  const whole = amount / 10n ** BigInt(decimals)
  const frac = (amount % 10n ** BigInt(decimals)).toString().padStart(decimals, '0').replace(/0+$/, '')
  const text = frac ? `${whole}.${frac}` : `${whole}`
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text }
}

export function createRpc(ledger: SolanaLedger): Record<string, Method> {
  const context = (): { slot: number; apiVersion: string } => ({ slot: ledger.slot, apiVersion: VERSION['solana-core'] })

  const encodeData = (acc: AccountView, encoding: unknown, token: TokenAccountView | null): unknown => {
    if (encoding === 'jsonParsed' && isTokenProgram(acc.owner)) {
      if (token) {
        return {
          program: acc.owner === TOKEN_PROGRAM_ADDRESS ? 'spl-token' : 'spl-token-2022',
          parsed: {
            info: { isNative: false, mint: token.mint, owner: token.owner, state: token.state, tokenAmount: uiAmountOf(token.amount, token.decimals) },
            type: 'account',
          },
          space: acc.data.length,
        }
      }
      if (acc.data.length === 82) {
        const d = acc.data
        const supply = Buffer.from(d.subarray(36, 44)).readBigUInt64LE()
        return {
          program: 'spl-token',
          parsed: {
            info: {
              decimals: d[44],
              freezeAuthority: d[46] === 1 ? b58.decode(d.subarray(50, 82)) : null,
              isInitialized: d[45] === 1,
              mintAuthority: d[0] === 1 ? b58.decode(d.subarray(4, 36)) : null,
              supply: supply.toString(),
            },
            type: 'mint',
          },
          space: 82,
        }
      }
    }
    if (encoding === 'base64' || encoding === 'jsonParsed' || encoding === 'base64+zstd') return [Buffer.from(acc.data).toString('base64'), 'base64']
    return [b58.decode(acc.data), 'base58']
  }

  const accountJson = (acc: AccountView | null, encoding: unknown): unknown =>
    acc && {
      data: encodeData(acc, encoding, encoding === 'jsonParsed' ? ledger.tokenAccount(acc.address, acc) : null),
      executable: acc.executable,
      lamports: acc.lamports,
      owner: acc.owner,
      rentEpoch: RENT_EPOCH,
      space: acc.data.length,
    }

  const status = (r: TxRecord): unknown => ({
    slot: r.slot,
    confirmations: null,
    err: r.err,
    status: r.err === null ? { Ok: null } : { Err: r.err },
    confirmationStatus: 'finalized',
  })

  const writable = (r: TxRecord, i: number): boolean => {
    const h = r.header
    if (i < h.numRequiredSignatures) return i < h.numRequiredSignatures - h.numReadonlySignedAccounts
    return i < r.accountKeys.length - h.numReadonlyUnsignedAccounts
  }

  /** The parsed form of the instructions history readers care about (SOL and SPL transfers). */
  const parsedInstruction = (r: TxRecord, ix: TxRecord['instructions'][number]): unknown => {
    const programId = r.accountKeys[ix.programIdIndex]!
    const keys = ix.accounts.map((a) => r.accountKeys[a]!)
    const data = Buffer.from(decodeBase58(ix.data))
    if (programId === SYSTEM_PROGRAM_ADDRESS && data.length === 12 && data.readUInt32LE(0) === 2) {
      return {
        program: 'system',
        programId,
        parsed: { info: { destination: keys[1], lamports: Number(data.readBigUInt64LE(4)), source: keys[0] }, type: 'transfer' },
        stackHeight: null,
      }
    }
    if (isTokenProgram(programId) && data.length === 9 && data[0] === 3) {
      return {
        program: 'spl-token',
        programId,
        parsed: { info: { amount: data.readBigUInt64LE(1).toString(), authority: keys[2], destination: keys[1], source: keys[0] }, type: 'transfer' },
        stackHeight: null,
      }
    }
    if (isTokenProgram(programId) && data.length === 10 && data[0] === 12) {
      const decimals = data[9]!
      return {
        program: 'spl-token',
        programId,
        parsed: {
          info: { authority: keys[3], destination: keys[2], mint: keys[1], source: keys[0], tokenAmount: uiAmountOf(data.readBigUInt64LE(1), decimals) },
          type: 'transferChecked',
        },
        stackHeight: null,
      }
    }
    return { accounts: keys, data: ix.data, programId, stackHeight: null }
  }

  const transactionJson = (r: TxRecord, encoding: unknown, withVersion: boolean): unknown => {
    const meta = {
      err: r.err,
      status: r.err === null ? { Ok: null } : { Err: r.err },
      fee: r.fee,
      preBalances: r.preBalances,
      postBalances: r.postBalances,
      innerInstructions: [],
      logMessages: r.logs,
      preTokenBalances: r.preTokenBalances,
      postTokenBalances: r.postTokenBalances,
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: r.computeUnits,
    }
    let transaction: unknown
    if (encoding === 'base64') transaction = [Buffer.from(r.wire).toString('base64'), 'base64']
    else if (encoding === 'base58') transaction = [b58.decode(r.wire), 'base58']
    else if (encoding === 'jsonParsed') {
      transaction = {
        signatures: r.signatures,
        message: {
          accountKeys: r.accountKeys.map((k, i) => ({ pubkey: k, signer: i < r.header.numRequiredSignatures, source: 'transaction', writable: writable(r, i) })),
          recentBlockhash: r.recentBlockhash,
          instructions: r.instructions.map((ix) => parsedInstruction(r, ix)),
          ...(r.version === 0 ? { addressTableLookups: [] } : {}),
        },
      }
    } else {
      transaction = {
        signatures: r.signatures,
        message: {
          accountKeys: r.accountKeys,
          header: r.header,
          recentBlockhash: r.recentBlockhash,
          instructions: r.instructions,
          ...(r.version === 0 ? { addressTableLookups: [] } : {}),
        },
      }
    }
    return { slot: r.slot, blockTime: r.blockTime, transaction, meta, ...(withVersion ? { version: r.version } : {}) }
  }

  const tokenAccountsByOwner = (params: Params): unknown => {
    const owner = pubkey(params, 0)
    const filter = cfg(params, 1)
    const encoding = cfg(params, 2).encoding
    if (typeof filter.mint !== 'string' && typeof filter.programId !== 'string') {
      throw new RpcError(RPC_CODES.invalidParams, 'Invalid params: missing mint or programId filter')
    }
    if (typeof filter.programId === 'string' && !isTokenProgram(filter.programId)) {
      throw new RpcError(RPC_CODES.invalidParams, `Invalid param: unrecognized Token program id`)
    }
    const list = ledger.tokenAccountsByOwner(owner, {
      ...(typeof filter.mint === 'string' ? { mint: filter.mint } : {}),
      ...(typeof filter.programId === 'string' ? { programId: filter.programId } : {}),
    })
    return { context: context(), value: list.map((t) => ({ pubkey: t.pubkey, account: accountJson(t.account, encoding) })) }
  }

  return {
    getHealth: () => 'ok',
    getVersion: () => VERSION,
    getGenesisHash: () => SOLANA_DEVNET_GENESIS_HASH,
    getIdentity: () => ({ identity: ledger.faucetAddress }),
    getSlot: () => ledger.slot,
    getBlockHeight: () => ledger.blockHeight,
    getTransactionCount: () => ledger.slot,
    getFirstAvailableBlock: () => 0,
    getEpochInfo: () => ({
      absoluteSlot: ledger.slot,
      blockHeight: ledger.blockHeight,
      epoch: Math.floor(ledger.slot / SLOTS_PER_EPOCH),
      slotIndex: ledger.slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: ledger.slot,
    }),
    getLatestBlockhash: () => ({ context: context(), value: ledger.latestBlockhash() }),
    isBlockhashValid: (params) => ({ context: context(), value: ledger.isBlockhashValid(str(params, 0, 'blockhash')) }),
    getBalance: (params) => ({ context: context(), value: ledger.balance(pubkey(params, 0)) }),
    getAccountInfo: (params) => ({ context: context(), value: accountJson(ledger.account(pubkey(params, 0)), cfg(params, 1).encoding) }),
    getMultipleAccounts: (params) => {
      const keys = params[0]
      if (!Array.isArray(keys)) throw new RpcError(RPC_CODES.invalidParams, 'Invalid params: expected an array of pubkeys')
      const encoding = cfg(params, 1).encoding
      return { context: context(), value: keys.map((_, i) => accountJson(ledger.account(pubkey(keys, i)), encoding)) }
    },
    getTokenAccountsByOwner: tokenAccountsByOwner,
    getTokenAccountBalance: (params) => {
      const t = ledger.tokenAccount(pubkey(params, 0))
      if (!t) throw new RpcError(RPC_CODES.invalidParams, 'Invalid param: could not find account')
      return { context: context(), value: uiAmountOf(t.amount, t.decimals) }
    },
    getTokenSupply: (params) => {
      const mint = pubkey(params, 0)
      const acc = ledger.account(mint)
      const decimals = ledger.mintDecimalsOf(mint)
      if (!acc || decimals === null) throw new RpcError(RPC_CODES.invalidParams, 'Invalid param: not a Token mint')
      return { context: context(), value: uiAmountOf(Buffer.from(acc.data.subarray(36, 44)).readBigUInt64LE(), decimals) }
    },
    getMinimumBalanceForRentExemption: (params) => {
      const size = params[0] ?? 0
      if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) throw new RpcError(RPC_CODES.invalidParams, 'Invalid params: data length must be a number')
      return ledger.minimumBalanceForRentExemption(size)
    },
    getFeeForMessage: (params) => {
      const bytes = bytesParam(str(params, 0, 'message'), 'base64')
      let compiled
      try {
        compiled = getCompiledTransactionMessageDecoder().decode(bytes)
      } catch {
        throw new RpcError(RPC_CODES.invalidParams, 'invalid message')
      }
      const blockhash = 'lifetimeToken' in compiled ? String(compiled.lifetimeToken) : ''
      return { context: context(), value: ledger.isBlockhashValid(blockhash) ? ledger.feeFor(compiled.header.numSignerAccounts) : null }
    },
    getRecentPrioritizationFees: () => [],
    sendTransaction: async (params) => {
      const c = cfg(params, 1)
      return ledger.send(bytesParam(str(params, 0, 'transaction'), c.encoding), { skipPreflight: c.skipPreflight === true })
    },
    simulateTransaction: (params) => {
      const c = cfg(params, 1)
      const sim = ledger.simulate(bytesParam(str(params, 0, 'transaction'), c.encoding), {
        sigVerify: c.sigVerify === true,
        replaceRecentBlockhash: c.replaceRecentBlockhash === true,
      })
      return {
        context: context(),
        value: { err: sim.err, logs: sim.logs, accounts: simulatedAccounts(c.accounts, sim, ledger, accountJson), unitsConsumed: sim.unitsConsumed, returnData: null, innerInstructions: null, ...(sim.replacementBlockhash ? { replacementBlockhash: sim.replacementBlockhash } : {}) },
      }
    },
    getSignatureStatuses: (params) => {
      const sigs = params[0]
      if (!Array.isArray(sigs)) throw new RpcError(RPC_CODES.invalidParams, 'Invalid params: expected an array of signatures')
      if (sigs.length > 256) throw new RpcError(RPC_CODES.invalidParams, 'Too many inputs provided; max 256')
      return { context: context(), value: sigs.map((s) => (typeof s === 'string' ? ledger.transaction(s) : null)).map((r) => (r ? status(r) : null)) }
    },
    getSignaturesForAddress: (params) => {
      const addr = pubkey(params, 0)
      const c = cfg(params, 1)
      const limit = typeof c.limit === 'number' ? Math.min(Math.max(1, c.limit), 1000) : 1000
      let list = ledger.signaturesFor(addr)
      if (typeof c.before === 'string') {
        const i = list.findIndex((r) => r.signature === c.before)
        list = i === -1 ? [] : list.slice(i + 1)
      }
      if (typeof c.until === 'string') {
        const i = list.findIndex((r) => r.signature === c.until)
        if (i !== -1) list = list.slice(0, i)
      }
      return list.slice(0, limit).map((r) => ({ signature: r.signature, slot: r.slot, err: r.err, memo: null, blockTime: r.blockTime, confirmationStatus: 'finalized' }))
    },
    getTransaction: (params) => {
      const r = ledger.transaction(str(params, 0, 'signature'))
      if (!r) return null
      const c = cfg(params, 1)
      const max = c.maxSupportedTransactionVersion
      if (r.version === 0 && max === undefined) {
        throw new RpcError(
          -32015,
          'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
        )
      }
      return transactionJson(r, c.encoding, max !== undefined)
    },
    getBlockTime: (params) => {
      const slot = params[0]
      const r = typeof slot === 'number' ? [...ledger.signaturesAll()].find((x) => x.slot === slot) : undefined
      return r ? r.blockTime : null
    },
    requestAirdrop: async (params) => {
      const to = pubkey(params, 0)
      const amount = params[1]
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) throw new RpcError(RPC_CODES.invalidParams, 'Invalid params: lamports must be a positive integer')
      return ledger.airdrop(to, BigInt(amount))
    },
  }
}

/** How many accounts a simulation returns at most (a validator's own bound on `accounts.addresses`). */
const MAX_SIMULATED_ACCOUNTS = 64

/**
 * simulateTransaction's `accounts`: each address asked for, as the transaction would leave it
 * (untouched accounts as they are now, a missing one null); null when none are asked for or the
 * simulation failed, as a validator answers.
 */
function simulatedAccounts(
  config: unknown,
  sim: SimulateResult,
  ledger: SolanaLedger,
  accountJson: (account: AccountView | null, encoding: unknown) => unknown,
): unknown {
  if (typeof config !== 'object' || config === null) return null
  const { addresses, encoding } = config as { addresses?: unknown; encoding?: unknown }
  if (!Array.isArray(addresses)) return null
  if (addresses.length > MAX_SIMULATED_ACCOUNTS) throw new RpcError(RPC_CODES.invalidParams, `Too many accounts provided; max ${MAX_SIMULATED_ACCOUNTS}`)
  if (sim.err !== null || sim.postAccounts === undefined) return null
  return addresses.map((_, i) => {
    const key = pubkey(addresses, i)
    return accountJson(sim.postAccounts?.find((a) => a.address === key) ?? ledger.account(key), encoding ?? 'base64')
  })
}
