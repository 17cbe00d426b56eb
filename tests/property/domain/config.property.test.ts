/**
 * parseConfig checks the host's configuration with plain rules (no zod on the page's first
 * script). These properties hold those rules to the zod schema they replaced (./config-zod-oracle):
 * the same configurations pass, with the same resolved value, and the same ones fail, with the
 * same issues (path and wording) in the same order.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidConfigError, parseConfig } from '../../../src/domain/config'
import { parseConfigWithZod, type OracleOutcome } from './config-zod-oracle'

function outcomeOf(input: unknown): OracleOutcome {
  try {
    return { ok: true, value: parseConfig(input) }
  } catch (error) {
    if (!(error instanceof InvalidConfigError)) throw error
    const issues = error.message.replace(/^Invalid Walletgate config\. /, '')
    return { ok: false, issues: [{ path: [...error.fields], message: issues }] }
  }
}

/**
 * The zod outcome in the shape outcomeOf gives (InvalidConfigError's fields and message), less
 * one zod quirk the rules leave out on purpose: after a wrong type zod still ran the length check
 * on the value ("Expected string, received array" and then "Array must contain at least 1
 * element(s)"), naming the field twice for one mistake.
 */
function expectedOf(input: unknown): OracleOutcome {
  const zod = parseConfigWithZod(input)
  if (zod.ok) return zod
  const path = (p: readonly PropertyKey[]) => (p.length === 0 ? '(root)' : p.map(String).join('.'))
  const issues = zod.issues.filter((issue, i) => {
    const before = zod.issues[i - 1]
    return !(before !== undefined && path(before.path) === path(issue.path) && /^Expected \w+, received /.test(before.message))
  })
  return {
    ok: false,
    issues: [{ path: issues.map((i) => path(i.path)), message: issues.map((i) => `${path(i.path)}: ${i.message}`).join('; ') }],
  }
}

const net = {
  id: 1,
  chainNamespace: 'eip155',
  name: 'N',
  nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 },
  rpcUrls: ['http://127.0.0.1:8545'],
}

/** Values that hit every branch of the rules: right and wrong types, edges, odd strings and URLs. */
const leaf = fc.oneof(
  fc.constantFrom(
    undefined, null, true, false, 0, -0, 1, -1, 1.5, 36, 37, 2 ** 60, -(2 ** 60), Number.NaN, Infinity, -Infinity,
    '', ' ', 'a', ' ab ', '1', 'eip155:1', 'eip155', 'solana', 'foo', 'dark', 'light', 'blue', 'google', 'nope', 'email', 'wallet',
    'http://a', 'https://x.example/p', ' http://x\t/a ', 'http:x', 'ftp://x', 'ws://r', 'wss://r/ a', 'ws:x',
    'http://a b', [], {}, [1], ['http://a'], () => undefined, new Date(0),
    { add: () => undefined, get: () => undefined, delete: () => undefined },
  ),
  fc.string({ maxLength: 6 }),
  fc.integer(),
)

const KEYS = [
  'projectId', 'networks', 'defaultNetwork', 'metadata', 'themeMode', 'themeVariables', 'features', 'connectMethodsOrder',
  'connectorTypeOrder', 'featuredWalletIds', 'includeWalletIds', 'excludeWalletIds', 'customWallets', 'siwx',
  'allowUnsupportedChain', 'enableWalletConnect', 'browserWallets', 'clientId', 'services', 'onEvent', 'colour',
]
const NESTED_KEYS = [
  'id', 'chainNamespace', 'name', 'nativeCurrency', 'rpcUrls', 'blockExplorerUrl', 'imageUrl', 'testnet', 'symbol',
  'decimals', 'description', 'url', 'icons', 'accent', 'radius', 'fontFamily', 'send', 'socials', 'homepage',
  'mobileLink', 'required', 'statement', 'domain', 'uri', 'expiresInMs', 'signOutOnDisconnect', 'storage', 'verify', 'blockchainApi', 'walletCatalogue', 'analytics', 'relay', 'extra',
]

/** Objects and arrays built from those leaves and the keys the rules know (and a few they do not). */
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...NESTED_KEYS), tie('v'), { maxKeys: 5 }),
  ),
})).v

/** A valid network with some fields replaced. */
const network = fc
  .dictionary(fc.constantFrom(...NESTED_KEYS), value, { maxKeys: 3 })
  .map((changes) => ({ ...net, ...changes }))

const config = fc.record(
  {
    networks: fc.oneof(fc.array(network, { maxLength: 2 }), value),
    rest: fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }),
  },
  { requiredKeys: ['rest'] },
).map(({ networks, rest }) => (networks === undefined ? rest : { networks, ...rest }))

describe('parseConfig agrees with the zod schema it replaced', () => {
  it('on generated configurations', () => {
    fc.assert(
      fc.property(config, (input) => {
        expect(outcomeOf(input)).toEqual(expectedOf(input))
      }),
      { numRuns: 1500 },
    )
  })

  it('on generated top-level values', () => {
    fc.assert(
      fc.property(value, (input) => {
        expect(outcomeOf(input)).toEqual(expectedOf(input))
      }),
      { numRuns: 500 },
    )
  })

  it('on the edges of every field', () => {
    const cases: unknown[] = [
      { networks: [{ ...net, id: -1 }] },
      { networks: [{ ...net, id: 1.5 }] },
      { networks: [{ ...net, id: 2 ** 60 }] },
      { networks: [{ ...net, id: '' }] },
      { networks: [{ ...net, nativeCurrency: { ...net.nativeCurrency, decimals: -(2 ** 60) }, extra: 1, more: 2 }] },
      { networks: [{ ...net, rpcUrls: [' http://x\t/a ', 'ftp://x', 'http:x', 3, 'http://a b'] }] },
      { networks: [net], features: { socials: ['google', 'nope'], send: 'yes', x: 1 } },
      { networks: [net], projectId: ' ab ', metadata: { name: 'a', url: ' https://x/\n ' } },
      { networks: [net], services: { relay: 'http://x', analytics: undefined, foo: 1 } },
      // Every service defaulted, the auth service's too (a generated case found it missing here).
      { networks: [net], services: {} },
      { networks: [net], services: { auth: 'ftp://x' } },
      { networks: [net], colour: 'red', size: 1 },
      { networks: [net], siwx: {} },
      { networks: [net], siwx: { required: true, domain: '', uri: 'ftp://x', expiresInMs: 0, storage: {}, verify: 1 } },
      { networks: [net], siwx: { expiresInMs: 1.5, signOutOnDisconnect: 'no', storage: { add() {}, get() {}, delete() {} } } },
      { networks: [net], siwx: { domain: 'app.example:8080', uri: ' https://app.example/ ', verify: () => true, x: 1 } },
      { networks: [net], defaultNetwork: 'eip155:2' },
      { networks: [net], defaultNetwork: 'eip155:1' },
      { networks: [net], defaultNetwork: '1' },
      { networks: [net], defaultNetwork: 'solana:1', themeMode: 'blue' },
      { networks: [net, { ...net, id: String(net.id) }] },
      { networks: [net, net, net], defaultNetwork: 'eip155:9' },
      { networks: [net, { ...net, chainNamespace: 'solana' }] },
      JSON.parse('{"networks":[],"__proto__":{"a":1}}'),
      { projectId: 'p' },
      'x',
    ]
    for (const input of cases) expect(outcomeOf(input), JSON.stringify(input)).toEqual(expectedOf(input))
  })
})
