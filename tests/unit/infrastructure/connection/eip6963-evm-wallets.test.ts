// @vitest-environment jsdom
import { firstValueFrom } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { Eip6963EvmWallets, LEGACY_INJECTED_ID, type BrowserWindow } from '../../../../src/infrastructure/chains/eip155/eip6963-evm-wallets'
import { WalletRequestError, type WalletEvent } from '../../../../src/ports/chain-family'
import { RecordingLogger } from '../../application/connection/world'

type Listener = (...args: unknown[]) => void

class StubProvider {
  readonly requests: string[] = []
  private readonly listeners = new Map<string, Set<Listener>>()
  constructor(private readonly answers: Record<string, unknown | (() => unknown)>) {}
  async request({ method }: { method: string }): Promise<unknown> {
    this.requests.push(method)
    const answer = this.answers[method]
    const value = typeof answer === 'function' ? (answer as () => unknown)() : answer
    if (value instanceof Error || (typeof value === 'object' && value !== null && 'code' in value && !Array.isArray(value))) throw value
    return value
  }
  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set())
    this.listeners.get(event)?.add(listener)
  }
  removeListener(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener)
  }
  emit(event: string, ...args: unknown[]) {
    for (const l of this.listeners.get(event) ?? []) l(...args)
  }
  listenerCount(): number {
    return [...this.listeners.values()].reduce((n, s) => n + s.size, 0)
  }
}

const ADDRESS = '0x1111111111111111111111111111111111111111'

function setup(legacy?: unknown) {
  const win = window as unknown as BrowserWindow
  win.ethereum = legacy
  const logger = new RecordingLogger()
  const wallets = new Eip6963EvmWallets(logger, () => win)
  return { wallets, logger }
}

function announce(info: Record<string, unknown>, provider: unknown) {
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
}

describe('Eip6963EvmWallets', () => {
  it('asks for announcements and lists each rdns once; the legacy provider is dropped when it is announced', () => {
    const provider = new StubProvider({})
    const { wallets } = setup(provider)
    let requested = 0
    const onRequest = () => {
      requested++
      announce({ uuid: '1', rdns: 'dev.walletgate.devnet', name: 'Devnet Wallet', icon: 'data:image/png,x' }, provider)
      announce({ uuid: '1', rdns: 'dev.walletgate.devnet', name: 'Devnet Wallet', icon: 'data:image/png,x' }, provider)
    }
    window.addEventListener('eip6963:requestProvider', onRequest)
    wallets.startDiscovery()
    window.removeEventListener('eip6963:requestProvider', onRequest)
    expect(requested).toBe(1)
    expect(wallets.connectors.map((c) => [c.id, c.type, c.name])).toEqual([['dev.walletgate.devnet', 'ANNOUNCED', 'Devnet Wallet']])
  })

  it('keeps a legacy provider that no announcement matches, and ignores malformed announcements', () => {
    const { wallets, logger } = setup(new StubProvider({}))
    wallets.startDiscovery()
    announce({ rdns: '', name: 'No rdns' }, new StubProvider({}))
    announce({ rdns: 'x.y', name: 'No provider' }, { notRequest: true })
    expect(wallets.connectors.map((c) => c.id)).toEqual([LEGACY_INJECTED_ID])
    expect(logger.warnings).toHaveLength(2)
  })

  it('connects with eth_requestAccounts and eth_chainId and follows the wallet events', async () => {
    const provider = new StubProvider({ eth_requestAccounts: [ADDRESS], eth_chainId: '0x7a69', wallet_revokePermissions: null })
    const { wallets } = setup()
    wallets.startDiscovery()
    announce({ rdns: 'a.wallet', name: 'A', icon: '' }, provider)
    const account = await wallets.connect('a.wallet')
    expect(account).toEqual({ connectorId: 'a.wallet', namespace: 'eip155', addresses: [ADDRESS], caipNetworkId: 'eip155:31337' })
    const events: WalletEvent[] = []
    wallets.events$.subscribe((e) => events.push(e))
    provider.emit('chainChanged', '0x7a6a')
    provider.emit('accountsChanged', [])
    expect(events).toEqual([
      { type: 'chainChanged', connectorId: 'a.wallet', caipNetworkId: 'eip155:31338' },
      { type: 'accountsChanged', connectorId: 'a.wallet', addresses: [] },
    ])
    await wallets.disconnect('a.wallet')
    expect(provider.listenerCount()).toBe(0)
    expect(provider.requests).toContain('wallet_revokePermissions')
  })

  it('turns wallet rejections into WalletRequestError with the wallet code', async () => {
    const provider = new StubProvider({ eth_requestAccounts: { code: 4001, message: 'User rejected the request.' } })
    const { wallets } = setup()
    wallets.startDiscovery()
    announce({ rdns: 'a.wallet', name: 'A' }, provider)
    const failure = await wallets.connect('a.wallet').catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(WalletRequestError)
    expect((failure as WalletRequestError).isUserRejection).toBe(true)
  })

  it('reconnects silently with eth_accounts and answers null when the site is not authorised', async () => {
    const authorised = new StubProvider({ eth_accounts: [ADDRESS], eth_chainId: '0x7a69' })
    const forgotten = new StubProvider({ eth_accounts: [] })
    const { wallets } = setup()
    wallets.startDiscovery()
    announce({ rdns: 'a.wallet', name: 'A' }, authorised)
    announce({ rdns: 'b.wallet', name: 'B' }, forgotten)
    await expect(wallets.reconnect('a.wallet')).resolves.toMatchObject({ addresses: [ADDRESS] })
    await expect(wallets.reconnect('b.wallet')).resolves.toBeNull()
    await expect(wallets.reconnect('c.wallet')).resolves.toBeNull()
    expect(authorised.requests).not.toContain('eth_requestAccounts')
    expect((await firstValueFrom(wallets.connectors$)).length).toBe(2)
  })
})

describe('Eip6963EvmWallets: chain ids outside the safe integers', () => {
  it.each(['0x20000000000000', '0xffffffffffffffffffff', '9007199254740993', '0x0', '0', 1.5, -1, 2 ** 53])(
    'a wallet on %j cannot connect: the chain id is malformed, not rounded to another chain',
    async (chainId) => {
      const provider = new StubProvider({ eth_requestAccounts: [ADDRESS], eth_chainId: chainId })
      const { wallets } = setup()
      wallets.startDiscovery()
      announce({ rdns: 'a.wallet', name: 'A' }, provider)
      const failure = await wallets.connect('a.wallet').catch((e: unknown) => e)
      expect(failure).toBeInstanceOf(WalletRequestError)
      expect((failure as Error).message).toBe('The wallet reported a malformed chain id')
    },
  )

  it('a chainChanged to an unsafe chain id is ignored; the largest safe one is kept exactly', async () => {
    const provider = new StubProvider({ eth_requestAccounts: [ADDRESS], eth_chainId: '0x7a69' })
    const { wallets } = setup()
    wallets.startDiscovery()
    announce({ rdns: 'a.wallet', name: 'A' }, provider)
    await wallets.connect('a.wallet')
    const events: WalletEvent[] = []
    wallets.events$.subscribe((e) => events.push(e))
    provider.emit('chainChanged', '0x20000000000001')
    provider.emit('chainChanged', '0x1fffffffffffff')
    expect(events).toEqual([{ type: 'chainChanged', connectorId: 'a.wallet', caipNetworkId: `eip155:${String(Number.MAX_SAFE_INTEGER)}` }])
  })
})
