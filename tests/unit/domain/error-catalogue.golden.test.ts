/**
 * Golden test: every message of spec section 8, verbatim, and the domain value that produces it.
 * If a message changes here, it changed in the product.
 */
import { describe, expect, it } from 'vitest'
import * as errors from '../../../src/domain/errors'
import {
  ALERT_ERRORS,
  SNACK_MESSAGES,
  AddressOrAuthConnectorNotFoundError,
  ActionNotAllowedError,
  ChainAdapterNotFoundError,
  ChainRequiredForAccountDataError,
  ChainRequiredForConnectionClientError,
  ConnectionClientNotSetError,
  DisconnectChainError,
  DisconnectError,
  EmailLoginCooldownError,
  EmailLoginDependencyError,
  EmbeddedWalletError,
  GasPriceNetworkNotSupportedError,
  NameSuggestionsError,
  NamesForAddressError,
  NetworkClientNotSetError,
  NetworkNotFoundError,
  NoActiveCaipAddressError,
  NoActiveCaipNetworkError,
  NoConnectionClientError,
  RegisterNameError,
  RequestAbortedError,
  ResolveNameError,
  RpcCallNotAllowedError,
  SiwxNotEnabledError,
  SomethingWentWrongError,
  SwapNetworkNotSupportedError,
  TransactionsWithoutAddressError,
} from '../../../src/domain/errors'
import { checkEmailLogin } from '../../../src/domain/limits/email-cooldown'

describe('section 8: snack messages', () => {
  it.each([
    ['Token Balance Unavailable', SNACK_MESSAGES.tokenBalanceUnavailable],
    ['Failed to fetch transactions', SNACK_MESSAGES.failedToFetchTransactions],
    ['A problem occurred while trying initialize authentication', SNACK_MESSAGES.authenticationInitFailed],
    ['This application might not support Smart Accounts', SNACK_MESSAGES.smartAccountsUnsupported],
    ['Signature declined', SNACK_MESSAGES.signatureDeclined],
    ['Authenticating...', SNACK_MESSAGES.authenticating],
  ])('%s', (expected, actual) => {
    expect(actual).toBe(expected)
  })

  it('has no snack message beyond the catalogue', () => {
    expect(Object.keys(SNACK_MESSAGES)).toHaveLength(6)
  })
})

describe('section 8: thrown messages', () => {
  it.each([
    ['Network not supported for Gas Price', () => new GasPriceNetworkNotSupportedError()],
    ['Network not supported for Swaps', () => new SwapNetworkNotSupportedError()],
    ['Network not found', () => new NetworkNotFoundError()],
    ['Address or auth connector not found', () => new AddressOrAuthConnectorNotFoundError()],
    ['Error resolving name', () => new ResolveNameError()],
    ['Error fetching name suggestions', () => new NameSuggestionsError()],
    ['Error fetching names for address', () => new NamesForAddressError()],
    ['Error registering name alice.wg.id', () => new RegisterNameError('alice.wg.id')],
    ['Chain is required to update chain account data', () => new ChainRequiredForAccountDataError()],
    ['Chain adapter not found', () => new ChainAdapterNotFoundError()],
    ['NetworkController client not set', () => new NetworkClientNotSetError()],
    ['ConnectionController client not set', () => new ConnectionClientNotSetError()],
    ['Chain is required to get connection controller client', () => new ChainRequiredForConnectionClientError()],
    ['Failed to disconnect chain eip155', () => new DisconnectChainError('eip155')],
    ['Failed to disconnect', () => new DisconnectError()],
    ['SIWX is not enabled', () => new SiwxNotEnabledError()],
    ['No ActiveCaipAddress found', () => new NoActiveCaipAddressError()],
    ['No ActiveCaipNetwork or client found', () => new NoActiveCaipNetworkError()],
    ['No ConnectionController client found', () => new NoConnectionClientError()],
    ["Transactions can't be fetched without an accountAddress", () => new TransactionsWithoutAddressError()],
  ])('%s', (expected, make) => {
    expect(make().message).toBe(expected)
  })

  it('name-service errors use the first reason description when present', () => {
    const body = { reasons: [{ description: 'Name is already registered' }, { description: 'second' }] }
    expect(RegisterNameError.fromReasons('alice.wg.id', body).message).toBe('Name is already registered')
    expect(RegisterNameError.fromReasons('alice.wg.id', { reasons: [] }).message).toBe(
      'Error registering name alice.wg.id',
    )
    expect(RegisterNameError.fromReasons('bob.wg.id', 'not json').message).toBe('Error registering name bob.wg.id')
  })
})

describe('section 8: embedded wallet messages', () => {
  it('Please try again after N seconds (email login retried within 30 seconds)', () => {
    const check = checkEmailLogin(0, 12_000)
    expect(check.allowed).toBe(false)
    if (!check.allowed) expect(check.error.message).toBe('Please try again after 18 seconds')
    expect(new EmailLoginCooldownError(30).message).toBe('Please try again after 30 seconds')
  })

  it.each([
    ['Requested RPC call is not allowed', () => new RpcCallNotAllowedError()],
    ['Action not allowed', () => new ActionNotAllowedError()],
    ['Request was aborted', () => new RequestAbortedError()],
    ['Something went wrong', () => new SomethingWentWrongError()],
    ['An error occurred', () => new EmbeddedWalletError()],
    ['Unable to load email login dependency', () => new EmailLoginDependencyError()],
  ])('%s', (expected, make) => {
    expect(make().message).toBe(expected)
  })
})

describe('section 8: alert errors', () => {
  it.each([
    ['Network Not Found', ALERT_ERRORS.networkNotFound],
    ['Invalid App Configuration', ALERT_ERRORS.invalidAppConfiguration],
    ['Network Error - Could not load embedded wallet', ALERT_ERRORS.embeddedWalletLoadFailed],
    ['Embedded Wallet Request Timed Out', ALERT_ERRORS.embeddedWalletTimeout],
    ['Session Expired', ALERT_ERRORS.sessionExpired],
    ['Project ID Not Configured', ALERT_ERRORS.projectIdNotConfigured],
  ])('%s', (expected, alert) => {
    expect(alert.shortMessage).toBe(expected)
  })

  it('explains Invalid App Configuration as the origin missing from the allowlist', () => {
    expect(ALERT_ERRORS.invalidAppConfiguration.longMessage).toBe('Origin not found on the allowlist')
  })

  it('has exactly the six alerts of the catalogue, each with a distinct code', () => {
    const codes = Object.values(ALERT_ERRORS).map((a) => a.code)
    expect(codes).toHaveLength(6)
    expect(new Set(codes).size).toBe(6)
  })
})

describe('every error class', () => {
  type ErrorClass = (new (arg: unknown) => errors.DomainError) & { name: string }
  const classes: ErrorClass[] = (Object.values(errors) as unknown[]).filter(
    (v): v is ErrorClass => typeof v === 'function' && v.prototype instanceof errors.DomainError,
  )

  it('has a literal name equal to its class name and a distinct stable code', () => {
    // 20 thrown (section 8) + 7 embedded-wallet + 8 validation and wallet errors (section 5)
    expect(classes).toHaveLength(35)
    const codes = new Set<string>()
    for (const Cls of classes) {
      const instance = new Cls('x')
      expect(instance.name).toBe(Cls.name)
      expect(instance).toBeInstanceOf(Error)
      expect(errors.isDomainError(instance)).toBe(true)
      expect(instance.code).toMatch(/^[A-Z][A-Z0-9_]+$/)
      codes.add(instance.code)
    }
    expect(codes.size).toBe(classes.length)
  })

  it('keeps the cause it was given', () => {
    const cause = new Error('HTTP status code: 500')
    expect(new NetworkNotFoundError({ cause }).cause).toBe(cause)
    expect(new RegisterNameError('a', { cause }).cause).toBe(cause)
  })
})
