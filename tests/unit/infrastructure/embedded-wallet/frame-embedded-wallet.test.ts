/**
 * The embedded wallet over a scripted frame client: its provider answers accounts and chain from
 * the session, switches through the frame, maps the frame's failures to EIP-1193 codes and tells
 * the application of a timeout or an expired session; reconnect and sign-out keep the storage keys.
 */
import { Subject } from 'rxjs'
import { describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../../../../src/domain/constants'
import type { FrameClient } from '../../../../src/infrastructure/embedded-wallet/frame-client'
import { FrameEmbeddedWallet } from '../../../../src/infrastructure/embedded-wallet/frame-embedded-wallet'
import type { FrameEvent } from '../../../../src/infrastructure/embedded-wallet/frame-protocol'
import { EmbeddedWalletRequestError } from '../../../../src/ports/embedded-wallet'
import { WalletRequestError, type WalletEvent } from '../../../../src/ports/chain-family'
import { AddressOrAuthConnectorNotFoundError, RequestAbortedError, RpcCallNotAllowedError } from '../../../../src/domain/errors'
import { InMemoryKeyValueStorage } from '../../../fakes/in-memory-key-value-storage'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const USER = { address: ADDRESS, chainId: 31337, accounts: [{ address: ADDRESS, type: 'eoa' as const }], preferredAccountType: 'eoa' as const, email: 'ada@example.test' }

function world(answers: Record<string, (payload: unknown) => unknown> = {}) {
  const events = new Subject<FrameEvent>()
  const requests: { action: string; payload: unknown; timeoutMs?: number }[] = []
  const client = {
    events$: events,
    load: vi.fn(async () => undefined),
    place: vi.fn(),
    request: vi.fn(async (action: string, payload: unknown, timeoutMs?: number) => {
      requests.push({ action, payload, ...(timeoutMs === undefined ? {} : { timeoutMs }) })
      const answer = answers[action]
      if (answer) return answer(payload)
      if (action === 'GET_USER' || action === 'CONNECT_OTP') return { user: USER }
      if (action === 'IS_CONNECTED') return { isConnected: true }
      if (action === 'CONNECT_EMAIL') return { action: 'VERIFY_OTP' }
      return {}
    }),
  } as unknown as FrameClient
  const storage = new InMemoryKeyValueStorage()
  let now = 1_000
  const wallet = new FrameEmbeddedWallet(client, storage, { projectId: 'p', themeMode: 'dark', sdkVersion: 'v', now: () => now })
  const walletEvents: WalletEvent[] = []
  wallet.walletEvents.subscribe((e) => walletEvents.push(e))
  const trouble: string[] = []
  wallet.trouble$.subscribe((t) => trouble.push(t))
  return { wallet, events, requests, storage, walletEvents, trouble, advance: (ms: number) => (now += ms) }
}

describe('FrameEmbeddedWallet', () => {
  it('signs in by code, remembers the session flag and the chain, and answers accounts and chain id itself', async () => {
    const w = world()
    await w.wallet.verifyOtp('123456')
    expect(w.storage.get(STORAGE_KEYS.emailLoginFlag)).toBe('true')
    // As the networks store writes it: a reload reads which family was active from it.
    expect(w.storage.get(STORAGE_KEYS.lastUsedChain)).toBe('eip155:31337')
    expect(await w.wallet.provider.request({ method: 'eth_accounts' })).toEqual([ADDRESS])
    expect(await w.wallet.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(w.requests.map((r) => r.action)).not.toContain('RPC_REQUEST')
  })

  it('sends the email time to storage for the cooldown', async () => {
    const w = world()
    await w.wallet.startEmailLogin('ada@example.test')
    expect(w.storage.get(STORAGE_KEYS.lastEmailLoginTime)).toBe('1000')
  })

  it('switches chains through the frame and reports chainChanged', async () => {
    const w = world()
    await w.wallet.connect()
    const seen: unknown[] = []
    w.wallet.provider.on?.('chainChanged', ((id: string) => seen.push(id)) as never)
    await w.wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(w.requests.at(-1)).toMatchObject({ action: 'SWITCH_NETWORK', payload: { chainId: 31338 } })
    expect(seen).toEqual(['0x7a6a'])
    expect(w.walletEvents).toContainEqual({ type: 'chainChanged', connectorId: 'AUTH', caipNetworkId: 'eip155:31338' })
    expect(w.storage.get(STORAGE_KEYS.lastUsedChain)).toBe('eip155:31338')
  })

  it('refuses a chain the wallet does not serve with 4902', async () => {
    const w = world({
      SWITCH_NETWORK: () => {
        throw new EmbeddedWalletRequestError('request', 'Chain 1 is not served', { code: 4902 })
      },
    })
    await w.wallet.connect()
    await expect(w.wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toMatchObject({ code: 4902 })
  })

  it('asks the frame for anything else, marking a personal_sign right after connecting as the sign-in', async () => {
    const w = world({ RPC_REQUEST: () => ({ result: '0xsig' }) })
    await w.wallet.connect()
    expect(await w.wallet.provider.request({ method: 'personal_sign', params: ['0x68', ADDRESS] })).toBe('0xsig')
    // A request the visitor confirms may wait for them longer than the wallet's 30 s answers.
    expect(w.requests.at(-1)).toMatchObject({ action: 'RPC_REQUEST', payload: { chainId: 31337, method: 'personal_sign', signIn: true }, timeoutMs: 600_000 })
    w.advance(61_000)
    await w.wallet.provider.request({ method: 'personal_sign', params: ['0x68', ADDRESS] })
    expect((w.requests.at(-1)!.payload as { signIn?: boolean }).signIn).toBeUndefined()
  })

  it("maps the frame's refusals to EIP-1193 codes and tells of a timeout", async () => {
    const failures = [new EmbeddedWalletRequestError('rejected', 'User rejected the request', { code: 4001 }), new EmbeddedWalletRequestError('timeout', 'Embedded Wallet Request Timed Out')]
    const w = world({
      RPC_REQUEST: () => {
        throw failures.shift()
      },
    })
    await w.wallet.connect()
    await expect(w.wallet.provider.request({ method: 'eth_sendTransaction', params: [{}] })).rejects.toMatchObject({ code: 4001, message: 'User rejected the request' })
    await expect(w.wallet.provider.request({ method: 'eth_sendTransaction', params: [{}] })).rejects.toMatchObject({ message: 'Embedded Wallet Request Timed Out' })
    expect(w.trouble).toEqual(['timeout'])
  })

  it("keeps the catalogue's error of a refusal in the spec's words as the provider error's cause", async () => {
    const notAllowed = new RpcCallNotAllowedError()
    const aborted = new RequestAbortedError()
    const failures = [
      new EmbeddedWalletRequestError('request', notAllowed.message, { code: 4200 }, { cause: notAllowed }),
      new EmbeddedWalletRequestError('rejected', aborted.message, { code: 4001 }, { cause: aborted }),
    ]
    const w = world({
      RPC_REQUEST: () => {
        throw failures.shift()
      },
    })
    await w.wallet.connect()
    const refused = await w.wallet.provider.request({ method: 'eth_sign', params: [] }).catch((e: unknown) => e)
    expect(refused).toMatchObject({ name: 'ProviderRpcError', code: 4200, message: 'Requested RPC call is not allowed' })
    expect((refused as Error).cause).toBe(notAllowed)
    const stopped = await w.wallet.provider.request({ method: 'eth_sendTransaction', params: [{}] }).catch((e: unknown) => e)
    expect(stopped).toMatchObject({ code: 4001, message: 'Request was aborted' })
    expect((stopped as Error).cause).toBe(aborted)
  })

  it('refuses an account type switch with no signed-in user: "Address or auth connector not found"', async () => {
    const w = world()
    const error = await w.wallet.switchAccountType('smartAccount').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletRequestError)
    expect(error).toMatchObject({ kind: 'failed', message: 'Address or auth connector not found' })
    expect((error as Error).cause).toBeInstanceOf(AddressOrAuthConnectorNotFoundError)
    expect(w.requests.map((r) => r.action)).not.toContain('SET_PREFERRED_ACCOUNT')
  })

  it('a session the frame ends is a disconnect and "Session Expired"', async () => {
    const w = world()
    await w.wallet.verifyOtp('123456')
    w.events.next({ channel: 'walletgate-frame/1', kind: 'event', event: 'SESSION_UPDATE', payload: { user: null } })
    expect(w.walletEvents).toContainEqual({ type: 'disconnect', connectorId: 'AUTH' })
    expect(w.trouble).toEqual(['sessionExpired'])
    expect(w.storage.get(STORAGE_KEYS.emailLoginFlag)).toBeNull()
  })

  it('reconnects only with the flag and a session the frame still holds; forgets the flag otherwise', async () => {
    const none = world()
    expect(await none.wallet.reconnect()).toBeNull()
    expect(none.requests).toHaveLength(0)

    const gone = world({ IS_CONNECTED: () => ({ isConnected: false }) })
    gone.storage.set(STORAGE_KEYS.emailLoginFlag, 'true')
    expect(await gone.wallet.reconnect()).toBeNull()
    expect(gone.storage.get(STORAGE_KEYS.emailLoginFlag)).toBeNull()

    const kept = world()
    kept.storage.set(STORAGE_KEYS.emailLoginFlag, 'true')
    kept.storage.set(STORAGE_KEYS.lastUsedChain, 'eip155:31338')
    expect(await kept.wallet.reconnect()).toMatchObject({ connectorId: 'AUTH', addresses: [ADDRESS], caipNetworkId: 'eip155:31337' })
    expect(kept.requests.find((r) => r.action === 'GET_USER')?.payload).toEqual({ chainId: 31338 })

    // An older version's bare chain id still counts; another family's network names no EVM chain.
    for (const [stored, payload] of [['31338', { chainId: 31338 }], ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', {}], ['eip155:x', {}]] as const) {
      const again = world()
      again.storage.set(STORAGE_KEYS.emailLoginFlag, 'true')
      again.storage.set(STORAGE_KEYS.lastUsedChain, stored)
      await again.wallet.reconnect()
      expect(again.requests.find((r) => r.action === 'GET_USER')?.payload, stored).toEqual(payload)
    }
  })

  it('signs out in the frame with the 3 s limit and forgets the session here', async () => {
    const w = world()
    await w.wallet.verifyOtp('123456')
    await w.wallet.disconnect()
    expect(w.requests.at(-1)).toEqual({ action: 'SIGN_OUT', payload: {}, timeoutMs: 3_000 })
    expect(w.storage.get(STORAGE_KEYS.emailLoginFlag)).toBeNull()
    expect(await w.wallet.provider.request({ method: 'eth_accounts' })).toEqual([])
  })
})
