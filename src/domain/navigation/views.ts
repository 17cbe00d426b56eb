/**
 * Every view of the modal (spec section 2 plus the product's own views). The modal has no
 * URL routes: views live on a history stack (see router.ts).
 */
import type { Connector, WalletListing } from '../entities'

/** The views the specification names. */
export const SPEC_VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnectBasic',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingFarcaster',
  'UnsupportedChain',
  'SIWXSignMessage',
  'ApproveTransaction',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
] as const

/** Views the product needs beyond the specification's list. */
export const PRODUCT_VIEWS = [
  'Networks',
  'SwitchNetwork',
  'Send',
  'SendPreview',
  'Swap',
  'SwapPreview',
  'SwapSelectToken',
  'OnRamp',
  'OnRampProviders',
  'OnRampTokenSelect',
  'OnRampFiatSelect',
  'Transactions',
  'WalletReceive',
  'WhatIsAWallet',
  'WhatIsANetwork',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'UpdateEmailWallet',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
  'ConnectingSocial',
  'ConnectSocials',
  'ConnectWallets',
  'SwitchAccountType',
  'Profile',
  'AccountSettings',
  'ChooseAccountName',
  'SmartSessionList',
] as const

export const VIEW_NAMES = [...SPEC_VIEWS, ...PRODUCT_VIEWS] as const

export type SpecViewName = (typeof SPEC_VIEWS)[number]
export type ViewName = (typeof VIEW_NAMES)[number]

export function isViewName(value: unknown): value is ViewName {
  return typeof value === 'string' && (VIEW_NAMES as readonly string[]).includes(value)
}

/**
 * Data a view carries with it (ConnectingExternal carries the chosen connector,
 * ConnectingWalletConnect the chosen wallet, ...). Opaque to the router.
 */
export interface ViewData {
  connector?: Connector
  wallet?: WalletListing
  email?: string
  network?: string
  [key: string]: unknown
}
