import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { ViewLoader, ViewLoaders } from './view-loaders'
import type { ViewName } from '../../domain/navigation/views'
import ConnectView, { ConnectWalletsView } from './ConnectView'
import { ApproveTransactionLazyView } from './send/approve-view-loader'

type View = ComponentType | LazyExoticComponent<ComponentType>

/**
 * The lazily loaded views of the way in (connecting, email, social, sign-in), each its own chunk
 * fetched when first shown, as each area names them in its `<area>.views.ts` (./view-loaders.ts).
 * Every `import()` there adds its chunks to the shell's preload map, which loads before the modal
 * opens: an area imports each of its chunks in one place.
 */
const LOADERS: ViewLoaders = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<ViewLoaders>(['./connect/*.views.ts', './email/*.views.ts', './social/*.views.ts', './siwx.views.ts'], {
      eager: true,
      import: 'views',
    }),
  ),
)

/**
 * The views a visitor reaches once connected, or through a host's `open({ view })`: every other
 * view, alphabetically. Their loaders are a chunk of their own (./later-views.ts), so the shell's
 * preload map, which the page loads before the modal opens, names that one chunk instead of every
 * chunk of theirs. The shell fetches it once an account is connected (`prefetchLaterViews`), before
 * the visitor asks for one of them. A test keeps this list equal to that chunk's loaders.
 */
export const LATER_VIEWS = [
  'Account',
  'AccountSettings',
  'ChooseAccountName',
  'Networks',
  'OnRamp',
  'OnRampFiatSelect',
  'OnRampProviders',
  'OnRampTokenSelect',
  'Profile',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'Send',
  'SendPreview',
  'SmartSessionList',
  'Swap',
  'SwapPreview',
  'SwapSelectToken',
  'SwitchAccountType',
  'SwitchNetwork',
  'Transactions',
  'UnsupportedChain',
  'WalletReceive',
  'WhatIsANetwork',
] as const satisfies readonly ViewName[]

/** Fetches the later views' loaders (once connected, so the first of them opens without that extra fetch). */
export const prefetchLaterViews = (): Promise<unknown> => import('./later-views')

const later = (name: ViewName): ViewLoader => () => import('./later-views').then((m) => m.loadView(name))

for (const name of LATER_VIEWS) LOADERS[name] = later(name)

/**
 * Each view is its own chunk, fetched when first shown, except Connect: it is the start view and
 * comes with the shell (itself loaded on demand), because a lazy start view would suspend on the
 * first open and React throttles the reveal of a suspended boundary by about 300 ms. Views not yet
 * built are absent here and the shell says so instead of showing a blank panel. A view's chunk
 * brings the English of its texts (each view module adds its area's, ../i18n/english.ts), so a view
 * that draws never shows a key. What each view waits for before it draws is its module's say
 * (`loads.whenViewOpens` in src/composition/modules/, given to the shell as ViewNeeds).
 */
export const VIEWS: Partial<Record<ViewName, View>> = {
  Connect: ConnectView,
  // With Connect, in the shell's chunk: a chunk of its own would split the wallet list's modules
  // (shared with it) out of the shell into chunks of their own, each a request and bytes more.
  ConnectWallets: ConnectWalletsView,
  ...Object.fromEntries(Object.entries(LOADERS).map(([name, load]) => [name, lazy(load)])),
  ApproveTransaction: ApproveTransactionLazyView,
}

/**
 * Forgets a view's failed chunk load, so the next render fetches it again (React.lazy keeps a
 * rejected load for good). Views without a loader are left as they are.
 */
export function reloadView(name: ViewName): void {
  const load = LOADERS[name]
  if (load !== undefined) VIEWS[name] = lazy(load)
}
