/**
 * When pending requests are rejected, pending unsafe requests (signing or sending) are aborted;
 * read-only RPC methods are safe and keep running (spec section 8). A method is safe when it
 * only reads chain or wallet state.
 */

export const SAFE_RPC_METHODS: readonly string[] = [
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_syncing',
  'net_listening',
  'net_version',
  'web3_clientVersion',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
]

/** True for a read-only method; everything else (signing, sending, switching) is unsafe. */
export function isSafeRpcMethod(method: string): boolean {
  return SAFE_RPC_METHODS.includes(method)
}

/** The pending requests to abort when pending requests are rejected: the unsafe ones. */
export function requestsToAbort<T extends { method: string }>(pending: readonly T[]): T[] {
  return pending.filter((r) => !isSafeRpcMethod(r.method))
}
