import type { Container } from 'inversify'
import type { ResolvedConfig } from '../domain/config'
import type { ViewName } from '../domain/navigation/views'
import type { ChainWing } from '../infrastructure/chains/wing'
import type { ModuleLoader } from './module-loader'

/** What a module's bindings are given. */
export interface ModuleContext {
  readonly container: Container
  readonly config: ResolvedConfig
  /** The chain families of the configured networks (EVM's first). */
  readonly wings: readonly ChainWing[]
  readonly loader: ModuleLoader
}

/** What binding a module left behind: what it hands out (ModuleHandles), and how to stop it. */
export interface Bound {
  readonly handle?: unknown
  stop?(): void
}

/** Binds a module's services on the modal's container. */
export type Bind = (context: ModuleContext) => Bound | void

/**
 * One feature of the modal: when it loads and what it binds. Its descriptor is in the page's first
 * script, so it stays small: the bindings of an on-demand module are a chunk of their own behind
 * `bind`. Its views' chunks are the shell's to import: each area names its views in a
 * `<area>.views.ts` beside them, which the shell's registry finds by that name (from the first
 * script their imports would split the shell's shared code into many more chunks).
 */
export interface FeatureModule {
  readonly id: string
  /**
   * When its on-demand bindings load: when the modal opens, when a wallet connects, when one of
   * these views opens (the view waits for them). Without it, at mount (`setup`) or when something
   * asks the loader (its loader's caller: the email field, the social buttons).
   */
  readonly loads?: { readonly onOpen?: true; readonly onConnect?: true; readonly whenViewOpens?: readonly ViewName[] }
  /** The modules bound before it. */
  readonly after?: readonly string[]
  /** Binds at mount, with the container (code in the first script: keep it small). */
  readonly setup?: (context: ModuleContext) => void
  /** Its on-demand bindings, a chunk of their own. */
  readonly bind?: () => Promise<Bind>
}
