/**
 * The host buttons once an account is connected (avatar, name or short address, balance, network):
 * a chunk of its own, so a page pays for them only when a visitor has connected.
 */
import { useMemo } from 'react'
import css from './connected.css?inline'
import { shortAddress } from '../../domain/format/address'
import { avatarPattern } from '../views/account/avatar'
import { adoptStyles, HostButton, useShownAccount, useStateField, useText, type AccountButtonProps, type NetworkButtonProps } from './button-parts'

adoptStyles(css)

export interface ConnectedButtonsProps extends AccountButtonProps {
  /** Which buttons: the account, the network, or both side by side (ConnectButton). */
  readonly part: 'account' | 'network' | 'both'
  readonly testId: string
}

export function ConnectedButtons({ part, testId, ...props }: ConnectedButtonsProps) {
  if (part === 'network') return <NetworkButtonAs testId={testId} size={props.size} className={props.className} />
  if (part === 'account') return <AccountButtonAs testId={testId} {...props} />
  return (
    <span className="wg-b-g">
      <NetworkButtonAs testId="network-button" size={props.size} className={props.className} />
      <AccountButtonAs testId={testId} {...props} />
    </span>
  )
}

function Avatar({ address }: { readonly address: string }) {
  const { d, background, foreground } = useMemo(() => avatarPattern(address), [address])
  return (
    <svg className="wg-b-i" viewBox="-1 -1 7 7" aria-hidden="true">
      <rect x="-1" y="-1" width="7" height="7" fill={background} />
      <path d={d} fill={foreground} />
    </svg>
  )
}

function AccountButtonAs({ balance = 'show', testId, ...props }: AccountButtonProps & { readonly testId: string }) {
  const account = useShownAccount()
  const locale = useStateField('locale')
  const amount = useStateField('balance')
  const symbol = useStateField('balanceSymbol')
  const status = useStateField('status')
  if (account === undefined) return null
  return (
    <HostButton {...props} tone=" wg-b-u" testId={testId} busy={status === 'connected' ? undefined : true}>
      {balance === 'show' && amount !== undefined && symbol !== undefined ? (
        <span className="wg-b-m" data-testid="account-button-balance">
          {`${formatBalance(amount, locale)} ${symbol}`}
        </span>
      ) : null}
      <Avatar address={account.address} />
      <span className="wg-b-t">{account.name ?? shortAddress(account.address)}</span>
    </HostButton>
  )
}

/** A balance as the modal writes it (3 decimals, cut), in the visitor's number writing. */
function formatBalance(amount: string, locale: string): string {
  const value = Number(amount)
  if (!Number.isFinite(value)) return amount
  try {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(value)
  } catch {
    return amount
  }
}

function NetworkButtonAs({ testId, ...props }: NetworkButtonProps & { readonly testId: string }) {
  const unsupported = useText('account.unsupportedNetwork', 'Unsupported network')
  const status = useStateField('status')
  const name = useStateField('networkName')
  const image = useStateField('networkImageUrl')
  if (status !== 'connected') return null
  return (
    <HostButton {...props} tone={name === undefined ? ' wg-b-u wg-b-x' : ' wg-b-u'} testId={testId} openOptions={{ view: 'Networks' }}>
      {name === undefined ? null : image === undefined ? (
        <span className="wg-b-i wg-b-n" aria-hidden="true">
          {name.slice(0, 1)}
        </span>
      ) : (
        <img className="wg-b-i" src={image} alt="" />
      )}
      <span className="wg-b-t">{name ?? unsupported}</span>
    </HostButton>
  )
}
