import { WALLETCONNECT_CONNECTOR_ID, chainsOf } from '../../domain/connection/connectors'
import type { ChainNamespace, Connector, WalletListing } from '../../domain/entities'
import { safeAppLink, safeWebLink } from '../../domain/validation/safe-links'
import type { WalletCatalogue } from '../../ports/wallet-catalogue'

/**
 * A catalogue (or custom) wallet reached over WalletConnect: the ConnectingWalletConnect view
 * carries it (QR titled with its name on desktop, its deep link on phones). Links are untrusted.
 */
export interface WalletConnectWallet {
  readonly id: string
  readonly name: string
  readonly imageUrl?: string
  /** The catalogue's `mobile_link`: a custom scheme (`foo://`) or a universal link (`https://…`). */
  readonly mobileLink?: string
  readonly desktopLink?: string
}

/** One row of a wallet list (Connect, AllWallets). Names and icons are untrusted wallet metadata. */
export type ConnectRow =
  /** A wallet in this browser: clicking connects it. */
  | {
      readonly kind: 'connector'
      /** rdns of an announced wallet, else the connector id (the row's `wallet-<key>` test id). */
      readonly key: string
      readonly connectorId: string
      readonly name: string
      readonly imageUrl?: string
      readonly tag?: 'Installed' | 'Recent'
      /** The chain families of a wallet offering several (its row shows a badge for each). */
      readonly chains?: readonly ChainNamespace[]
    }
  /** A catalogue (or custom) wallet not in this browser: the row leads to getting it. */
  | {
      readonly kind: 'wallet'
      readonly key: string
      readonly name: string
      readonly imageUrl?: string
      /** Where to get the wallet (its homepage or store page), http(s) only; absent when unknown. */
      readonly href?: string
      readonly tag?: 'Featured' | 'Recommended'
      /** Set when the wallet has WalletConnect links and WalletConnect is on: choosing it connects over WalletConnect. */
      readonly walletConnect?: WalletConnectWallet
    }

/** The connector of an installed wallet matching a catalogue listing (same rdns), if any. */
export function installedConnectorFor(listing: Pick<WalletListing, 'rdns'>, connectors: readonly Connector[]): Connector | undefined {
  if (listing.rdns === null || listing.rdns === '') return undefined
  return connectors.find((c) => c.info?.rdns === listing.rdns)
}

/** A catalogue listing as a row: connect when installed, else a "get" link. */
export function listingRow(
  listing: WalletListing,
  connectors: readonly Connector[],
  catalogue: Pick<WalletCatalogue, 'walletImageUrl'>,
  tag?: 'Featured' | 'Recommended',
): ConnectRow {
  const imageUrl = listing.image_id === '' ? undefined : catalogue.walletImageUrl(listing.image_id)
  const installed = installedConnectorFor(listing, connectors)
  if (installed !== undefined) {
    return { kind: 'connector', key: installed.info?.rdns ?? installed.id, connectorId: installed.id, name: listing.name, ...(imageUrl === undefined ? {} : { imageUrl }), tag: 'Installed' }
  }
  const href = getWalletUrl(listing)
  const walletConnect = walletConnectWallet(
    { id: listing.id, name: listing.name, imageUrl, mobileLink: listing.mobile_link, desktopLink: listing.desktop_link },
    connectors,
  )
  return {
    kind: 'wallet',
    key: listing.id,
    name: listing.name,
    ...(imageUrl === undefined ? {} : { imageUrl }),
    ...(href === undefined ? {} : { href }),
    ...(tag === undefined ? {} : { tag }),
    ...(walletConnect === undefined ? {} : { walletConnect }),
  }
}

/**
 * The wallet as a WalletConnect target when it has a mobile or desktop link that the allow-list
 * accepts (validation/safe-links) and WalletConnect is among the connectors; else undefined (the
 * row stays a "get this wallet" link). A refused link is dropped, so no button offers it.
 */
export function walletConnectWallet(
  wallet: { id: string; name: string; imageUrl?: string | undefined; mobileLink?: string | null | undefined; desktopLink?: string | null | undefined },
  connectors: readonly Connector[],
): WalletConnectWallet | undefined {
  const mobileLink = appLink(wallet.mobileLink)
  const desktopLink = appLink(wallet.desktopLink)
  if (mobileLink === undefined && desktopLink === undefined) return undefined
  if (!connectors.some((c) => c.id === WALLETCONNECT_CONNECTOR_ID)) return undefined
  return {
    id: wallet.id,
    name: wallet.name,
    ...(wallet.imageUrl === undefined ? {} : { imageUrl: wallet.imageUrl }),
    ...(mobileLink === undefined ? {} : { mobileLink }),
    ...(desktopLink === undefined ? {} : { desktopLink }),
  }
}

/** The link as given when the allow-list accepts it. */
function appLink(value: string | null | undefined): string | undefined {
  return safeAppLink(value) === undefined ? undefined : (value ?? undefined)
}

/** The row of an installed connector. */
export function connectorRow(connector: Connector, tag?: 'Installed' | 'Recent'): ConnectRow {
  return {
    kind: 'connector',
    key: connector.info?.rdns ?? connector.id,
    connectorId: connector.id,
    name: connector.name,
    ...(connector.imageUrl === undefined ? {} : { imageUrl: connector.imageUrl }),
    ...(tag === undefined ? {} : { tag }),
    // A badge per family on every installed row: two wallets of one name differ by their families.
    chains: chainsOf(connector),
  }
}

/**
 * Where a person gets a wallet: its browser-extension store page, else its homepage, the first the
 * allow-list accepts (https:, http: on this machine only).
 */
export function getWalletUrl(listing: Pick<WalletListing, 'chrome_store' | 'homepage'>): string | undefined {
  for (const candidate of [listing.chrome_store, listing.homepage]) {
    if (safeWebLink(candidate) !== undefined) return candidate ?? undefined
  }
  return undefined
}

/** True when a wallet passes the host's include and exclude lists (by catalogue id or rdns). */
export function passesFilter(
  ids: readonly (string | null | undefined)[],
  filter: { readonly include: readonly string[]; readonly exclude: readonly string[] },
): boolean {
  const known = ids.filter((id): id is string => typeof id === 'string' && id !== '')
  if (known.some((id) => filter.exclude.includes(id))) return false
  if (filter.include.length > 0 && !known.some((id) => filter.include.includes(id))) return false
  return true
}
