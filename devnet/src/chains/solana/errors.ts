/**
 * litesvm reports a failed transaction as class instances (an enum index, or an object with
 * err()/index/code); JSON-RPC clients expect the validator's JSON form of TransactionError
 * ("BlockhashNotFound", {"InstructionError":[0,{"Custom":1}]}) and its Display text.
 */

/** Order of litesvm's TransactionErrorFieldless enum (the validator's TransactionError names). */
export const TRANSACTION_ERRORS = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const

/** Order of litesvm's InstructionErrorFieldless enum. */
const INSTRUCTION_ERRORS = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall',
  'InsufficientFunds', 'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized',
  'UninitializedAccount', 'UnbalancedInstruction', 'ModifiedProgramId', 'ExternalAccountLamportSpend',
  'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified', 'DuplicateAccountIndex',
  'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged', 'AccountNotExecutable',
  'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId',
  'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc',
  'ComputationalBudgetExceeded', 'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete',
  'ProgramFailedToCompile', 'Immutable', 'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner',
  'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner', 'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded', 'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
] as const

/** The JSON a validator gives for a TransactionError. */
export type TxErrorJson = string | Record<string, unknown>

interface WithIndex {
  index: number
}

function instructionErrorJson(e: unknown): TxErrorJson {
  if (typeof e === 'number') return INSTRUCTION_ERRORS[e] ?? 'GenericError'
  if (e && typeof e === 'object' && 'code' in e && typeof (e as { code: unknown }).code === 'number') return { Custom: (e as { code: number }).code }
  return { BorshIoError: String(e) }
}

/** Converts litesvm's FailedTransactionMetadata.err() into the validator's JSON. */
export function transactionErrorJson(err: unknown): TxErrorJson {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? 'SanitizeFailure'
  if (err && typeof err === 'object') {
    const name = err.constructor?.name ?? ''
    if (name.includes('InstructionError') && 'err' in err && typeof (err as { err: unknown }).err === 'function') {
      return { InstructionError: [(err as unknown as WithIndex).index, instructionErrorJson((err as { err(): unknown }).err())] }
    }
    if (name.includes('DuplicateInstruction')) return { DuplicateInstruction: (err as WithIndex).index }
    if (name.includes('InsufficientFundsForRent')) return { InsufficientFundsForRent: { account_index: (err as { accountIndex: number }).accountIndex } }
    if (name.includes('ProgramExecutionTemporarilyRestricted')) {
      return { ProgramExecutionTemporarilyRestricted: { account_index: (err as { accountIndex: number }).accountIndex } }
    }
  }
  return 'SanitizeFailure'
}

const TX_ERROR_TEXT: Record<string, string> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  AccountInUse: 'Account in use',
}

const INSTRUCTION_ERROR_TEXT: Record<string, string> = {
  InsufficientFunds: 'insufficient funds for instruction',
  InvalidAccountData: 'invalid account data for instruction',
  InvalidInstructionData: 'invalid instruction data',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  IncorrectProgramId: 'incorrect program id for instruction',
  InvalidArgument: 'invalid program argument',
}

/** The validator's Display text of a TransactionError (what "Transaction simulation failed: …" carries). */
export function transactionErrorText(err: TxErrorJson): string {
  if (typeof err === 'string') return TX_ERROR_TEXT[err] ?? err
  if ('InstructionError' in err) {
    const [index, inner] = err.InstructionError as [number, TxErrorJson]
    const text =
      typeof inner === 'string'
        ? (INSTRUCTION_ERROR_TEXT[inner] ?? inner)
        : 'Custom' in inner
          ? `custom program error: 0x${(inner.Custom as number).toString(16)}`
          : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${text}`
  }
  if ('InsufficientFundsForRent' in err) {
    return `Transaction results in an account (${(err.InsufficientFundsForRent as { account_index: number }).account_index}) with insufficient funds for rent`
  }
  return JSON.stringify(err)
}

/** A JSON-RPC error with the validator's code, message and data. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** JSON-RPC codes a Solana validator uses. */
export const RPC_CODES = {
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  parse: -32700,
  simulationFailed: -32002,
  signatureVerification: -32003,
  unsupportedTransactionVersion: -32015,
} as const
