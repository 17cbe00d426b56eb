/** An EIP-1193 / JSON-RPC error as wallets throw them: a plain Error with a numeric `code`. */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'ProviderRpcError'
  }
}

export const userRejected = () => new ProviderRpcError(4001, 'User rejected the request.')
export const alreadyPending = (method: string) =>
  new ProviderRpcError(-32002, `Request of type '${method}' already pending. Please wait.`)
export const unauthorized = () =>
  new ProviderRpcError(4100, 'The requested account and/or method has not been authorized by the user.')
export const unknownChain = (chainId: string) =>
  new ProviderRpcError(4902, `Unrecognized chain ID "${chainId}". Try adding the chain using wallet_addEthereumChain first.`)
export const invalidParams = (message: string) => new ProviderRpcError(-32602, message)
