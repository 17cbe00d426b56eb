import type { Connector } from '../../src/domain/entities'

export function aConnector(overrides: Partial<Connector> = {}): Connector {
  return {
    id: 'io.walletgate.devwallet',
    name: 'Devnet Wallet',
    type: 'ANNOUNCED',
    chain: 'eip155',
    info: { rdns: 'io.walletgate.devwallet' },
    ...overrides,
  }
}
