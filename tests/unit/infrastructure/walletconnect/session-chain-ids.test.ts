/** A WalletConnect session's chain ids and peer name are untrusted: malformed ids are refused, names bounded. */
import { VirtualAction, VirtualTimeScheduler } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { UniversalProviderWalletConnect } from '../../../../src/infrastructure/wallets/walletconnect/universal-provider-wallet-connect'
import type { WalletEvent } from '../../../../src/ports/chain-family'
import { FakeUniversalProvider } from '../../../fakes/fake-universal-provider'
import { ManualClock } from '../../../fakes/manual-clock'

const ADDRESS = '0x1111111111111111111111111111111111111111'

function aRestoredSession(options: { accounts: string[]; chainId: unknown; peerName?: string }) {
  const sdk = new FakeUniversalProvider()
  // The fake knows no sessions: this one is restored as if persisted by an earlier page load.
  Object.assign(sdk, {
    session: {
      topic: 't1',
      expiry: 2_000_000,
      namespaces: { eip155: { accounts: options.accounts } },
      peer: { metadata: { name: options.peerName ?? 'Peer Wallet', url: 'https://peer.example', icons: [] } },
    },
    request: ({ method }: { method: string }) => Promise.resolve(method === 'eth_chainId' ? options.chainId : [ADDRESS]),
  })
  const adapter = new UniversalProviderWalletConnect({
    projectId: 'walletgate-test',
    relayUrl: 'ws://127.0.0.1:1',
    metadata: { name: 'Walletgate', description: '', url: 'http://127.0.0.1', icons: [] },
    networks: [],
    clock: new ManualClock(1_000_000),
    scheduler: new VirtualTimeScheduler(VirtualAction, Infinity),
    logger: { debug: () => undefined, warn: () => undefined, error: () => undefined },
    load: sdk.loader(),
  })
  return { adapter, sdk }
}

describe('WalletConnect session parsing', () => {
  it('a session whose eth_chainId is beyond the safe integers is refused as malformed', async () => {
    for (const chainId of ['0x20000000000000', 9007199254740993, '0x0', 'banana']) {
      const { adapter } = aRestoredSession({ accounts: [`eip155:31337:${ADDRESS}`], chainId })
      await expect(adapter.restore()).rejects.toThrow('The wallet reported a malformed chain id')
    }
  })

  it('approved networks drop malformed ids; the peer name is bounded to 64 characters', async () => {
    const { adapter } = aRestoredSession({
      accounts: [`eip155:31337:${ADDRESS}`, `eip155:99999999999999999999:${ADDRESS}`, `eip155:1.5:${ADDRESS}`],
      chainId: '0x7a69',
      peerName: 'W'.repeat(5_000_000),
    })
    const session = await adapter.restore()
    expect(session).toMatchObject({ caipNetworkId: 'eip155:31337', approvedNetworks: ['eip155:31337'] })
    expect(session?.peer.name).toBe('W'.repeat(64))
  })

  it('a chainChanged to an unsafe id is ignored', async () => {
    const { adapter, sdk } = aRestoredSession({ accounts: [`eip155:31337:${ADDRESS}`], chainId: '0x7a69' })
    await adapter.restore()
    const events: WalletEvent[] = []
    adapter.events$.subscribe((e) => events.push(e as WalletEvent))
    const emit = (chainId: unknown) => {
      for (const l of (sdk as unknown as { listeners: Map<string, Set<(c: unknown) => void>> }).listeners.get('chainChanged') ?? []) l(chainId)
    }
    emit('9007199254740993')
    emit('eip155:99999999999999999999')
    emit(31338)
    expect(events).toEqual([{ type: 'chainChanged', connectorId: 'walletConnect', caipNetworkId: 'eip155:31338' }])
  })
})
