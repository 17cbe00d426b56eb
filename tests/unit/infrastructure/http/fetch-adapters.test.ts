import { describe, expect, it } from 'vitest'
import { ALERT_ERRORS, RegisterNameError } from '../../../../src/domain/errors'
import { defaultOnRampOptions, placeholderQuote } from '../../../../src/domain/on-ramp/on-ramp-fallbacks'
import { FetchAnalytics } from '../../../../src/infrastructure/http/fetch-analytics'
import { FetchHttpClient } from '../../../../src/infrastructure/http/fetch-http-client'
import { TtlCache } from '../../../../src/infrastructure/http/ttl-cache'
import { EventPoster } from '../../../../src/infrastructure/http/event-poster'
import { FetchTelemetry } from '../../../../src/infrastructure/telemetry/fetch-telemetry'
import { ServiceUnreachableError } from '../../../../src/ports/http-errors'
import { aNativeBalance } from '../../../builders/a-token-balance'
import { ManualClock } from '../../../fakes/manual-clock'
import { fetchBlockchainService } from '../../../support/fetch-blockchain-service'
import { json, routedFetch, type Route } from './routed-fetch'

/** Waits that end at once (the event poster's retries). */
const INSTANT_TIMERS = {
  setTimeout: (callback: () => void) => {
    queueMicrotask(callback)
    return 0
  },
  clearTimeout: () => undefined,
}

const ACCOUNT = 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const

function setup(routes: Record<string, Route>, retries = 0) {
  const { fetchFn, requests } = routedFetch({
    'GET /v1/supported-chains': () => json({ http: ['eip155:31337'], ws: [] }),
    ...routes,
  })
  const clock = new ManualClock()
  // One attempt per request: these tests look at what each answer becomes (retries: the client's tests).
  const http = new FetchHttpClient({ baseUrl: 'http://svc.test', projectId: 'p', sdkVersion: 'walletgate-0.1.0', fetch: fetchFn, retries })
  const warnings: unknown[] = []
  const logger = { warn: (_m: string, d?: unknown) => void warnings.push(d) }
  return {
    requests,
    clock,
    warnings,
    api: fetchBlockchainService(http, clock, { swapChainIds: [31337], logger }),
    analytics: new FetchAnalytics(http, clock, { logger, page: () => ({ url: 'http://host.test/', domain: 'host.test' }), timers: INSTANT_TIMERS }),
    telemetry: new FetchTelemetry(new EventPoster(http, clock, { page: () => ({ url: 'http://host.test/', domain: 'host.test' }) }), clock, { logger }),
  }
}

describe('TtlCache', () => {
  it('keeps a value until its time to live has passed', () => {
    const clock = new ManualClock()
    const cache = new TtlCache<string>(clock, 1_000)
    cache.set('k', 'v')
    clock.advance(999)
    expect(cache.get('k')).toBe('v')
    clock.advance(1)
    expect(cache.get('k')).toBeUndefined()
  })
})

describe('the blockchain service adapters', () => {
  it('still asks for balances when the supported-chains list cannot be fetched', async () => {
    const { api, requests } = setup({
      'GET /v1/supported-chains': () => json({ message: 'down' }, 503),
      'GET /v1/account/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/balance': () => json({ balances: [aNativeBalance()] }),
    })
    await expect(api.balances.getBalances(ACCOUNT)).resolves.toHaveLength(1)
    expect(requests.map((r) => r.url.pathname)).toEqual([
      '/v1/supported-chains',
      '/v1/account/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/balance',
    ])
  })

  it('asks for balances once on a failure even when the client retries GETs: the 30 s retry gate is the rule', async () => {
    const { api, requests } = setup(
      { 'GET /v1/account/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/balance': () => json({ message: 'down' }, 500) },
      2,
    )
    await expect(api.balances.getBalances(ACCOUNT)).rejects.toThrow()
    expect(requests.filter((r) => r.url.pathname.endsWith('/balance'))).toHaveLength(1)
  })

  it('fetches the supported-chains list once while it succeeds', async () => {
    const { api, requests } = setup({})
    await api.supportedChains.isNetworkSupported('eip155:31337')
    await api.supportedChains.isNetworkSupported('eip155:1')
    expect(requests).toHaveLength(1)
  })

  it('sends the balance query the spec lists and parses the answer with the domain schema', async () => {
    const { api, requests } = setup({
      'GET /v1/account/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/balance': () => json({ balances: [aNativeBalance()] }),
    })
    await api.balances.getBalances(ACCOUNT, { forceUpdate: true })
    const query = Object.fromEntries(requests[1]!.url.searchParams)
    expect(query).toMatchObject({ currency: 'usd', chainId: 'eip155:31337', forceUpdate: 'true' })
  })

  it('uses the first name-service reason as the registration error message', async () => {
    const { api } = setup({
      'POST /v1/profile/account': () => json({ reasons: [{ description: 'Name is already taken' }] }, 400),
    })
    const error = await api.registration
      .registerName({ name: 'alice.wg.id', coinType: 1, address: '0x01', message: '{}', signature: '0x01' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RegisterNameError)
    expect((error as Error).message).toBe('Name is already taken')
  })

  it('answers null for a name the service does not know (404)', async () => {
    const { api } = setup({ 'GET /v1/profile/account/ghost.wg.id': () => json({ message: 'not found' }, 404) })
    await expect(api.names.lookUpName('ghost.wg.id')).resolves.toBeNull()
  })

  it('posts the build-transaction body with the default slippage of 1 and the project id', async () => {
    const tx = { from: '0x1', to: '0x2', data: '0x', amount: '0', eip155: { gas: '1', gasPrice: '1' } }
    const { api, requests } = setup({ 'POST /v1/convert/build-transaction': () => json({ tx }) })
    await expect(
      api.swap.buildSwapTransaction({ amount: '10', from: 'eip155:31337:0xa', to: 'eip155:31337:0xb', userAddress: '0xc' }),
    ).resolves.toEqual(tx)
    expect(requests[0]!.body).toEqual({
      amount: '10',
      eip155: { slippage: 1 },
      projectId: 'p',
      from: 'eip155:31337:0xa',
      to: 'eip155:31337:0xb',
      userAddress: '0xc',
      disableEstimate: false,
    })
  })

  it('falls back on an unreachable service for on-ramp options and quote, and warns', async () => {
    const failing = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch
    const http = new FetchHttpClient({ baseUrl: 'http://svc.test', projectId: 'p', sdkVersion: 'v', fetch: failing })
    const warnings: unknown[] = []
    const api = fetchBlockchainService(http, new ManualClock(), { logger: { warn: (_m, d) => void warnings.push(d) } })
    await expect(api.onRamp.getOnRampOptions()).resolves.toEqual(defaultOnRampOptions())
    const params = { purchaseCurrency: 'USDC', paymentCurrency: 'EUR', amount: '30' }
    await expect(api.onRamp.getOnRampQuote(params)).resolves.toEqual(placeholderQuote(params))
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toBeInstanceOf(ServiceUnreachableError)
  })
})

describe('FetchAnalytics', () => {
  it('sends an event whose answer was lost again, the same event under the same Idempotency-Key', async () => {
    const keys: (string | null)[] = []
    let answers = 0
    const { analytics, requests, warnings } = setup({
      'POST /e': ({ init }) => {
        keys.push(new Headers(init?.headers).get('idempotency-key'))
        answers += 1
        return answers === 1 ? json({ message: 'down' }, 503) : json({ accepted: true }, 202)
      },
    })
    await analytics.sendEvent({ event: 'MODAL_OPEN' })
    expect(requests).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/)
    expect(keys[1]).toBe(keys[0])
    expect(requests[1]!.body).toEqual(requests[0]!.body)
    expect(warnings).toEqual([])
  })

  it('raises the alert once on 403 and only warns on other failures', async () => {
    let status = 500
    const { analytics, warnings } = setup({ 'POST /e': () => json({ message: 'x' }, status) })
    const alerts: unknown[] = []
    analytics.alerts$.subscribe((a) => alerts.push(a))
    await analytics.sendEvent({ event: 'A' })
    expect(alerts).toEqual([])
    expect(warnings).toHaveLength(1)
    status = 403
    await analytics.sendEvent({ event: 'B' })
    await analytics.sendEvent({ event: 'C' })
    expect(alerts).toEqual([ALERT_ERRORS.invalidAppConfiguration])
  })

  it('posts eventId, url, domain, timestamp and props with projectId, st and sv', async () => {
    const { analytics, requests, clock } = setup({ 'POST /e': () => json({ accepted: true }, 202) })
    await analytics.sendEvent({ event: 'MODAL_OPEN', properties: { a: 1 }, address: '0xabc' })
    const request = requests[0]!
    expect(Object.fromEntries(request.url.searchParams)).toEqual({ projectId: 'p', st: 'walletgate', sv: 'walletgate-0.1.0' })
    expect(request.body).toMatchObject({
      url: 'http://host.test/',
      domain: 'host.test',
      timestamp: clock.now(),
      props: { type: 'track', event: 'MODAL_OPEN', properties: { a: 1 }, address: '0xabc' },
    })
  })
})

describe('FetchTelemetry', () => {
  it('drops the sixth error in a minute without a request', async () => {
    const { telemetry, requests } = setup({ 'POST /e': () => json({ accepted: true }, 202) })
    const outcomes = []
    for (let i = 0; i < 6; i++) outcomes.push(await telemetry.reportError(new Error(String(i))))
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'dropped'])
    expect(requests).toHaveLength(5)
    expect(requests[0]!.body).toMatchObject({ props: { type: 'ERROR', name: 'Error', message: '0' } })
  })

  it('never rejects, even for values that cannot be serialised', async () => {
    const { telemetry } = setup({ 'POST /e': () => json({ accepted: true }, 202) })
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    await expect(telemetry.reportError(cyclic)).resolves.toBe('sent')
    await expect(telemetry.reportError(Symbol('s'))).resolves.toBe('sent')
  })
})
