/**
 * Farcaster's Id and Key registries as the devnet has them: two stub contracts
 * (DevnetFarcasterRegistries.sol, compiled by solc 0.8.28 with the optimizer at 200 runs for
 * cancun; a contract test compiles the source again and compares) placed at their canonical
 * Optimism addresses on Devnet A with `anvil_setCode`, and the seeded fids written into the
 * Id registry's storage. Sign-in verification then reads real on-chain state through the same
 * calls it makes on Optimism (`idOf`, `keyDataOf`).
 */
import { createPublicClient, encodeAbiParameters, http, keccak256, pad, toHex, type Address, type Hex } from 'viem'

/** The addresses `@farcaster/auth-client` reads (its viem connector's constants). */
export const FARCASTER_ID_REGISTRY: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
export const FARCASTER_KEY_REGISTRY: Address = '0x00000000fc1237824fb747abde0ff18990e59b7e'

/** Runtime bytecode of DevnetIdRegistry. */
export const DEVNET_ID_REGISTRY_CODE: Hex = '0x6080604052348015600e575f5ffd5b50600436106030575f3560e01c806365269e47146034578063d94fe832146076575b5f5ffd5b6059603f366004609f565b60016020525f90815260409020546001600160a01b031681565b6040516001600160a01b0390911681526020015b60405180910390f35b6092608136600460b5565b5f6020819052908152604090205481565b604051908152602001606d565b5f6020828403121560ae575f5ffd5b5035919050565b5f6020828403121560c4575f5ffd5b81356001600160a01b038116811460d9575f5ffd5b939250505056fea2646970667358221220134f059352cc77b8012f6571979617684dd25a3fe1ec345c6dcd242cb37fd07064736f6c634300081c0033'
/** Runtime bytecode of DevnetKeyRegistry. */
export const DEVNET_KEY_REGISTRY_CODE: Hex = '0x608060405234801561000f575f5ffd5b5060043610610029575f3560e01c8063ac34cc5a1461002d575b5f5ffd5b61004061003b3660046100d2565b610068565b60408051825160ff16815260209283015163ffffffff16928101929092520160405180910390f35b604080518082019091525f80825260208201525f848152602081905260409081902090516100999085908590610149565b908152604080519182900360209081018320838301909252905460ff8116835263ffffffff610100909104169082015290509392505050565b5f5f5f604084860312156100e4575f5ffd5b83359250602084013567ffffffffffffffff811115610101575f5ffd5b8401601f81018613610111575f5ffd5b803567ffffffffffffffff811115610127575f5ffd5b866020828401011115610138575f5ffd5b939660209190910195509293505050565b818382375f910190815291905056fea264697066735822122032606d4ca7c68d92c3956be76682a0b162f0d24b39a12c391b7ffb040cc3a3e364736f6c634300081c0033'

/** The storage slot of `idOf[custody]` (mapping at slot 0). */
export function idOfSlot(custody: Address): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [custody, 0n]))
}

/** The storage slot of `custodyOf[fid]` (mapping at slot 1). */
export function custodyOfSlot(fid: number): Hex {
  return keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [BigInt(fid), 1n]))
}

/**
 * Puts both registries on the chain behind `rpcUrl` and registers each fid to its custody
 * address. Writes state directly (no transactions): it needs no funded key and takes no nonce
 * another part might be using; running it again is harmless.
 */
export async function installFarcasterRegistries(rpcUrl: string, fids: readonly { readonly fid: number; readonly custody: Address }[]): Promise<void> {
  const client = createPublicClient({ transport: http(rpcUrl) })
  const call = (method: string, params: unknown[]): Promise<unknown> => client.request({ method: method as never, params: params as never })
  await call('anvil_setCode', [FARCASTER_ID_REGISTRY, DEVNET_ID_REGISTRY_CODE])
  await call('anvil_setCode', [FARCASTER_KEY_REGISTRY, DEVNET_KEY_REGISTRY_CODE])
  for (const { fid, custody } of fids) {
    await call('anvil_setStorageAt', [FARCASTER_ID_REGISTRY, idOfSlot(custody), pad(toHex(fid), { size: 32 })])
    await call('anvil_setStorageAt', [FARCASTER_ID_REGISTRY, custodyOfSlot(fid), pad(custody, { size: 32 })])
  }
}
