/**
 * Nothing global: importing Walletgate, creating a modal (with a good or a bad config) and parsing
 * the services' answers leave the page's zod as it was: no error map, no locale, JIT as the page
 * set it. The modal's wording comes from per-parse error maps; jitless is on only while the
 * modal's own schemas are built.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { aModalConfig } from '../../builders/config'
import { aNativeBalance } from '../../builders/a-token-balance'
import { ManualClock } from '../../fakes/manual-clock'
import { json, routedFetch } from '../infrastructure/http/routed-fetch'

const ACCOUNT = 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const

/** The global config as its own keys and values (toStrictEqual also tells a key set to undefined from none). */
const zodConfig = () => ({ ...z.config() })

/** What a host's own schemas say, before and after: the same words, whatever the modal did. */
function hostMessages(): string[] {
  const host = z.strictObject({ name: z.string(), size: z.number().check(z.gte(1)) })
  return (host.safeParse({ size: 0, extra: true }).error?.issues ?? []).map((issue) => issue.message)
}

/** Everything the modal does that builds or runs a zod schema, from import to a parsed answer. */
async function useTheModal(): Promise<void> {
  const { createWalletModal, InvalidConfigError } = await import('../../../src/index')
  createWalletModal(aModalConfig()).destroy()
  expect(() => createWalletModal(aModalConfig({ themeMode: 'blue' as 'dark' }))).toThrow(InvalidConfigError)

  const { FetchHttpClient } = await import('../../../src/infrastructure/http/fetch-http-client')
  const { FetchSupportedChainsApi } = await import('../../../src/infrastructure/http/blockchain/fetch-supported-chains-api')
  const { FetchBalancesApi } = await import('../../../src/infrastructure/http/blockchain/fetch-balances-api')
  // The areas' adapters build their wire schemas as their chunks load.
  await Promise.all([
    import('../../../src/infrastructure/http/blockchain/fetch-swap-api'),
    import('../../../src/infrastructure/http/blockchain/fetch-names-api'),
    import('../../../src/infrastructure/http/blockchain/fetch-on-ramp-api'),
  ])
  const { FetchWalletCatalogue } = await import('../../../src/infrastructure/http/fetch-wallet-catalogue')
  const { FetchAnalytics } = await import('../../../src/infrastructure/http/fetch-analytics')
  const { fetchFn } = routedFetch({
    'GET /v1/supported-chains': () => json({ http: ['eip155:31337'], ws: [] }),
    'GET /v1/account/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/balance': () => json({ balances: [aNativeBalance()] }),
    'GET /getWallets': () => json({ count: 0, data: [] }),
    'POST /e': () => json({}),
  })
  const http = new FetchHttpClient({ baseUrl: 'http://svc.test', projectId: 'p', sdkVersion: 'walletgate-0.1.0', fetch: fetchFn })
  const clock = new ManualClock()
  await expect(new FetchBalancesApi(http, new FetchSupportedChainsApi(http), clock).getBalances(ACCOUNT)).resolves.toHaveLength(1)
  await expect(new FetchWalletCatalogue(http).getWallets({ page: 1 })).resolves.toEqual({ count: 0, data: [] })
  await new FetchAnalytics(http, clock, { page: () => ({ url: 'http://host.test/', domain: 'host.test' }) }).sendEvent({
    event: 'MODAL_OPEN',
  })
}

describe('Walletgate leaves the page zod as it found it', () => {
  afterEach(() => {
    for (const key of Object.keys(z.config())) delete (z.config() as Record<string, unknown>)[key]
  })

  it('on a page that never configured zod', async () => {
    const before = zodConfig()
    const messages = hostMessages()
    await useTheModal()
    expect(zodConfig()).toStrictEqual(before)
    expect(hostMessages()).toEqual(messages)
  })

  it("on a page with its own error map, locale and JIT setting", async () => {
    const customError = () => 'page wording'
    const localeError = () => 'page locale'
    z.config({ customError, localeError, jitless: false })
    const before = zodConfig()
    const messages = hostMessages()
    expect(messages).toEqual(['page wording', 'page wording', 'page wording'])
    await useTheModal()
    expect(zodConfig()).toStrictEqual(before)
    expect(z.config().customError).toBe(customError)
    expect(hostMessages()).toEqual(messages)
  })

  it("gives the modal's own parses the spec's wording all the same", async () => {
    z.config({ customError: () => 'page wording' })
    const { parseConfig } = await import('../../../src/domain/config')
    expect(() => parseConfig({ networks: 'none' })).toThrow('networks: Expected array, received string')
    const { parseStoredRecentWallets } = await import('../../../src/domain/limits/recent-wallets')
    expect(parseStoredRecentWallets('[{"id":"a","name":"A","extra":1}]')).toEqual([{ id: 'a', name: 'A' }])
  })
})
