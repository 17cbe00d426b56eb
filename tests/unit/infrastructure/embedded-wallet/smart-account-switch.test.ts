/**
 * The embedded wallet's two EVM accounts on the host side: the AUTH connection offers the smart
 * account and the EOA when the wallet has both, the eip155 family switches between them through
 * the port's optional account-type switch (only for the AUTH connector), and the provider, the
 * user and the smart account's deployment status follow.
 */
import { describe, expect, it } from 'vitest'
import { BehaviorSubject, Subject, firstValueFrom, type Observable } from 'rxjs'
import { SNACK_MESSAGES } from '../../../../src/domain/messages'
import { FrameEmbeddedWallet } from '../../../../src/infrastructure/embedded-wallet/frame-embedded-wallet'
import { AuthConnectorSource } from '../../../../src/infrastructure/embedded-wallet/auth-connector-source'
import { Eip155ChainFamily } from '../../../../src/infrastructure/chains/eip155/eip155-chain-family'
import type { ConnectorSource } from '../../../../src/infrastructure/chains/connector-source'
import type { FrameClient } from '../../../../src/infrastructure/embedded-wallet/frame-client'
import type { FrameEvent } from '../../../../src/infrastructure/embedded-wallet/frame-protocol'
import { EmbeddedSession } from '../../../../src/application/embedded-wallet/embedded-session'
import { connectedAccount } from '../../../../src/application/connection/connected-state'
import { signatureFailureSnack } from '../../../../src/domain/siwx/siwx-rules'
import { WalletRequestError, type WalletEvent } from '../../../../src/ports/chain-family'
import { EmbeddedWalletRequestError } from '../../../../src/ports/embedded-wallet'
import type { Eip1193Provider } from '../../../../src/domain/chains/wallet-providers'
import type { Connector } from '../../../../src/domain/entities'
import { InMemoryKeyValueStorage } from '../../../fakes/in-memory-key-value-storage'

const SMART = '0x5555555555555555555555555555555555555555'
const EOA = '0x1111111111111111111111111111111111111111'

/** A frame that answers like the devnet's: the user starts on `type`; SET_PREFERRED_ACCOUNT moves them. */
function aFrameClient(options: { smart?: boolean; deployed?: boolean; refuse?: string } = {}) {
  const smart = options.smart ?? true
  let type: 'smartAccount' | 'eoa' = smart ? 'smartAccount' : 'eoa'
  const requests: { action: string; payload: unknown }[] = []
  const user = () => ({
    email: 'ada@example.test',
    address: type === 'smartAccount' ? SMART : EOA,
    chainId: 31337,
    accounts: [...(smart ? [{ address: SMART, type: 'smartAccount' as const }] : []), { address: EOA, type: 'eoa' as const }],
    preferredAccountType: type,
  })
  const events = new Subject<FrameEvent>()
  const client = {
    events$: events as Observable<FrameEvent>,
    load: async () => undefined,
    place: () => undefined,
    request: async (action: string, payload: { type?: 'smartAccount' | 'eoa' }) => {
      requests.push({ action, payload })
      switch (action) {
        case 'GET_USER':
          return { user: user() }
        case 'SET_PREFERRED_ACCOUNT':
          if (options.refuse !== undefined) throw new EmbeddedWalletRequestError('request', options.refuse)
          type = payload.type!
          return { type, address: user().address }
        case 'INIT_SMART_ACCOUNT':
          return { address: SMART, isDeployed: options.deployed ?? false }
        default:
          return {}
      }
    },
  }
  return { client: client as unknown as FrameClient, requests }
}

function aWallet(options?: Parameters<typeof aFrameClient>[0]) {
  const frame = aFrameClient(options)
  const wallet = new FrameEmbeddedWallet(frame.client, new InMemoryKeyValueStorage(), { projectId: 'p', themeMode: 'light', sdkVersion: 'test', now: () => 0 })
  return { wallet, ...frame }
}

/** A browser-wallet source with one connector: it has no account types. */
function aBrowserSource(): ConnectorSource<Eip1193Provider> {
  const connectors = new BehaviorSubject<readonly Connector[]>([{ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155' }])
  return {
    connectors$: connectors,
    get connectors() {
      return connectors.value
    },
    events$: new Subject<WalletEvent>(),
    startDiscovery: () => undefined,
    connect: () => Promise.reject(new Error('not in this test')),
    reconnect: async () => null,
    disconnect: async () => undefined,
    getProvider: () => undefined,
  }
}

describe('the embedded wallet offers its smart account and its EOA', () => {
  it('connects on the smart account, with both account types to switch between', async () => {
    const { wallet } = aWallet()
    const account = await wallet.connect()
    expect(account).toMatchObject({ addresses: [SMART], accountType: 'smartAccount', accountTypes: ['smartAccount', 'eoa'] })
  })

  it("the connection is a smart account, so a failed signature says the app might not support Smart Accounts; on the EOA it is declined", async () => {
    const { wallet } = aWallet()
    const connected = connectedAccount(await wallet.connect())
    expect(connected).toMatchObject({ accountType: 'smartAccount', accountTypes: ['smartAccount', 'eoa'] })
    expect(SNACK_MESSAGES[signatureFailureSnack(connected.accountType)]).toBe('This application might not support Smart Accounts')
    expect(SNACK_MESSAGES[signatureFailureSnack(connectedAccount(await wallet.switchAccountType('eoa')).accountType)]).toBe('Signature declined')
  })

  it('a wallet without smart accounts offers no switch', async () => {
    const { wallet } = aWallet({ smart: false })
    const account = await wallet.connect()
    expect(account.accountType).toBe('eoa')
    expect(account.accountTypes).toBeUndefined()
    expect(await wallet.smartAccount()).toBeNull()
  })

  it('switches to the EOA and back: the frame keeps the choice, the provider reports the new address', async () => {
    const { wallet, requests } = aWallet()
    await wallet.connect()
    const changes: unknown[] = []
    wallet.provider.on?.('accountsChanged', (accounts: unknown) => changes.push(accounts))
    const eoa = await wallet.switchAccountType('eoa')
    expect(requests.at(-1)).toEqual({ action: 'SET_PREFERRED_ACCOUNT', payload: { type: 'eoa' } })
    expect(eoa).toMatchObject({ addresses: [EOA], accountType: 'eoa', accountTypes: ['smartAccount', 'eoa'] })
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual([EOA])
    expect(wallet.user$.value).toMatchObject({ address: EOA, accountType: 'eoa' })
    const back = await wallet.switchAccountType('smartAccount')
    expect(back.addresses).toEqual([SMART])
    expect(changes).toEqual([[EOA], [SMART]])
  })

  it("a refused switch fails with the wallet's words and changes nothing", async () => {
    const { wallet } = aWallet({ refuse: 'Action not allowed' })
    await wallet.connect()
    await expect(wallet.switchAccountType('eoa')).rejects.toEqual(new WalletRequestError('failed', 'Action not allowed'))
    expect(wallet.user$.value?.address).toBe(SMART)
  })

  it('the session tells whether the smart account is deployed, and nothing on the EOA', async () => {
    const { wallet } = aWallet({ deployed: true })
    const session = new EmbeddedSession(async () => wallet)
    await wallet.connect()
    const seen: unknown[] = []
    const subscription = session.smartAccount$.subscribe((status) => seen.push(status))
    await firstValueFrom(session.smartAccount$)
    expect(seen).toEqual([{ address: SMART, isDeployed: true }])
    await wallet.switchAccountType('eoa')
    expect(seen).toEqual([{ address: SMART, isDeployed: true }, null])
    subscription.unsubscribe()
  })
})

describe('the eip155 family switches account types for the AUTH connector only', () => {
  it('the AUTH connector switches through the loaded embedded wallet; a browser wallet has no such switch', async () => {
    const { wallet } = aWallet()
    const auth = new AuthConnectorSource(async () => wallet, () => new InMemoryKeyValueStorage())
    const family = new Eip155ChainFamily([aBrowserSource(), auth])
    await family.connect('AUTH')
    expect((await family.switchAccountType('AUTH', 'eoa')).addresses).toEqual([EOA])
    await expect(family.switchAccountType('io.metamask', 'smartAccount')).rejects.toMatchObject({ name: 'WalletRequestError', kind: 'unsupportedMethod' })
  })
})
