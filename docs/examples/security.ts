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
  features: { smartSessions: true },
  // A session belongs to one address on one network: a switch asks to sign in again.
  siwx: { required: true },
  services: { auth: 'http://localhost:8790' },
})

/**
 * Asks for the least a session key needs: one function of one contract, no value, for ten
 * minutes. The wallet refuses any other call the key signs; ask again for more.
 */
export async function grantMintOnly(sessionKey: `0x${string}`, pixels: `0x${string}`, nowSeconds: number) {
  const request: PermissionsRequest = {
    chainId: '0x7a69',
    expiry: nowSeconds + 600,
    signer: { type: 'key', data: { type: 'secp256k1', id: sessionKey } },
    permissions: [{ type: 'contract-call', data: { address: pixels, functions: [{ functionName: 'mint(address)' }] }, policies: [] }],
  }
  return (await modal.grantPermissions(request)).context
}
