/**
 * What the page's buttons share (./host-buttons.tsx and their connected parts,
 * ./connected-buttons.tsx): the modal from the provider, its state field by field, the buttons'
 * stylesheet, texts in the modal's language, and the button itself.
 */
import { createContext, useCallback, useContext, useEffect, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react'
import css from './buttons.css?inline'
import { UsageError } from '../../domain/domain-error'
import { prepareLocale, readyText } from '../i18n/i18n'
import { englishVersion, subscribeEnglish } from '../i18n/english'
import type { MessageKey } from '../i18n/catalogue'
import type { InitialAccount } from '../../domain/connection/initial-account'
import type { OpenOptions, WalletModal, WalletModalState } from '../../wallet-modal-types'

export interface ModalContextValue {
  readonly modal: WalletModal
  readonly initialAccount: InitialAccount | undefined
}

export const ModalContext = createContext<ModalContextValue | null>(null)

export function useModalContext(): ModalContextValue {
  const value = useContext(ModalContext)
  if (value === null) throw new UsageError('useWalletModal must be used inside <WalletModalProvider>')
  return value
}

/**
 * One field of the modal state, re-rendering only when that field changes (the host's button does
 * not re-render when the modal opens or changes view).
 */
export function useStateField<K extends keyof WalletModalState>(key: K): WalletModalState[K] {
  const { modal } = useModalContext()
  const subscribe = useCallback((onChange: () => void) => modal.subscribe(onChange), [modal])
  const read = () => modal.getState()[key]
  // Hydrating a server's page: the server could not know of a returning visitor's wallets (it draws
  // the account the host passed, if any), so neither does the first draw here.
  const readServer = () => (key === 'restoring' ? false : read()) as WalletModalState[K]
  return useSyncExternalStore(subscribe, read, readServer)
}

/** Adds a stylesheet of the buttons to the page, once, in the browser (a constructable sheet: a strict CSP allows it). */
export function adoptStyles(text: string): void {
  // A server has no CSSStyleSheet (asked first: a server page's globals stay untouched).
  if (typeof CSSStyleSheet !== 'function' || typeof document === 'undefined') return
  try {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(text)
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  } catch {
    // A browser without constructable stylesheets: the buttons stay plain buttons.
  }
}
adoptStyles(css)

/**
 * A text of the buttons in the modal's language: the modal's own (one translation per key), so the
 * button and the modal say the same. English at once; another language once its texts arrive
 * (fetched from the first draw, not when the page is idle).
 */
export function useText(key: MessageKey, english: string): string {
  const locale = useStateField('locale')
  useSyncExternalStore(subscribeEnglish, englishVersion, englishVersion)
  useEffect(() => void prepareLocale(locale), [locale])
  return readyText(locale, key) ?? english
}

export type ButtonSize = 'md' | 'sm'

export interface AccountButtonProps {
  /** `show` (default) puts the native balance before the name once it is read. */
  readonly balance?: 'show' | 'hide'
  readonly size?: ButtonSize
  /** Options passed to `modal.open()` (default: the Account view). */
  readonly openOptions?: OpenOptions
  readonly className?: string
}

export interface NetworkButtonProps {
  readonly size?: ButtonSize
  readonly className?: string
}


/** The account shown: the connected one, else (while a returning visitor's wallet reconnects) the one the server knew. */
export interface ShownAccount {
  readonly address: string
  readonly name: string | undefined
}

export function useShownAccount(): ShownAccount | undefined {
  const { initialAccount } = useModalContext()
  const status = useStateField('status')
  const address = useStateField('address')
  const profileName = useStateField('profileName')
  const restoring = useStateField('restoring')
  const hydrated = useSyncExternalStore(noSubscription, isBrowser, notBrowser)
  if (status === 'connected' && address !== undefined) return { address, name: profileName }
  // On the server and while hydrating the modal has not looked at its storage yet: the host's word stands.
  if (initialAccount !== undefined && (restoring || !hydrated)) return { address: initialAccount.address, name: initialAccount.profileName }
  return undefined
}

const noSubscription = () => () => undefined
const isBrowser = () => true
const notBrowser = () => false

/** A button of the page's: the modal's theme, opens the modal (and fetches it on hover or focus). */
export function HostButton({ size, className, tone = '', testId, openOptions, busy, children }: AccountButtonProps & { readonly tone?: string; readonly testId: string; readonly busy?: boolean; readonly children: ReactNode }) {
  const { modal } = useModalContext()
  const preload = () => void modal.preload().catch(() => undefined)
  const vars = useStateField('themeVariables')
  return (
    <button
      type="button"
      className={`wg-b${size === 'sm' ? ' wg-b-sm' : ''}${tone}${className === undefined ? '' : ` ${className}`}`}
      // The configuration's theme variables, as the modal's host gets them (set through the CSSOM, which a strict CSP allows).
      style={{ '--wg-accent': vars.accent, '--wg-radius': vars.radius, '--wg-font': vars.fontFamily } as CSSProperties}
      data-theme={useStateField('themeMode')}
      data-testid={testId}
      aria-haspopup="dialog"
      aria-busy={busy}
      onClick={() => void modal.open(openOptions)}
      onPointerEnter={preload}
      onFocus={preload}
    >
      {children}
    </button>
  )
}
