/**
 * A family's SDKs are optional peer dependencies of walletgate, installed by the hosts that use
 * the family. A host that passed a family without installing one of them gets, on the first load
 * that needs it, an error naming the package to install, rather than the module loader's words.
 * Each wing's `sdk.ts` wraps its loads and reaches this module only when one fails, so it is no
 * part of any chunk a working load fetches.
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
 * What a family's load that failed rejects with: {@link MissingChainSdkError} when one of
 * `packages` (the family's SDKs) is the module that could not be found; else the error itself
 * (offline, a replaced chunk), unchanged.
 */
export function missingSdkOr(namespace: ChainNamespace, packages: readonly string[], error: unknown): unknown {
  const text = wording(error)
  // The package's own name, not one it begins (`@polkadot/util` in `@polkadot/util-crypto`).
  const named = (name: string) => text.split(name).slice(1).some((after) => !/^[\w-]/.test(after))
  const missing = NOT_FOUND.test(text) ? packages.find(named) : undefined
  return missing === undefined ? error : new MissingChainSdkError(namespace, missing, error)
}

/** An error's code and message, and those of its causes (a loader or a bundler may wrap the resolver's error). */
function wording(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return String(error)
  const own = `${String((error as { code?: unknown }).code ?? '')} ${error.message}`
  return depth < 3 && error.cause !== undefined ? `${own}\n${wording(error.cause, depth + 1)}` : own
}
