/**
 * Social login on walletgate-server's wallet origin over real HTTP, against an OAuth 2 provider of
 * GitHub's shape (the devnet's stand-in, on a port of its own): two replicas on one database take
 * the flow's steps in turn (started on one, answered on the other, redeemed on the first), only a
 * project's allowed host origin may start a flow, and what the provider names becomes the wallet's
 * user.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOAuth2StandIn, type OAuth2StandIn } from '../../../devnet/src/auth/social/standins/oauth2.js'
import { ManualClock } from '../../src/clock.js'
import type { Database } from '../../src/db/database.js'
import { LocalKeyEncryption, newKekEntry, parseKeks } from '../../src/wallet/key-encryption.js'
import { AuthAccounts } from '../../src/wallet/login/accounts.js'
import { OneTimeValues } from '../../src/wallet/login/one-time-values.js'
import { SOCIAL_MESSAGES, socialLogin } from '../../src/wallet/login/social/social-login.js'
import { buildWalletServer } from '../../src/wallet/wallet-server.js'
import { WalletKeys } from '../../src/wallet/wallet-keys.js'
import { migratedDatabase } from '../support.js'

const KEK = newKekEntry('k1')
const SHOP = 'https://shop.example'
const BINDING = 'server-test-binding-0123456789'
const clock = new ManualClock(Date.now())
const running: FastifyInstance[] = []
let provider: Server
let standIn: OAuth2StandIn | undefined
let db: Database
/** The wallet origin as visitors reach it: both replicas are behind it. */
let walletUrl = ''

async function replica(): Promise<string> {
  const keys = new WalletKeys(db, new LocalKeyEncryption(parseKeks(KEK)), clock)
  const app = await buildWalletServer({
    accounts: new AuthAccounts(db, keys, { clock }),
    keys,
    oneTime: new OneTimeValues(db, () => clock.now()),
    clock,
    walletUrl: () => walletUrl,
    chains: [],
    mail: async () => undefined,
    hostOrigin: async (projectId, origin) => (projectId === 'shop' && origin === SHOP ? SHOP : undefined),
    frameApp: async () => 'void 0',
    plugins: [
      socialLogin({
        settings: () => ({
          github: {
            kind: 'oauth2',
            shape: 'github',
            issuer: 'https://github.test/login/oauth',
            authorizationEndpoint: standIn!.endpoints.authorization,
            tokenEndpoint: standIn!.endpoints.token,
            userEndpoint: standIn!.endpoints.user,
            clientId: 'shop-wallet',
            clientSecret: 'shop-wallet-secret',
            scope: 'read:user user:email',
            clientAuth: 'post',
          },
        }),
        hostAllowed: async (origin, projectId) => projectId === 'shop' && origin === SHOP,
      }),
    ],
  })
  running.push(app)
  return (await app.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost')
}

let first = ''
let second = ''
beforeAll(async () => {
  db = await migratedDatabase()
  first = await replica()
  second = await replica()
  walletUrl = first
  provider = createServer((req, res) => {
    if (standIn?.handle(req, res, new URL(req.url ?? '/', 'http://provider')) !== true) res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
  standIn = startOAuth2StandIn({ shape: 'github', baseUrl: base, prefix: '/login/oauth', clientId: 'shop-wallet', clientSecret: 'shop-wallet-secret', redirectUri: `${walletUrl}/social/callback` })
})
afterAll(async () => {
  await Promise.all(running.map((app) => app.close()))
  await new Promise((resolve) => provider.close(resolve))
  await db.close()
})

const startAt = (replicaUrl: string, query: Record<string, string>) => fetch(`${replicaUrl}/v1/social/github/start?${new URLSearchParams({ binding: BINDING, mode: 'redirect', returnUrl: `${SHOP}/cart`, ...query }).toString()}`)

describe('social login on walletgate-server', () => {
  it('a flow started on one replica is answered on the other and redeemed on the first: the provider\'s person is the wallet\'s user', async () => {
    const started = await startAt(first, { origin: SHOP, projectId: 'shop' })
    expect(started.status).toBe(200)
    const { url } = (await started.json()) as { url: string }
    const authorize = new URL(url)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${walletUrl}/social/callback`)
    // The person picks who signs in on the provider's page.
    const page = await (await fetch(authorize)).text()
    const action = /<form method="post" action="([^"]+)"><input type="hidden" name="identity" value="github-1002">/.exec(page)![1]!.replace(/&amp;/g, '&')
    const picked = await fetch(new URL(action, authorize), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'identity=github-1002' })
    const answer = new URL(picked.headers.get('location')!)
    expect(answer.searchParams.get('code')).toBeTruthy()
    // The provider's answer reaches the other replica (the load balancer's choice).
    const back = await fetch(`${second}/social/callback${answer.search}`, { redirect: 'manual' })
    expect(back.status).toBe(302)
    const landing = new URL(back.headers.get('location')!)
    expect(`${landing.origin}${landing.pathname}`).toBe(`${SHOP}/cart`)
    const ticket = new URLSearchParams(landing.hash.slice(1)).get('walletgate_social')!
    const redeemed = await fetch(`${first}/v1/social/redeem`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket, binding: BINDING }) })
    expect(redeemed.status).toBe(200)
    const session = (await redeemed.json()) as { user: { socialProvider: string; userName: string; email: string; accounts: { eip155: string } } }
    expect(session.user).toMatchObject({ socialProvider: 'github', userName: 'bob' })
    expect(session.user.accounts.eip155).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The same answer again, on either replica, finds no flow.
    expect((await fetch(`${first}/social/callback${answer.search}`, { redirect: 'manual' })).status).toBe(400)
  })

  it("only a project's allowed host origin starts a flow, and only a configured provider", async () => {
    // A browser's page on another site, or one that names no project, gets nothing.
    for (const query of [{ origin: 'https://evil.example', projectId: 'shop' }, { origin: SHOP }, { origin: SHOP, projectId: 'other' }] as Record<string, string>[]) {
      const res = await startAt(first, query)
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ message: SOCIAL_MESSAGES.originNotAllowed })
    }
    const google = await fetch(`${first}/v1/social/google/start?${new URLSearchParams({ origin: SHOP, projectId: 'shop', binding: BINDING }).toString()}`)
    expect(google.status).toBe(400)
    expect(await google.json()).toEqual({ message: SOCIAL_MESSAGES.invalidProvider })
  })
})
