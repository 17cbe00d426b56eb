/**
 * The embedded wallet over its frame (loaded on demand, when the visitor takes the email path or
 * a session is restored): the login and email-update steps, the EIP-1193 provider the eip155
 * family uses for the AUTH connector, and the account half of that connector (connect, silent
 * reconnect, sign out). Keys never leave the frame's origin; this side only asks.
 */
import { BehaviorSubject, Subject } from 'rxjs'
import { SIGN_OUT_TIMEOUT_MS, STORAGE_KEYS } from '../../domain/constants'
import { AUTH_CONNECTOR, AUTH_CONNECTOR_ID } from '../../domain/connection/connectors'
import type { Eip1193Provider, WalletStandardWallet } from '../../domain/chains/wallet-providers'
import { embeddedSolanaWallet, type EmbeddedSolanaLink } from './embedded-solana-wallet'
import type { AccountType } from '../../domain/entities'
import { AddressOrAuthConnectorNotFoundError } from '../../domain/errors'
import { WalletRequestError, type WalletAccount, type WalletEvent } from '../../ports/chain-family'
import {
  EmbeddedWalletRequestError,
  type EmailLoginAction,
  type EmailUpdateAction,
  type EmbeddedApproval,
  type EmbeddedWallet,
  type EmbeddedWalletUser,
  type FarcasterChannel,
  type FrameRect,
  type SmartAccountStatus,
} from '../../ports/embedded-wallet'
import type { SocialProvider } from '../../domain/entities'
import type { SocialWindowMode } from '../../domain/connect/social-login'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { FrameClient } from './frame-client'
import { base58Decode } from '../../domain/format/base58'
import { base64Decode, base64Encode } from '../../domain/format/base64'
import { CONFIRMED_RPC_METHODS, type FrameRequestPayload, type FrameResponsePayload, type FrameUser } from './frame-protocol'


/** A personal_sign this soon after connecting may be the sign-in message, signed without a second prompt. */
const SIGN_IN_WINDOW_MS = 60_000

/**
 * How long a request the visitor confirms in the frame may wait: the 30 s limit is for the
 * wallet's own answers (spec section 9), not for a person reading what they sign.
 */
export const CONFIRMATION_TIMEOUT_MS = 10 * 60_000

export interface FrameEmbeddedWalletOptions {
  readonly projectId: string
  readonly themeMode: 'light' | 'dark'
  readonly metadata?: { readonly name: string; readonly url: string }
  readonly sdkVersion: string
  readonly now?: () => number
}

/**
 * An EIP-1193 error (what viem and wagmi read: `code` and `message`); its `cause` is the catalogue's
 * error when the wallet refused in the spec's words.
 */
export class ProviderRpcError extends Error {
  override readonly name = 'ProviderRpcError'
  constructor(
    readonly code: number,
    message: string,
    options?: { readonly cause?: unknown },
  ) {
    super(message, options)
  }
}

export class FrameEmbeddedWallet implements EmbeddedWallet, EmbeddedSolanaLink {
  readonly user$ = new BehaviorSubject<EmbeddedWalletUser | null>(null)
  readonly approval$ = new BehaviorSubject<EmbeddedApproval>({ pending: false })
  readonly trouble$ = new Subject<'timeout' | 'sessionExpired'>()
  /** The AUTH connector's wallet events (account and chain changes, sign-out). */
  readonly walletEvents = new Subject<WalletEvent>()
  readonly provider: Eip1193Provider
  private readonly listeners = new Map<string, Set<(...args: never[]) => void>>()
  private readonly now: () => number
  private connectedAt = -Infinity
  private synced: Promise<void> | undefined
  private solana: WalletStandardWallet | undefined
  /** The signed-in user's Solana account, as the frame last said. */
  private solanaAddress: string | null = null
  /** The user's EVM account types (a smart account and the EOA, where the wallet has smart accounts). */
  private accountTypes: readonly AccountType[] = []

  constructor(
    private readonly client: FrameClient,
    private readonly storage: KeyValueStorage,
    private readonly options: FrameEmbeddedWalletOptions,
  ) {
    this.now = options.now ?? Date.now
    client.events$.subscribe((event) => {
      if (event.event === 'APPROVAL') this.approval$.next(event.payload)
      else if (event.event === 'SESSION_UPDATE' && event.payload.user === null && this.user$.value !== null) {
        // Not our sign-out (that forgets the user first): the session ended on the wallet's side.
        this.signedOut()
        this.trouble$.next('sessionExpired')
      }
    })
    this.provider = {
      request: (args) => this.rpc(args.method, args.params),
      on: (event, listener) => {
        let set = this.listeners.get(event)
        if (!set) this.listeners.set(event, (set = new Set()))
        set.add(listener)
        return this.provider
      },
      removeListener: (event, listener) => {
        this.listeners.get(event)?.delete(listener)
        return this.provider
      },
    }
  }

  /** Loads the frame and tells it the app's name and theme (once). */
  ready(): Promise<void> {
    this.synced ??= (async () => {
      await this.client.load()
      await this.client.request('SYNC_DAPP_DATA', {
        projectId: this.options.projectId,
        sdkVersion: this.options.sdkVersion,
        ...(this.options.metadata ? { metadata: this.options.metadata } : {}),
      })
      await this.client.request('SYNC_THEME', { themeMode: this.options.themeMode })
    })().catch((error: unknown) => {
      this.synced = undefined
      throw error
    })
    return this.synced
  }

  async startEmailLogin(email: string, options: { resend?: boolean } = {}): Promise<EmailLoginAction> {
    await this.ready()
    const { action } = await this.client.request('CONNECT_EMAIL', { email, ...(options.resend ? { resend: true } : {}) })
    this.storage.set(STORAGE_KEYS.lastEmailLoginTime, String(this.now()))
    return action
  }

  async deviceApproved(): Promise<boolean> {
    await this.ready()
    return (await this.client.request('CONNECT_DEVICE', {})).approved
  }

  async verifyOtp(otp: string): Promise<EmbeddedWalletUser> {
    await this.ready()
    const { user } = await this.client.request('CONNECT_OTP', { otp })
    this.storage.set(STORAGE_KEYS.emailLoginFlag, 'true')
    return this.signedIn(user)
  }

  async updateEmail(email: string): Promise<EmailUpdateAction> {
    await this.ready()
    return (await this.client.request('UPDATE_EMAIL', { email })).action
  }

  async verifyPrimaryOtp(otp: string): Promise<void> {
    await this.ready()
    await this.client.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })
  }

  async verifySecondaryOtp(otp: string): Promise<string> {
    await this.ready()
    const { email } = await this.client.request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
    const user = this.user$.value
    if (user !== null) this.user$.next({ ...user, email })
    return email
  }

  async socialRedirectUrl(provider: SocialProvider, mode: SocialWindowMode, returnUrl?: string): Promise<string> {
    await this.ready()
    return (await this.client.request('GET_SOCIAL_REDIRECT_URI', { provider, mode, ...(returnUrl === undefined ? {} : { returnUrl }) })).url
  }

  async connectPasskey(): Promise<EmbeddedWalletUser> {
    await this.ready()
    // The browser's passkey prompt waits for the visitor: a confirmation's time.
    const { user } = await this.client.request('PASSKEY_LOGIN', {}, CONFIRMATION_TIMEOUT_MS)
    this.storage.set(STORAGE_KEYS.emailLoginFlag, 'true')
    return this.signedIn(user)
  }

  async connectSocial(ticket: string): Promise<EmbeddedWalletUser> {
    await this.ready()
    const { user } = await this.client.request('CONNECT_SOCIAL', { ticket })
    return this.socialSignedIn(user)
  }

  async farcasterChannel(): Promise<FarcasterChannel> {
    await this.ready()
    const { url, channelToken } = await this.client.request('GET_FARCASTER_URI', {})
    return { url, channelToken }
  }

  async connectFarcaster(channelToken: string): Promise<EmbeddedWalletUser | null> {
    await this.ready()
    const { user } = await this.client.request('CONNECT_FARCASTER', { channelToken })
    return user === undefined ? null : this.socialSignedIn(user)
  }

  placeFrame(rect: FrameRect | null): void {
    this.client.place(rect)
  }

  async abortPending(): Promise<void> {
    if (this.user$.value === null) return
    await this.client.request('RPC_ABORT', {})
  }

  // ------------------------------------------------------------ the AUTH connector's account half

  /** The signed-in user's account, on the last-used chain when the wallet serves it. */
  async connect(): Promise<WalletAccount> {
    await this.ready()
    const lastChain = lastEvmChain(this.storage.get(STORAGE_KEYS.lastUsedChain))
    const { user } = await this.client.request('GET_USER', Number.isInteger(lastChain) && lastChain > 0 ? { chainId: lastChain } : {})
    this.connectedAt = this.now()
    return this.account(this.signedIn(user))
  }

  /**
   * Moves the AUTH connection to the user's other EVM account (the smart account or the EOA): the
   * wallet keeps the choice; the provider reports the new address. No prompt: both are the user's.
   * @throws WalletRequestError kind `failed` with the wallet's words; with no signed-in user, in the
   * words of its cause AddressOrAuthConnectorNotFoundError.
   */
  async switchAccountType(accountType: AccountType): Promise<WalletAccount> {
    const user = this.user$.value
    if (user === null) {
      const missing = new AddressOrAuthConnectorNotFoundError()
      throw new WalletRequestError('failed', missing.message, { cause: missing })
    }
    if (accountType !== 'eoa' && accountType !== 'smartAccount') throw new WalletRequestError('unsupportedMethod', `This wallet has no ${accountType} account`)
    let address: string
    try {
      ;({ address } = await this.client.request('SET_PREFERRED_ACCOUNT', { type: accountType }))
    } catch (error) {
      throw new WalletRequestError('failed', error instanceof Error ? error.message : 'The wallet could not switch accounts', { cause: error })
    }
    const next: EmbeddedWalletUser = { ...user, address, accountType }
    this.user$.next(next)
    this.emit('accountsChanged', [address])
    return this.account(next)
  }

  /** The smart account's address and whether its first transaction deployed it; null without one. */
  async smartAccount(): Promise<SmartAccountStatus | null> {
    if (this.user$.value === null || !this.accountTypes.includes('smartAccount')) return null
    return this.client.request('INIT_SMART_ACCOUNT', {})
  }

  // ------------------------------------------------------- the Solana account (the solana wing's AUTH row)

  /** The user's Solana account as a Wallet Standard wallet (the Solana wing's AUTH row), one per wallet. */
  solanaWallet(chains: readonly string[]): WalletStandardWallet {
    this.solana ??= embeddedSolanaWallet(this, chains)
    return this.solana
  }

  /**
   * The signed-in user's Solana account; with `silent`, only a session the frame still holds (after
   * a reload), else null. Null too for a user without one.
   */
  async solanaAccount({ silent }: { readonly silent: boolean }): Promise<string | null> {
    if (silent) {
      if (this.storage.get(STORAGE_KEYS.emailLoginFlag) === null) return null
      await this.ready()
      if (!(await this.client.request('IS_CONNECTED', {})).isConnected) return null
    } else {
      // The EVM side connected first in the same login: its user is this one.
      if (this.user$.value !== null) return this.solanaAddress
      await this.ready()
    }
    const { user } = await this.client.request('GET_USER', {})
    this.signedIn(user)
    return this.solanaAddress
  }

  /** A message signed with the user's Solana key once the visitor approved it in the frame. */
  async signSolanaMessage(message: Uint8Array): Promise<Uint8Array> {
    const { signature } = await this.solanaRequest('SOLANA_SIGN_MESSAGE', { message: base64Encode(message) })
    return base58Decode(signature)
  }

  /** A transaction signed by the user (their slot) once the visitor approved it in the frame. */
  async signSolanaTransaction(transaction: Uint8Array, chain: string): Promise<Uint8Array> {
    const signed = await this.solanaRequest('SOLANA_SIGN_TRANSACTION', { transaction: base64Encode(transaction), chain })
    return base64Decode(signed.transaction)
  }

  private async solanaRequest<A extends 'SOLANA_SIGN_MESSAGE' | 'SOLANA_SIGN_TRANSACTION'>(action: A, payload: FrameRequestPayload<A>): Promise<FrameResponsePayload<A>> {
    if (this.user$.value === null) throw new ProviderRpcError(4100, 'Sign in with your email first')
    try {
      return await this.client.request(action, payload, CONFIRMATION_TIMEOUT_MS)
    } catch (error) {
      if (error instanceof EmbeddedWalletRequestError && (error.kind === 'timeout' || error.kind === 'sessionExpired')) this.trouble$.next(error.kind)
      throw providerError(error)
    }
  }

  /** After a reload: the session the frame still holds, without a new code; null when there is none. */
  async reconnect(): Promise<WalletAccount | null> {
    if (this.storage.get(STORAGE_KEYS.emailLoginFlag) === null) return null
    try {
      await this.ready()
      const { isConnected } = await this.client.request('IS_CONNECTED', {})
      if (!isConnected) {
        this.storage.remove(STORAGE_KEYS.emailLoginFlag)
        return null
      }
      return await this.connect()
    } catch {
      return null
    }
  }

  /** Signs out of the frame, waiting at most 3 s (spec section 9); forgets the session here in any case. */
  async disconnect(): Promise<void> {
    this.storage.remove(STORAGE_KEYS.emailLoginFlag)
    this.storage.remove(STORAGE_KEYS.socialUsername)
    const wasSignedIn = this.user$.value !== null
    this.user$.next(null)
    if (!wasSignedIn) return
    await this.client.request('SIGN_OUT', {}, SIGN_OUT_TIMEOUT_MS).catch(() => undefined)
  }

  async signOutEverywhere(): Promise<void> {
    await this.ready()
    // The visitor reads and confirms it in the frame first: a confirmation's time.
    await this.client.request('SIGN_OUT', { everywhere: true }, CONFIRMATION_TIMEOUT_MS)
    this.storage.remove(STORAGE_KEYS.socialUsername)
    if (this.user$.value !== null) this.signedOut()
  }

  async addPasskey(): Promise<void> {
    await this.ready()
    // The visitor confirms in the frame, then the browser's own passkey prompt: a confirmation's time.
    await this.client.request('PASSKEY_ADD', {}, CONFIRMATION_TIMEOUT_MS)
  }

  async exportKeys(): Promise<boolean> {
    await this.ready()
    // The visitor waits for an email and types a code in the frame: a confirmation's time.
    return (await this.client.request('EXPORT_KEYS', {}, CONFIRMATION_TIMEOUT_MS)).exported
  }

  /** A social session restores like an email one after a reload (the same flag); the username is the spec's social username. */
  private socialSignedIn(frameUser: FrameUser): EmbeddedWalletUser {
    this.storage.set(STORAGE_KEYS.emailLoginFlag, 'true')
    if (frameUser.userName !== undefined) this.storage.set(STORAGE_KEYS.socialUsername, frameUser.userName)
    return this.signedIn(frameUser)
  }

  private signedIn(frameUser: FrameUser): EmbeddedWalletUser {
    const user: EmbeddedWalletUser = {
      address: frameUser.address,
      chainId: frameUser.chainId,
      accountType: frameUser.preferredAccountType,
      ...(frameUser.email === undefined ? {} : { email: frameUser.email }),
      ...(frameUser.userName === undefined ? {} : { userName: frameUser.userName }),
      ...(frameUser.socialProvider === undefined ? {} : { socialProvider: frameUser.socialProvider }),
    }
    this.accountTypes = [...new Set(frameUser.accounts.map((a) => a.type))]
    this.solanaAddress = frameUser.solanaAddress ?? null
    this.storage.set(STORAGE_KEYS.lastUsedChain, `eip155:${user.chainId}`)
    this.user$.next(user)
    return user
  }

  private account(user: EmbeddedWalletUser): WalletAccount {
    return {
      connectorId: AUTH_CONNECTOR_ID,
      namespace: AUTH_CONNECTOR.chain,
      addresses: [user.address],
      caipNetworkId: `eip155:${user.chainId}`,
      accountType: user.accountType,
      // The switch shows when there is a choice: the smart account and the EOA.
      ...(this.accountTypes.length > 1 ? { accountTypes: this.accountTypes } : {}),
    }
  }

  private signedOut(): void {
    this.storage.remove(STORAGE_KEYS.emailLoginFlag)
    this.user$.next(null)
    this.walletEvents.next({ type: 'disconnect', connectorId: AUTH_CONNECTOR_ID })
    this.emit('accountsChanged', [])
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args)
  }

  /** The provider's requests: account and chain from the session, switching through the frame, the rest to the frame's RPC. */
  private async rpc(method: string, params: unknown): Promise<unknown> {
    const user = this.user$.value
    switch (method) {
      case 'eth_accounts':
        return user === null ? [] : [user.address]
      case 'eth_requestAccounts':
        if (user === null) throw new ProviderRpcError(4100, 'Sign in with your email first')
        return [user.address]
      case 'eth_chainId':
        if (user === null) throw new ProviderRpcError(4100, 'Sign in with your email first')
        return `0x${user.chainId.toString(16)}`
      case 'wallet_switchEthereumChain': {
        const target = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined)?.chainId : undefined
        const chainId = typeof target === 'string' ? Number.parseInt(target, 16) : Number.NaN
        if (!Number.isInteger(chainId) || chainId <= 0) throw new ProviderRpcError(-32602, 'Invalid chain id')
        try {
          await this.client.request('SWITCH_NETWORK', { chainId })
        } catch (error) {
          // The embedded wallet serves a fixed set of chains: it cannot be taught another.
          throw new ProviderRpcError(4902, error instanceof Error ? error.message : 'Unknown chain')
        }
        if (user !== null) this.user$.next({ ...user, chainId })
        this.storage.set(STORAGE_KEYS.lastUsedChain, `eip155:${chainId}`)
        this.walletEvents.next({ type: 'chainChanged', connectorId: AUTH_CONNECTOR_ID, caipNetworkId: `eip155:${chainId}` })
        this.emit('chainChanged', `0x${chainId.toString(16)}`)
        return null
      }
      case 'wallet_addEthereumChain':
        throw new ProviderRpcError(4200, 'The embedded wallet cannot add networks')
      default: {
        if (user === null) throw new ProviderRpcError(4100, 'Sign in with your email first')
        const signIn = method === 'personal_sign' && this.now() - this.connectedAt < SIGN_IN_WINDOW_MS
        try {
          const { result } = await this.client.request(
            'RPC_REQUEST',
            {
              chainId: user.chainId,
              method,
              params: Array.isArray(params) ? params : params === undefined ? [] : [params],
              ...(signIn ? { signIn: true } : {}),
            },
            CONFIRMED_RPC_METHODS.has(method) ? CONFIRMATION_TIMEOUT_MS : undefined,
          )
          return result
        } catch (error) {
          if (error instanceof EmbeddedWalletRequestError && (error.kind === 'timeout' || error.kind === 'sessionExpired')) this.trouble$.next(error.kind)
          throw providerError(error)
        }
      }
    }
  }
}

function providerError(error: unknown): ProviderRpcError {
  if (error instanceof EmbeddedWalletRequestError) {
    const options = error.cause === undefined ? undefined : { cause: error.cause }
    if (error.kind === 'rejected') return new ProviderRpcError(4001, error.message, options)
    if (error.kind === 'sessionExpired') return new ProviderRpcError(4100, error.message, options)
    return new ProviderRpcError(error.details.code ?? -32603, error.message, options)
  }
  return new ProviderRpcError(-32603, error instanceof Error ? error.message : String(error))
}

/**
 * The EVM chain id of the last-used network as the modal keeps it (a CAIP-2 id, as the networks
 * store writes it; a bare number from older versions); NaN for another family's network or none.
 */
function lastEvmChain(stored: string | null): number {
  const match = /^(?:eip155:)?(\d{1,15})$/.exec(stored ?? '')
  return match === null ? Number.NaN : Number(match[1])
}
