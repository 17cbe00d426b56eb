/**
 * What the rest of the modal knows of the composition root's on-demand modules: the loader that
 * binds them and what each view waits for. Types and tokens only, so the views and the facade can ask
 * for a module without importing one (src/composition/manifest.ts lists them).
 */
import type { ServiceIdentifier } from 'inversify'
import type { Observable } from 'rxjs'
import type { ViewName } from '../domain/navigation/views'
import type { GrantedPermissions, PermissionsRequest } from '../domain/sessions/smart-sessions'
import type { ConnectExternal } from '../application/connection/connect-external'
import type { WalletConnectQr } from '../application/connection/walletconnect-qr'
import type { EmailLogin } from '../application/embedded-wallet/email-login'
import type { SocialLogin } from '../application/embedded-wallet/social-login'

/** When a module's bindings load, besides its views opening (`FeatureModule.loads`). */
export type LoadMoment = 'onOpen' | 'onConnect'

/**
 * Binds the modal's on-demand modules, each from its own chunk, once: a module comes after the
 * ones it names (`after`), a failed chunk load is tried again on the next call, and after
 * `dispose()` a load binds nothing and rejects.
 */
export interface ModuleLoader {
  /** Binds module `id` (and what it comes after); resolves what the module hands out, if anything. */
  load<K extends string>(id: K): Promise<K extends keyof ModuleHandles ? ModuleHandles[K] : unknown>
  /** Whether `load(id)` has finished. */
  loaded(id: string): boolean
  /**
   * Binds every module that loads at `moment`: the connect views' on open, the account's on connect.
   * Resolves without binding anything once `dispose()` was called.
   */
  loadAt(moment: LoadMoment): Promise<unknown>
  /** Stops the bound modules, the last bound first; later loads bind nothing. */
  dispose(): void
}
export const ModuleLoader = Symbol('ModuleLoader') as ServiceIdentifier<ModuleLoader>

/** What a module hands to code that cannot import its classes (they are in its chunk). */
export interface ModuleHandles {
  /** The connection flow (connecting a chosen wallet). */
  connectFlow: ConnectExternal
  /** The QR and the catalogue's wallet lists. */
  walletConnect: WalletConnectQr
  account: Features
  email: EmailLogin
  social: SocialLogin
}

/** What the facade needs of the account module (account, networks, send, activity). */
export interface Features {
  /** Asks the wallet to move to a configured network; rejects with the switch's error. */
  switchNetwork(caipNetworkId: string): Promise<void>
  /** Smart sessions' grant (its own module, bound on the first call); rejects with the use case's errors. */
  grantPermissions(request: PermissionsRequest): Promise<GrantedPermissions>
  /**
   * What the host's state tells of the connected account: its name (reverse lookup on connect, or
   * the name just registered; null without one) and its native balance (3 decimals, cut, with its
   * symbol; null until read or when unreadable).
   */
  readonly account$: Observable<AccountDetails>
}

export interface AccountDetails {
  readonly profileName: string | null
  readonly balance: { readonly balance: string; readonly symbol: string } | null
}

/**
 * The module each view waits for before it draws (the modules' `loads.whenViewOpens`); absent for a
 * view whose bindings come with the shell.
 */
export type ViewNeeds = Partial<Record<ViewName, string>>
export const ViewNeeds = Symbol('ViewNeeds') as ServiceIdentifier<ViewNeeds>
