import type { Transaction, TransactionMetadata, TransactionTransfer } from '../../src/domain/transactions/transaction'

let counter = 0

/** A distinct lowercase hash for each call. */
export function aHash(n: number = ++counter): string {
  return `0x${n.toString(16).padStart(64, '0')}`
}

export function aFungibleTransfer(overrides: Partial<TransactionTransfer> = {}): TransactionTransfer {
  return {
    fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'https://example.test/eth.svg' } },
    direction: 'out',
    quantity: { numeric: '0.1' },
    ...overrides,
  }
}

export function anNftTransfer(isSpam: boolean, overrides: Partial<TransactionTransfer> = {}): TransactionTransfer {
  return {
    nft_info: {
      name: isSpam ? 'Free Airdrop' : 'Walletgate Pass',
      content: { preview: { url: 'https://example.test/nft.png' } },
      flags: { is_spam: isSpam },
    },
    direction: 'in',
    quantity: { numeric: '1' },
    ...overrides,
  }
}

export function aTransaction(
  overrides: { id?: string; metadata?: Partial<TransactionMetadata>; transfers?: TransactionTransfer[] } = {},
): Transaction {
  const hash = overrides.id ?? aHash()
  return {
    id: hash.toLowerCase(),
    metadata: {
      operationType: 'send',
      hash,
      minedAt: '2025-03-15T12:00:00.000Z',
      sentFrom: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      sentTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      status: 'confirmed',
      nonce: 0,
      chain: 'eip155:31337',
      ...overrides.metadata,
    },
    transfers: overrides.transfers ?? [aFungibleTransfer()],
  }
}
