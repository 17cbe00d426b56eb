import { createWalletModal, type PermissionsRequest } from 'walletgate'

export const modal = createWalletModal({
  projectId: 'walletgate-demo',
  networks: [
    {
      id: 31337,
      chainNamespace: 'eip155',
      name: 'Devnet A',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:8545'],
    },
  ],
  // Off by default (spec section 9).
  features: { smartSessions: true },
  services: { auth: 'http://localhost:8790' },
})

/**
 * Asks the visitor's smart account for a session key your app holds (`sessionKey` is its
 * address): it may spend up to 0.05 ETH in total for one hour. The visitor confirms in the
 * wallet; `context` names the session.
 */
export async function grantSessionKey(sessionKey: `0x${string}`, nowSeconds: number) {
  const request: PermissionsRequest = {
    chainId: '0x7a69',
    expiry: nowSeconds + 3600,
    signer: { type: 'key', data: { type: 'secp256k1', id: sessionKey } },
    permissions: [
      {
        type: 'native-token-transfer',
        data: { ticker: 'ETH' },
        policies: [{ type: 'token-allowance', data: { allowance: '0xb1a2bc2ec50000' } }],
      },
    ],
  }
  const granted = await modal.grantPermissions(request)
  return granted.context
}
