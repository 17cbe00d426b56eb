/** The ConnectionStore's state of a Devnet Wallet account connected on an eip155 chain. */
export function aConnectedEvmAccount(address: string, chainId: number) {
  return {
    status: 'connected',
    connectorId: 'dev.walletgate.devnet',
    namespace: 'eip155',
    caipAddress: `eip155:${chainId}:${address}`,
    address,
    caipNetworkId: `eip155:${chainId}`,
  } as const
}
