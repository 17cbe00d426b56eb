/**
 * The embedded wallet's connector (type AUTH) inside the eip155 family, as it loads with the page:
 * only the connector and a loader. The frame and everything that speaks to it load when the
 * visitor takes the email path, or when a session from an earlier visit is restored.
 */
import { BehaviorSubject, Subject } from 'rxjs'
import { STORAGE_KEYS } from '../../domain/constants'
import { AUTH_CONNECTOR } from '../../domain/connection/connectors'
import type { Eip1193Provider, WalletStandardWallet } from '../../domain/chains/wallet-providers'
import type { AccountType, Connector } from '../../domain/entities'
import type { WalletAccount, WalletEvent } from '../../ports/chain-family'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { ConnectorSource } from '../chains/connector-source'

/** What the loaded embedded wallet offers this source and the Solana wing (FrameEmbeddedWallet). */
export interface AuthWallet {
  /** The user's Solana account as a Wallet Standard wallet for these networks (CAIP-2 ids). */
  solanaWallet(chains: readonly string[]): WalletStandardWallet
  readonly provider: Eip1193Provider
  readonly walletEvents: { subscribe(next: (event: WalletEvent) => void): unknown }
  connect(): Promise<WalletAccount>
  reconnect(): Promise<WalletAccount | null>
  disconnect(): Promise<void>
  switchAccountType(accountType: AccountType): Promise<WalletAccount>
}

export class AuthConnectorSource implements ConnectorSource<Eip1193Provider> {
  readonly connectors$ = new BehaviorSubject<readonly Connector[]>([AUTH_CONNECTOR])
  readonly events$ = new Subject<WalletEvent>()
  private wallet: AuthWallet | undefined
  private loading: Promise<AuthWallet> | undefined

  constructor(
    private readonly load: () => Promise<AuthWallet>,
    /** Read when first needed: a test container may rebind the storage. */
    private readonly storage: () => KeyValueStorage,
  ) {}

  get connectors(): readonly Connector[] {
    return this.connectors$.value
  }

  startDiscovery(): void {}

  /** The embedded wallet, loaded once (a failed load is tried again next time). */
  loaded(): Promise<AuthWallet> {
    this.loading ??= this.load().then(
      (wallet) => {
        this.wallet = wallet
        wallet.walletEvents.subscribe((event) => this.events$.next(event))
        return wallet
      },
      (error: unknown) => {
        this.loading = undefined
        throw error
      },
    )
    return this.loading
  }

  async connect(): Promise<WalletAccount> {
    return (await this.loaded()).connect()
  }

  /** Loads nothing unless an email session was left signed in on this browser. */
  async reconnect(): Promise<WalletAccount | null> {
    if (this.storage().get(STORAGE_KEYS.emailLoginFlag) === null) return null
    try {
      return await (await this.loaded()).reconnect()
    } catch {
      return null
    }
  }

  async disconnect(): Promise<void> {
    if (this.wallet === undefined) {
      this.storage().remove(STORAGE_KEYS.emailLoginFlag)
      return
    }
    await this.wallet.disconnect()
  }

  /** The smart account or the EOA (the wallet is loaded: the account is connected). */
  async switchAccountType(_connectorId: string, accountType: AccountType): Promise<WalletAccount> {
    return (await this.loaded()).switchAccountType(accountType)
  }

  getProvider(): Eip1193Provider | undefined {
    return this.wallet?.provider
  }
}
