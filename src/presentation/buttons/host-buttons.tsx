/**
 * The host page's buttons (`walletgate/react`): ConnectButton, AccountButton and NetworkButton.
 * They live in the page's light DOM, are styled by one constructable stylesheet (no inline style,
 * so a strict Content-Security-Policy allows it) under `.wg-b`, follow the modal's theme mode and
 * the `--wg-*` variables, and speak the modal's language. They render on the server: the state
 * there is the server snapshot, or the account the host passes (`initialAccount`).
 */
import { lazy, Suspense } from 'react'
import { shortAddress } from '../../domain/format/address'
import { ELLIPSIS } from '../../domain/format/glyphs'
import { HostButton, useShownAccount, useStateField, useText, type AccountButtonProps, type NetworkButtonProps, type ShownAccount } from './button-parts'

export type { AccountButtonProps, ButtonSize, NetworkButtonProps } from './button-parts'

export interface ConnectButtonProps extends AccountButtonProps {
  /** Label while disconnected (default: "Connect Wallet" in the modal's language). */
  readonly label?: string
  /** Show the network button beside the account once connected (default true). */
  readonly showNetwork?: boolean
}

/**
 * "Connect Wallet" while disconnected; once connected the network and the account (avatar, name
 * or short address, balance). A returning visitor sees a pending button while the wallet
 * reconnects, never "Connect Wallet" first.
 */
export function ConnectButton({ label, showNetwork = true, ...props }: ConnectButtonProps) {
  const connect = useText('title.Connect', 'Connect Wallet')
  const connecting = `${useText('title.ConnectingExternal', 'Connecting')}${ELLIPSIS}`
  const status = useStateField('status')
  const restoring = useStateField('restoring')
  const account = useShownAccount()
  if (account !== undefined) return lazyPart(account, showNetwork ? 'both' : 'account', 'connect-button', props)
  const waiting = restoring || status === 'connecting'
  return (
    <HostButton {...props} tone={restoring ? ' wg-b-u' : ''} testId="connect-button" busy={waiting || undefined}>
      {waiting ? connecting : (label ?? connect)}
    </HostButton>
  )
}

/**
 * The connected buttons (avatar, balance, network): a chunk of their own, fetched once an account
 * shows. Offline, or after a deploy replaced the chunk, the page keeps the plain account button
 * rather than an error in the host's tree.
 */
const Connected = lazy(() =>
  import('./connected-buttons').then(
    (m) => ({ default: m.ConnectedButtons }),
    () => ({ default: PlainConnected }),
  ),
)

function PlainConnected({ part, testId, ...props }: AccountButtonProps & { readonly part: 'account' | 'network' | 'both'; readonly testId: string }) {
  const account = useShownAccount()
  return account === undefined || part === 'network' ? null : plainAccount(account, testId, props)
}

function plainAccount(account: ShownAccount, testId: string, props: AccountButtonProps) {
  return (
    <HostButton {...props} tone=" wg-b-u" testId={testId}>
      {account.name ?? shortAddress(account.address)}
    </HostButton>
  )
}

/** The connected buttons, drawn as the account's name or short address until their chunk arrives (and on the server). */
function lazyPart(account: ShownAccount | undefined, part: 'account' | 'network' | 'both', testId: string, props: AccountButtonProps) {
  return (
    <Suspense fallback={account === undefined || part === 'network' ? null : plainAccount(account, testId, props)}>
      <Connected part={part} testId={testId} {...props} />
    </Suspense>
  )
}

/** The connected account (avatar, name or short address, balance); opens Account. Nothing while disconnected. */
export function AccountButton(props: AccountButtonProps) {
  const account = useShownAccount()
  return account === undefined ? null : lazyPart(account, 'account', 'account-button', props)
}

/** The connected wallet's network (icon and name, or "Unsupported network"); opens Networks. Nothing while disconnected. */
export function NetworkButton(props: NetworkButtonProps) {
  return useStateField('status') === 'connected' ? lazyPart(undefined, 'network', 'network-button', props) : null
}
