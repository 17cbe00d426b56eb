/**
 * A family's SDKs are optional peer dependencies of walletgate, installed by the hosts that use
 * the family. A host that passed a family without installing one of them gets, on the first load
 * that needs it, an error naming the package to install, rather than the module loader's words.
 */
import type { ChainNamespace } from '../../domain/entities'

export class MissingChainSdkError extends Error {
  override readonly name = 'MissingChainSdkError' as const
  readonly code = 'MISSING_CHAIN_SDK' as const

  constructor(
    readonly namespace: ChainNamespace,
    /** The package to install, e.g. `@solana/web3.js`. */
    readonly packageName: string,
    cause: unknown,
  ) {
    super(`The ${namespace} chain family needs ${packageName}, an optional peer dependency of walletgate: install it (npm install ${packageName})`, { cause })
  }
}

/** How Node, browsers and bundlers word a module they cannot find (the package's name follows or precedes). */
const NOT_FOUND = /cannot find (?:package|module)|failed to resolve|could not resolve|bare specifier|ERR_MODULE_NOT_FOUND/i

/**
 * Wraps a family's module loads: a load that fails because one of `packages` is not installed
 * rejects {@link MissingChainSdkError} naming it; any other failure (offline, a replaced chunk) is
 * passed on unchanged.
 */
export function sdkLoader(namespace: ChainNamespace, packages: readonly string[]) {
  return <T>(load: () => Promise<T>): Promise<T> =>
    load().catch((error: unknown) => {
      const text = wording(error)
      // The package's own name, not one it begins (`@polkadot/util` in `@polkadot/util-crypto`).
      const named = (name: string) => text.split(name).slice(1).some((after) => !/^[\w-]/.test(after))
      const missing = NOT_FOUND.test(text) ? packages.find(named) : undefined
      throw missing === undefined ? error : new MissingChainSdkError(namespace, missing, error)
    })
}

/** An error's code and message, and those of its causes (a loader or a bundler may wrap the resolver's error). */
function wording(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return String(error)
  const own = `${String((error as { code?: unknown }).code ?? '')} ${error.message}`
  return depth < 3 && error.cause !== undefined ? `${own}\n${wording(error.cause, depth + 1)}` : own
}
