/**
 * The key the paymaster service signs sponsored operations with. Held as the embedded wallet's
 * key-encryption keys are: from the environment (`WALLETGATE_PAYMASTER_KEY`, or the file
 * `WALLETGATE_PAYMASTER_KEY_FILE` names), never in the database or the configuration file, and
 * never shown: the object prints its address only. A KMS can take its place behind the interface.
 */
import { privateKeyToAccount } from 'viem/accounts'
import type { Address, Hex } from 'viem'
import { ConfigError, secret } from '../config.js'

export interface PaymasterSigner {
  readonly address: Address
  /** An EIP-191 signature of the 32-byte `hash` (what the paymaster contract recovers). */
  signHash(hash: Hex): Promise<Hex>
}

export const PAYMASTER_KEY_ENV = 'WALLETGATE_PAYMASTER_KEY'

export function localPaymasterSigner(privateKey: Hex): PaymasterSigner {
  if (!/^0x[0-9a-fA-F]{64}$/.test(privateKey)) throw new ConfigError(`${PAYMASTER_KEY_ENV} must be a private key: 0x and 64 hex digits`)
  const account = privateKeyToAccount(privateKey)
  const address = account.address
  return {
    address,
    signHash: (hash) => account.signMessage({ message: { raw: hash } }),
    toJSON: () => ({ address }),
    toString: () => `PaymasterSigner(${address})`,
  } as PaymasterSigner
}

/** The signer WALLETGATE_PAYMASTER_KEY (or its _FILE) sets; undefined when neither is set. */
export function paymasterSignerFromEnv(env: NodeJS.ProcessEnv): PaymasterSigner | undefined {
  const key = secret(env, PAYMASTER_KEY_ENV)
  return key === undefined ? undefined : localPaymasterSigner(key as Hex)
}
