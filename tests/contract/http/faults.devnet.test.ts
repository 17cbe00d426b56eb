/**
 * Every failure path of the HTTP adapters over real HTTP, with the devnet's fault injection
 * (500, 403, malformed JSON, a hang aborted by the caller), plus the behaviour only the wire shows:
 * identity query, shared fetches, caches and requests never made.
 */
import { firstValueFrom, take, toArray } from 'rxjs'
import { beforeEach, describe, expect, it } from 'vitest'
import type { CaipAddress } from '../../../src/domain/entities'
import {
  ALERT_ERRORS,
  GasPriceNetworkNotSupportedError,
  NameSuggestionsError,
  NamesForAddressError,
  RegisterNameError,
  ResolveNameError,
  SwapNetworkNotSupportedError,
} from '../../../src/domain/errors'
import { defaultOnRampOptions, placeholderQuote } from '../../../src/domain/on-ramp/on-ramp-fallbacks'
import { FetchAnalytics } from '../../../src/infrastructure/http/fetch-analytics'
import { FetchWalletCatalogue } from '../../../src/infrastructure/http/fetch-wallet-catalogue'
import { EventPoster } from '../../../src/infrastructure/http/event-poster'
import { FetchTelemetry } from '../../../src/infrastructure/telemetry/fetch-telemetry'
import type { Timers } from '../../../src/infrastructure/http/fetch-http-client'
import { HttpError, MalformedResponseError, ServiceTimeoutError } from '../../../src/ports/http-errors'
import { ManualClock } from '../../fakes/manual-clock'
import { fetchBlockchainService } from '../../support/fetch-blockchain-service'
import { WRITE_RETRIES } from '../../../src/infrastructure/http/idempotent-writes'
import { admin, devnet, devnetHttpClient, TEST_SDK_VERSION } from './devnet'

const CHAIN = 'eip155:31337'
const SWAP_CHAINS = [31337, 31338]

function world(clientId?: string) {
  const clock = new ManualClock()
  const http = devnetHttpClient(clientId === undefined ? {} : { clientId })
  const warnings: unknown[] = []
  const logger = { warn: (_message: string, details?: unknown) => void warnings.push(details) }
  return {
    clock,
    warnings,
    api: fetchBlockchainService(http, clock, { swapChainIds: SWAP_CHAINS, logger }),
    catalogue: new FetchWalletCatalogue(http),
    analytics: new FetchAnalytics(http, clock, { logger }),
    telemetry: new FetchTelemetry(new EventPoster(http, clock), clock, { logger }),
  }
}

const address = () => devnet().accounts[3]!.address
const account = (chain = CHAIN) => `${chain}:${address()}` as CaipAddress
const balancePath = () => `/v1/account/${address()}/balance`
const historyPath = () => `/v1/account/${address()}/history`

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`)
    },
    (error: unknown) => error,
  )
}

/** Aborts `controller` once the devnet has seen a request under `path` (it is then hanging). */
async function abortWhenSeen(path: string, controller: AbortController, count = 1): Promise<void> {
  await admin.waitForRequests(path, count)
  controller.abort()
}

beforeEach(async () => {
  await admin.clearFaults()
  await admin.clearRequests()
})

// On the project's devnet: the service's fault list and request log, cleared before each test.
describe('500', () => {
  it('rejects with HttpError "HTTP status code: 500" keeping the Response as cause', async () => {
    const { api } = world()
    await api.supportedChains.getSupportedChains()
    await admin.fault({ path: balancePath(), kind: '500' })
    const error = await rejection(api.balances.getBalances(account()))
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).message).toBe('HTTP status code: 500')
    expect((error as HttpError).status).toBe(500)
    expect((error as HttpError).cause).toBeInstanceOf(Response)
    expect((error as HttpError).cause.status).toBe(500)
    // The next call is served normally (the fault was for one request).
    await expect(api.balances.getBalances(account())).resolves.not.toEqual([])
  })

  it('falls back to the built-in on-ramp options and the placeholder quote', async () => {
    const { api, warnings } = world()
    await admin.fault({ path: '/v1/onramp/options', kind: '500' })
    await expect(api.onRamp.getOnRampOptions()).resolves.toEqual(defaultOnRampOptions())
    const params = { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100' }
    await admin.fault({ path: '/v1/onramp/quote', kind: '500' })
    await expect(api.onRamp.getOnRampQuote(params)).resolves.toEqual(placeholderQuote(params))
    expect(warnings).toHaveLength(2)
  })

  it('turns name-service failures into the spec errors, keeping the service error as cause', async () => {
    const { api } = world()
    await admin.fault({ path: '/v1/profile/suggestions/', kind: '500' })
    const suggestions = await rejection(api.names.getNameSuggestions('alice', { zone: 'wg.id' }))
    expect(suggestions).toBeInstanceOf(NameSuggestionsError)
    expect((suggestions as Error).message).toBe('Error fetching name suggestions')
    expect((suggestions as Error).cause).toBeInstanceOf(HttpError)

    await admin.fault({ path: '/v1/profile/account/', kind: '500' })
    const resolve = await rejection(api.names.lookUpName('alice.wg.id'))
    expect(resolve).toBeInstanceOf(ResolveNameError)
    expect((resolve as Error).message).toBe('Error resolving name')

    await admin.fault({ path: '/v1/profile/reverse/', kind: '500' })
    const reverse = await rejection(api.names.reverseLookUpNames(account()))
    expect(reverse).toBeInstanceOf(NamesForAddressError)
    expect((reverse as Error).message).toBe('Error fetching names for address')

    // A registration is sent again (with its Idempotency-Key) after a 5xx: the service fails every try.
    await admin.fault({ path: '/v1/profile/account', method: 'POST', kind: '500', count: 1 + WRITE_RETRIES })
    const register = await rejection(
      api.registration.registerName({ name: 'alice.wg.id', coinType: 1, address: address(), message: '{}', signature: '0x01' }),
    )
    expect(register).toBeInstanceOf(RegisterNameError)
    expect((register as Error).message).toBe('Error registering name alice.wg.id')
  })

  it('reports a catalogue failure as HttpError and a telemetry failure as "failed"', async () => {
    const { catalogue, telemetry, warnings } = world()
    await admin.fault({ path: '/getWallets', kind: '500' })
    await expect(catalogue.getWallets({ page: 1 })).rejects.toBeInstanceOf(HttpError)
    // An event is sent again after a 5xx (its answer may be lost), three times at most: failed
    // only when every try fails.
    await admin.fault({ path: '/e', kind: '500', count: 4 })
    await expect(telemetry.reportError(new Error('x'))).resolves.toBe('failed')
    expect(warnings).toHaveLength(1)
  })

  it('sends an event again after a 500, and it is counted once', async () => {
    const { telemetry } = world()
    await admin.clearRequests()
    await admin.fault({ path: '/e', kind: '500' })
    await expect(telemetry.reportError(new Error('retried after a 500'))).resolves.toBe('sent')
    expect(await admin.requests('/e')).toHaveLength(2)
    const kept = (await admin.analytics()).filter((e) => JSON.stringify(e.body.props).includes('retried after a 500'))
    expect(kept).toHaveLength(1)
  })
})

describe('403', () => {
  it('from analytics raises "Invalid App Configuration" once, however many 403s follow', async () => {
    const { analytics } = world()
    const alerts = firstValueFrom(analytics.alerts$.pipe(take(1), toArray()))
    await admin.fault({ path: '/e', kind: '403', count: 3 })
    for (let i = 0; i < 3; i++) await expect(analytics.sendEvent({ event: 'MODAL_OPEN' })).resolves.toBeUndefined()
    await expect(alerts).resolves.toEqual([ALERT_ERRORS.invalidAppConfiguration])
    const seen: unknown[] = []
    analytics.alerts$.subscribe((a) => seen.push(a)).unsubscribe()
    expect(seen).toEqual([ALERT_ERRORS.invalidAppConfiguration])
  })

  it('elsewhere is an HttpError with status 403', async () => {
    const { api } = world()
    await admin.fault({ path: '/v1/convert/gas-price', kind: '403' })
    const error = await rejection(api.swap.getGasPrice(CHAIN))
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).message).toBe('HTTP status code: 403')
  })

  it('on the on-ramp quote still gives the placeholder quote', async () => {
    const { api } = world()
    const params = { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '25' }
    await admin.fault({ path: '/v1/onramp/quote', kind: '403' })
    await expect(api.onRamp.getOnRampQuote(params)).resolves.toEqual(placeholderQuote(params))
  })
})

describe('malformed JSON', () => {
  it('rejects with MalformedResponseError', async () => {
    const { api, catalogue } = world()
    await api.supportedChains.getSupportedChains()
    await admin.fault({ path: balancePath(), kind: 'malformed' })
    const error = await rejection(api.balances.getBalances(account()))
    expect(error).toBeInstanceOf(MalformedResponseError)
    expect((error as MalformedResponseError).path).toBe(balancePath())
    await admin.fault({ path: '/getWallets', kind: 'malformed' })
    await expect(catalogue.getWallets({ page: 1 })).rejects.toBeInstanceOf(MalformedResponseError)
  })

  it('on the on-ramp options gives the built-in defaults', async () => {
    const { api } = world()
    await admin.fault({ path: '/v1/onramp/options', kind: 'malformed' })
    await expect(api.onRamp.getOnRampOptions()).resolves.toEqual(defaultOnRampOptions())
  })
})

describe('a hang, aborted by the caller', () => {
  it('rejects the caller with its abort reason', async () => {
    const { api } = world()
    await api.supportedChains.getSupportedChains()
    await admin.fault({ path: balancePath(), kind: 'hang' })
    const controller = new AbortController()
    const pending = api.balances.getBalances(account(), { signal: controller.signal })
    await abortWhenSeen(balancePath(), controller)
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('stays an abort for calls that otherwise fall back (on-ramp options)', async () => {
    const { api } = world()
    await admin.fault({ path: '/v1/onramp/options', kind: 'hang' })
    const controller = new AbortController()
    const pending = api.onRamp.getOnRampOptions({ signal: controller.signal })
    await abortWhenSeen('/v1/onramp/options', controller)
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('aborts POSTs and catalogue calls too', async () => {
    const { api, catalogue } = world()
    await admin.fault({ path: '/v1/onramp/quote', kind: 'hang' })
    const quoteAbort = new AbortController()
    const quote = api.onRamp.getOnRampQuote(
      { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100' },
      { signal: quoteAbort.signal },
    )
    await abortWhenSeen('/v1/onramp/quote', quoteAbort)
    await expect(quote).rejects.toMatchObject({ name: 'AbortError' })

    await admin.fault({ path: '/getWallets', kind: 'hang' })
    const walletsAbort = new AbortController()
    const wallets = catalogue.getWallets({ page: 1 }, { signal: walletsAbort.signal })
    await abortWhenSeen('/getWallets', walletsAbort)
    await expect(wallets).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('shared requests over the wire', () => {
  it('two concurrent identical calls make one request; a caller that aborts gets its abort, the other the answer', async () => {
    const { api } = world()
    await api.supportedChains.getSupportedChains()
    await admin.clearRequests()
    const leaving = new AbortController()
    const aborted = api.balances.getBalances(account(), { forceUpdate: true, signal: leaving.signal })
    const staying = api.balances.getBalances(account(), { forceUpdate: true })
    leaving.abort()
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' })
    const balances = await staying
    expect(balances.map((b) => b.symbol)).toContain('ETH')
    expect(await admin.requests(balancePath())).toHaveLength(1)
  })
})

describe('identity query', () => {
  it('every GET carries projectId, st, sv and clientId, and no empty value', async () => {
    const { api, catalogue } = world('client-42')
    await api.activity.getTransactions(account())
    await catalogue.getRecommendedWallets()
    const history = (await admin.requests(`/v1/account/${address()}/history`))[0]!
    expect(history.query).toEqual({
      chainId: CHAIN,
      projectId: devnet().projectId,
      st: 'walletgate',
      sv: TEST_SDK_VERSION,
      clientId: 'client-42',
    })
    const wallets = (await admin.requests('/getWallets'))[0]!
    expect(wallets.query).toEqual({
      page: '1',
      entries: '4',
      projectId: devnet().projectId,
      st: 'walletgate',
      sv: TEST_SDK_VERSION,
      clientId: 'client-42',
    })
  })
})

describe('caches', () => {
  it('serves balances from memory for 30 s; forceUpdate asks the service afresh', async () => {
    const { api, clock } = world()
    await api.balances.getBalances(account())
    await api.balances.getBalances(account())
    expect(await admin.requests(balancePath())).toHaveLength(1)
    clock.advance(29_999)
    await api.balances.getBalances(account())
    expect(await admin.requests(balancePath())).toHaveLength(1)
    clock.advance(1)
    await api.balances.getBalances(account())
    expect(await admin.requests(balancePath())).toHaveLength(2)
    await api.balances.getBalances(account(), { forceUpdate: true })
    const requests = await admin.requests(balancePath())
    expect(requests).toHaveLength(3)
    expect(requests[2]!.query.forceUpdate).toBe('true')
    expect(requests[0]!.query.forceUpdate).toBeUndefined()
  })

  it('serves identity and names from memory for 5 minutes', async () => {
    const { api, clock } = world()
    const identityPath = `/v1/identity/${address()}`
    await api.identity.getIdentity(account())
    clock.advance(5 * 60_000 - 1)
    await api.identity.getIdentity(account())
    await api.names.lookUpName('nobody-here.wg.id')
    await api.names.lookUpName('nobody-here.wg.id')
    expect(await admin.requests(identityPath)).toHaveLength(1)
    expect(await admin.requests('/v1/profile/account/nobody-here.wg.id')).toHaveLength(1)
    clock.advance(1)
    await api.identity.getIdentity(account())
    await api.identity.getIdentity(account(), { forceUpdate: true })
    expect(await admin.requests(identityPath)).toHaveLength(3)
  })
})

describe('requests never made', () => {
  it('an unsupported network gives empty results without a request to the endpoint', async () => {
    const { api } = world()
    await expect(api.balances.getBalances(account('eip155:999999'))).resolves.toEqual([])
    await expect(api.activity.getTransactions(account('eip155:999999'))).resolves.toEqual({ data: [], next: null })
    await expect(api.balances.getBalances(`polkadot:91b171bb158e2d3848fa23a9f1c25182:${address()}` as CaipAddress)).resolves.toEqual([])
    expect(await admin.requests('/v1/account/')).toEqual([])
  })

  it('swaps and gas price on an unsupported network throw before any request', async () => {
    const { api } = world()
    await expect(api.swap.getGasPrice('eip155:999999')).rejects.toBeInstanceOf(GasPriceNetworkNotSupportedError)
    await expect(api.swap.getSwapTokens('eip155:999999')).rejects.toBeInstanceOf(SwapNetworkNotSupportedError)
    await expect(
      api.swap.buildApproveTransaction({ userAddress: address(), from: 'eip155:999999:0x01', to: 'eip155:999999:0x02' }),
    ).rejects.toBeInstanceOf(SwapNetworkNotSupportedError)
    expect(await admin.requests('/')).toEqual([])
  })
})

/**
 * The client's timers, driven by the test: a time limit (`LIMIT_MS`) runs out only when the test
 * says so; a retry delay passes on the next turn of the event loop (no real wait either way).
 */
const LIMIT_MS = 10_000
class TestTimers implements Timers {
  private readonly limits = new Map<number, () => void>()
  readonly delays: number[] = []
  private nextId = 1

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++
    if (ms === LIMIT_MS) {
      this.limits.set(id, callback)
    } else {
      this.delays.push(ms)
      setImmediate(callback)
    }
    return id
  }

  clearTimeout(handle: unknown): void {
    this.limits.delete(handle as number)
  }

  /** Runs out every pending time limit. */
  runOutLimits(): number {
    const due = [...this.limits.values()]
    this.limits.clear()
    due.forEach((callback) => callback())
    return due.length
  }
}

function timedWorld(retries = 2) {
  const timers = new TestTimers()
  const http = devnetHttpClient({ retries, timers, timeoutMs: LIMIT_MS })
  return { timers, api: fetchBlockchainService(http, new ManualClock(), { swapChainIds: SWAP_CHAINS }), catalogue: new FetchWalletCatalogue(http) }
}

describe('a hang that runs out the time limit', () => {
  it('rejects with ServiceTimeoutError, not retried, and the next request is served once the service answers again', async () => {
    const { api, timers } = timedWorld()
    await api.supportedChains.getSupportedChains()
    await admin.fault({ path: balancePath(), kind: 'hang' })
    const pending = rejection(api.balances.getBalances(account()))
    await admin.waitForRequests(balancePath())
    expect(timers.runOutLimits()).toBe(1)
    const error = await pending
    expect(error).toBeInstanceOf(ServiceTimeoutError)
    expect((error as ServiceTimeoutError).path).toBe(balancePath())
    expect(await admin.requests(balancePath())).toHaveLength(1)
    // Recovery: the fault was for one request; asking again gets the balances.
    await expect(api.balances.getBalances(account(), { forceUpdate: true })).resolves.not.toEqual([])
  })

  it('bounds a hanging catalogue request the same way', async () => {
    const { catalogue, timers } = timedWorld()
    await admin.fault({ path: '/getWallets', kind: 'hang' })
    const pending = rejection(catalogue.getWallets({ page: 1 }))
    await admin.waitForRequests('/getWallets')
    timers.runOutLimits()
    await expect(pending).resolves.toBeInstanceOf(ServiceTimeoutError)
    await expect(catalogue.getWallets({ page: 1 })).resolves.toMatchObject({ count: expect.any(Number) as number })
  })
})

describe('retries of a GET over the wire', () => {
  // The history call: a GET the client asks again (balance calls are not retried: the balance
  // store's 30 s retry gate is their rule, pinned below).
  it('asks again after a 500 and resolves with the answer that follows', async () => {
    const { api, timers } = timedWorld()
    await api.supportedChains.getSupportedChains()
    await admin.fault({ path: historyPath(), kind: '500' })
    await expect(api.activity.getTransactions(account())).resolves.toBeDefined()
    expect(await admin.requests(historyPath())).toHaveLength(2)
    expect(timers.delays).toEqual([250])
  })

  it('gives up after 3 attempts with the last HttpError', async () => {
    const { api, timers } = timedWorld()
    await api.supportedChains.getSupportedChains()
    await admin.fault({ path: historyPath(), kind: '500', count: 3 })
    const error = await rejection(api.activity.getTransactions(account()))
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).status).toBe(500)
    expect(await admin.requests(historyPath())).toHaveLength(3)
    expect(timers.delays).toEqual([250, 500])
  })

  it('never asks for balances twice after a 500: the retry gate decides when', async () => {
    const { api, timers } = timedWorld()
    await api.supportedChains.getSupportedChains()
    await admin.fault({ path: balancePath(), kind: '500' })
    await expect(api.balances.getBalances(account())).rejects.toBeInstanceOf(HttpError)
    expect(await admin.requests(balancePath())).toHaveLength(1)
    expect(timers.delays).toEqual([])
  })

  it('never asks twice after a 403 or a malformed answer', async () => {
    const { api } = timedWorld()
    await api.supportedChains.getSupportedChains()
    await admin.fault({ path: balancePath(), kind: '403' })
    await expect(api.balances.getBalances(account())).rejects.toBeInstanceOf(HttpError)
    await admin.fault({ path: balancePath(), kind: 'malformed' })
    await expect(api.balances.getBalances(account())).rejects.toBeInstanceOf(MalformedResponseError)
    expect(await admin.requests(balancePath())).toHaveLength(2)
  })
})
