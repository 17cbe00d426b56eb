import type { ServiceIdentifier } from 'inversify'

/**
 * Names as any ENS client reads them: through the configured chain's Universal Resolver, which
 * finds a name's resolver by walking up its labels (ENSIP-10) and follows it off-chain (CCIP-read,
 * EIP-3668) to a gateway whose signed answer the resolver checks. A name registered here, in
 * another deployment, or a plain ENS name resolves alike.
 */
export interface EnsNames {
  /**
   * The EVM address ENS gives `name`, or null when it gives none (no resolver, no record, or not a
   * name ENS can hold).
   * @throws when the chain or the name's gateway does not answer.
   */
  addressOf(name: string): Promise<string | null>
}
export const EnsNames = Symbol('EnsNames') as ServiceIdentifier<EnsNames>
