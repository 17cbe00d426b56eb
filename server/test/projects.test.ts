import { describe, expect, it } from 'vitest'
import { ManualClock } from '../src/clock.js'
import { originAllowed, originOf, PROJECT_CACHE_MS, ProjectInputError, Projects } from '../src/projects.js'
import { ENGINES } from './engines.js'
import { migratedDatabase } from './support.js'

describe('origins', () => {
  it('are scheme, host and a port that is not the default, as browsers send them', () => {
    expect(originOf('https://app.example')).toBe('https://app.example')
    expect(originOf('https://app.example/')).toBe('https://app.example')
    expect(originOf('https://app.example:443')).toBe('https://app.example')
    expect(originOf('http://localhost:5173')).toBe('http://localhost:5173')
  })

  it("may be the modal's patterns: any port of a host, any subdomain of a domain", () => {
    expect(originOf('http://127.0.0.1:*')).toBe('http://127.0.0.1:*')
    expect(originOf('https://*.example.com')).toBe('https://*.example.com')
    expect(originOf('https://*.example.com:8443')).toBe('https://*.example.com:8443')
  })

  it.each([
    ['http://127.0.0.1:5173', 'http://127.0.0.1:*', true],
    ['http://127.0.0.1', 'http://127.0.0.1:*', true],
    ['https://127.0.0.1:5173', 'http://127.0.0.1:*', false],
    ['http://127.0.0.10:5173', 'http://127.0.0.1:*', false],
    ['http://127.0.0.1.evil.test:80', 'http://127.0.0.1:*', false],
    ['https://shop.example.com', 'https://*.example.com', true],
    ['https://example.com', 'https://*.example.com', false],
    ['https://evilexample.com', 'https://*.example.com', false],
    ['https://shop.example.com.evil.test', 'https://*.example.com', false],
    ['https://shop.example.com:8443', 'https://*.example.com', false],
    ['null', 'http://127.0.0.1:*', false],
    ['http://127.0.0.1:5173/', 'http://127.0.0.1:*', false],
    ['https://app.example', 'https://app.example', true],
    ['https://app.example.evil.test', 'https://app.example', false],
  ])('%s against %s: %s', (origin, allowed, expected) => {
    expect(originAllowed(origin, allowed)).toBe(expected)
  })

  it.each(['https://app.example/path', 'https://*.example', 'http://*:*', '*', 'https://*.example.com/x', 'https://a.*.example.com', 'null', 'https://user:pw@app.example', 'javascript:alert(1)', 'app.example', 'https://app.example?x=1'])(
    'refuse %s',
    (value) => {
      expect(() => originOf(value)).toThrow(ProjectInputError)
    },
  )
})

describe.each(ENGINES)('projects on $name', ({ open }) => {
  it('are added with their origins, listed, and removed with them', async () => {
    const db = await migratedDatabase(open)
    const projects = new Projects(db, new ManualClock())
    await projects.add('shop', ['https://shop.example'])
    await projects.add('shop', ['https://shop.example', 'http://localhost:5173'])
    await projects.add('blog', ['https://blog.example'])
    expect(await projects.list()).toEqual([
      { id: 'blog', origins: ['https://blog.example'] },
      { id: 'shop', origins: ['http://localhost:5173', 'https://shop.example'] },
    ])
    expect(await projects.origins('nope')).toBeUndefined()
    expect(await projects.remove('shop')).toBe(true)
    expect(await projects.remove('shop')).toBe(false)
    expect(await projects.origins('shop')).toBeUndefined()
    await expect(projects.add("x'; DROP TABLE projects; --", ['https://a.example'])).rejects.toThrow(ProjectInputError)
    expect((await projects.list()).map((p) => p.id)).toEqual(['blog'])
    await db.close()
  })
})

describe("the server's origin rule", () => {
  // The server cannot import the modal's code (its package builds from server/src alone), so it holds
  // its own copy of the modal's rule (src/domain/validation/origin-allow-list.ts); the two must agree.
  it("is the modal's: both agree on generated origins and patterns", async () => {
    const fc = (await import('fast-check')).default
    const { originAllowed: modalRule } = await import('../../src/domain/validation/origin-allow-list.js')
    const host = fc.constantFrom('127.0.0.1', 'localhost', 'app.example', 'shop.app.example', 'example', 'app.example.evil.test', 'evilapp.example')
    const scheme = fc.constantFrom('http', 'https')
    const port = fc.constantFrom('', ':80', ':443', ':5173', ':8443')
    const origin = fc.oneof(fc.tuple(scheme, host, port).map(([s, h, p]) => `${s}://${h}${p}`), fc.constantFrom('null', 'http://127.0.0.1:5173/', 'https://app.example/x'))
    const pattern = fc.tuple(scheme, fc.boolean(), host, fc.constantFrom('', ':*', ':5173', ':443')).map(([s, wild, h, p]) => `${s}://${wild ? '*.' : ''}${h}${p}`)
    fc.assert(
      fc.property(origin, pattern, (o, p) => {
        expect(originAllowed(o, p)).toBe(modalRule(o, [p]))
      }),
      { numRuns: 2_000 },
    )
  })
})

describe('projects kept by a replica (cached)', () => {
  it('count an added origin at once, and a removed one within PROJECT_CACHE_MS on every replica', async () => {
    const db = await migratedDatabase()
    const clock = new ManualClock(0)
    const admin = new Projects(db, clock)
    const replica = new Projects(db, clock, { cached: true })
    await admin.add('shop', ['https://app.example'])
    expect(await replica.allows('shop', 'https://app.example')).toBe(true)
    expect(await replica.allows('shop', 'https://new.example')).toBe(false)
    await admin.add('shop', ['https://new.example'])
    expect(await replica.allows('shop', 'https://new.example')).toBe(true)
    expect(await replica.anyAllows('https://new.example')).toBe(true)
    await admin.remove('shop')
    // Still the replica's copy for a few seconds, then gone.
    expect(await replica.allows('shop', 'https://app.example')).toBe(true)
    clock.advance(PROJECT_CACHE_MS + 1)
    expect(await replica.allows('shop', 'https://app.example')).toBe(false)
    expect(await replica.origins('shop')).toBeUndefined()
    await db.close()
  })

  it('answer a call at once from the copy only when it says yes, and never past its life', async () => {
    const db = await migratedDatabase()
    const clock = new ManualClock(0)
    const admin = new Projects(db, clock)
    const replica = new Projects(db, clock, { cached: true })
    await admin.add('shop', ['https://app.example', 'https://*.example.org'])
    // Nothing copied yet: the replica must ask.
    expect(replica.allowsNow('shop', 'https://app.example')).toBeUndefined()
    expect(replica.knownNow('shop')).toBe(false)
    expect(await replica.allows('shop', 'https://app.example')).toBe(true)
    expect(replica.knownNow('shop')).toBe(true)
    expect(replica.allowsNow('shop', 'https://app.example')).toBe(true)
    expect(replica.allowsNow('shop', 'https://a.example.org')).toBe(true)
    // A refusal is never answered from the copy (an origin added since counts at once), nor a
    // lookalike, another scheme or port, or another project.
    for (const origin of ['https://evil.example', 'https://app.example.evil', 'http://app.example', 'https://app.example:444', 'https://app.example/', 'null']) {
      expect(replica.allowsNow('shop', origin)).toBeUndefined()
    }
    expect(replica.allowsNow('other', 'https://app.example')).toBeUndefined()
    // Many made-up origins neither grow the verdicts beyond their bound nor change an answer.
    for (let i = 0; i < 200; i++) expect(replica.allowsNow('shop', `https://x${i}.example`)).toBeUndefined()
    expect(replica.allowsNow('shop', 'https://app.example')).toBe(true)
    await admin.remove('shop')
    clock.advance(PROJECT_CACHE_MS + 1)
    expect(replica.allowsNow('shop', 'https://app.example')).toBeUndefined()
    expect(replica.knownNow('shop')).toBe(false)
    expect(await replica.allows('shop', 'https://app.example')).toBe(false)
    await db.close()
  })

  it('never keep an unknown project: it counts as soon as it is added', async () => {
    const db = await migratedDatabase()
    const clock = new ManualClock(0)
    const replica = new Projects(db, clock, { cached: true })
    expect(await replica.origins('later')).toBeUndefined()
    await new Projects(db, clock).add('later', ['https://later.example'])
    expect(await replica.origins('later')).toEqual(['https://later.example'])
    await db.close()
  })
})
