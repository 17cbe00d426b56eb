import { describe, expect, it } from 'vitest'
import { firstValueFrom, filter } from 'rxjs'
import { IdentityStore } from '../../../../src/application/account/identity-store'
import { NftHoldingsStore, nftHoldings } from '../../../../src/application/account/nft-holdings'
import { orderTokenBalances } from '../../../../src/application/account/token-list'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { HttpError } from '../../../../src/ports/http-errors'
import { InMemoryActivityApi } from '../../../fakes/blockchain/in-memory-activity-api'
import { InMemoryIdentityApi } from '../../../fakes/blockchain/in-memory-identity-api'
import { aTransaction, anNftTransfer } from '../../../builders/a-transaction'
import { aNativeBalance, aTokenBalance } from '../../../builders/a-token-balance'
import { ADDRESS, RecordingLogger, connected } from './support'

const ACCOUNT = `eip155:31337:${ADDRESS}` as const

function nft(name: string, direction: 'in' | 'out', minedAt: string, overrides: { chain?: string; spam?: boolean } = {}) {
  return aTransaction({
    metadata: { minedAt, operationType: direction === 'in' ? 'receive' : 'send', chain: overrides.chain ?? 'eip155:31337' },
    transfers: [
      anNftTransfer(overrides.spam ?? false, {
        direction,
        nft_info: {
          name,
          content: { preview: { url: `https://example.test/${encodeURIComponent(name)}.svg` } },
          flags: { is_spam: overrides.spam ?? false },
        },
      }),
    ],
  })
}

describe('nftHoldings', () => {
  it('keeps what came in and did not go out, newest first', () => {
    const history = [
      nft('Pixels #3', 'in', '2025-03-04T00:00:00Z'),
      nft('Pixels #1', 'out', '2025-03-03T00:00:00Z'),
      nft('Pixels #2', 'in', '2025-03-02T00:00:00Z'),
      nft('Pixels #1', 'in', '2025-03-01T00:00:00Z'),
    ]
    expect(nftHoldings(history).map((n) => n.name)).toEqual(['Pixels #3', 'Pixels #2'])
  })

  it('skips spam NFTs and failed transactions', () => {
    const failed = nft('Pixels #5', 'in', '2025-03-05T00:00:00Z')
    const history = [
      { ...failed, metadata: { ...failed.metadata, status: 'failed' as const } },
      nft('Free Airdrop', 'in', '2025-03-04T00:00:00Z', { spam: true }),
      nft('Pixels #2', 'in', '2025-03-02T00:00:00Z'),
    ]
    expect(nftHoldings(history).map((n) => n.name)).toEqual(['Pixels #2'])
  })
})

describe('NftHoldingsStore', () => {
  it('reads every history page of the connected network', async () => {
    const transactions = [
      nft('Pixels #9', 'in', '2025-04-01T00:00:00Z', { chain: 'eip155:31338' }),
      ...Array.from({ length: 25 }, (_, i) => nft(`Pixels #${i + 1}`, 'in', `2025-03-${String(i + 1).padStart(2, '0')}T00:00:00Z`)).reverse(),
    ]
    const api = new InMemoryActivityApi({ supportedChains: ['eip155:31337'], transactions: { [ACCOUNT]: transactions } })
    const connection = new ConnectionStore()
    connection.set(connected('eip155:31337'))
    const store = new NftHoldingsStore(connection, api, new RecordingLogger())
    await store.load()
    const state = store.snapshot
    expect(state.status).toBe('ready')
    if (state.status !== 'ready') return
    expect(state.nfts).toHaveLength(25)
    expect(state.nfts[0]?.name).toBe('Pixels #25')
    expect(api.calls.filter((c) => c === 'getTransactions')).toHaveLength(2)
  })

  it('reports a history failure as an error state and a warning', async () => {
    const api = new InMemoryActivityApi({ supportedChains: ['eip155:31337'] })
    api.failNext('getTransactions', new HttpError(new Response(null, { status: 500 })))
    const connection = new ConnectionStore()
    connection.set(connected('eip155:31337'))
    const logger = new RecordingLogger()
    const store = new NftHoldingsStore(connection, api, logger)
    await store.load()
    expect(store.snapshot.status).toBe('error')
    expect(logger.warnings).toHaveLength(1)
  })

  it('is idle when no wallet is connected', async () => {
    const store = new NftHoldingsStore(new ConnectionStore(), new InMemoryActivityApi(), new RecordingLogger())
    await store.load()
    expect(store.snapshot.status).toBe('idle')
  })
})

describe('IdentityStore', () => {
  it('loads the name and avatar of the connected account', async () => {
    const api = InMemoryIdentityApi.withNames({
      supportedChains: ['eip155:31337'],
      names: [
        {
          name: 'alice.wg.id',
          registered_at: '2025-01-01T00:00:00Z',
          updated_at: '2025-01-01T00:00:00Z',
          addresses: { '60': { address: ADDRESS, created: '2025-01-01T00:00:00Z' } },
          attributes: { avatar: 'https://example.test/alice.png' },
        },
      ],
    })
    const connection = new ConnectionStore()
    const store = new IdentityStore(connection, api, new RecordingLogger())
    const ready = firstValueFrom(store.state$.pipe(filter((s) => s.status === 'ready')))
    connection.set(connected('eip155:31337'))
    const state = await ready
    expect(state).toMatchObject({ status: 'ready', identity: { name: 'alice.wg.id', avatar: 'https://example.test/alice.png' } })
  })

  it("never shows one address's name for another while the other's loads", async () => {
    const at = '2025-01-01T00:00:00Z'
    const api = InMemoryIdentityApi.withNames({
      supportedChains: ['eip155:31337'],
      names: [{ name: 'alice.wg.id', registered_at: at, updated_at: at, addresses: { '60': { address: ADDRESS, created: at } }, attributes: {} }],
    })
    const connection = new ConnectionStore()
    const store = new IdentityStore(connection, api, new RecordingLogger())
    const seen: string[] = []
    store.state$.subscribe((s) => seen.push(s.status === 'ready' ? `${s.caipAddress}=${String(s.identity.name)}` : s.status))
    connection.set(connected('eip155:31337'))
    await firstValueFrom(store.state$.pipe(filter((s) => s.status === 'ready')))
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    connection.set(connected('eip155:31337', other))
    expect(store.snapshot.status).toBe('loading')
    await firstValueFrom(store.state$.pipe(filter((s) => s.status === 'ready')))
    expect(seen).toEqual(['idle', 'loading', `eip155:31337:${ADDRESS}=alice.wg.id`, 'loading', `eip155:31337:${other}=null`])
  })

  it('takes a name just registered at once, for the account it was registered for only', async () => {
    const api = InMemoryIdentityApi.withNames({ supportedChains: ['eip155:31337'] })
    const connection = new ConnectionStore()
    const store = new IdentityStore(connection, api, new RecordingLogger())
    const ready = firstValueFrom(store.state$.pipe(filter((s) => s.status === 'ready')))
    connection.set(connected('eip155:31337'))
    await ready
    store.setProfileName('eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'other.wg.id')
    expect(store.snapshot).toMatchObject({ identity: { name: null } })
    store.setProfileName(`eip155:31337:${ADDRESS}`, 'alice.wg.id')
    expect(store.snapshot).toMatchObject({ status: 'ready', identity: { name: 'alice.wg.id', avatar: null } })
  })

  it('turns a failed lookup into an error state and a warning, not an exception', async () => {
    const api = InMemoryIdentityApi.withNames({ supportedChains: ['eip155:31337'] })
    api.failNext('getIdentity', new HttpError(new Response(null, { status: 500 })))
    const connection = new ConnectionStore()
    const logger = new RecordingLogger()
    const store = new IdentityStore(connection, api, logger)
    const failed = firstValueFrom(store.state$.pipe(filter((s) => s.status === 'error')))
    connection.set(connected('eip155:31337'))
    await failed
    expect(logger.warnings).toEqual(['Identity lookup failed'])
  })
})

describe('orderTokenBalances', () => {
  it('puts the native token first even when worth less, then sorts by fiat value and keeps ties in order', () => {
    const list = orderTokenBalances([
      aTokenBalance({ symbol: 'A', value: 5 }),
      aTokenBalance({ symbol: 'B', value: 7 }),
      aTokenBalance({ symbol: 'C', value: 5 }),
      aNativeBalance({ value: 0 }),
      aTokenBalance({ symbol: 'D', value: 100, quantity: { decimals: '0', numeric: '1' } }),
    ])
    expect(list.map((t) => t.symbol)).toEqual(['ETH', 'B', 'A', 'C'])
  })
})
