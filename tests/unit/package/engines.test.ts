/**
 * Node 20.19 is the floor the README states (and CI runs Node 20): every package a committed
 * lockfile installs must accept it, so `npm ci` on a clean clone prints no EBADENGINE, and neither
 * do the installs the tests run (the quick starts' apps in examples/, the bench's peers). A
 * dependency that raises its floor fails here, naming itself and its lockfile; pin it (or override
 * it in that package.json) to a version that still runs on the floor.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { minVersion, satisfies, validRange } from 'semver'
import { describe, expect, it } from 'vitest'

const REPO = new URL('../../../', import.meta.url).pathname

type Lockfile = { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> }

/** The packages of `lock` whose `engines.node` refuses Node `floor`. */
function refusing(lock: Lockfile, floor: string): string[] {
  return Object.entries(lock.packages)
    .filter(([path]) => path !== '')
    .flatMap(([path, entry]) => {
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node
      if (node === undefined || validRange(node) === null) return []
      return satisfies(floor, node, { includePrerelease: true }) ? [] : [`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} wants node ${node}`]
    })
}

/** Every package-lock.json of the repository (installed ones inside node_modules aside). */
function lockfiles(dir = REPO): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return ['node_modules', '.git', 'dist', 'test-results', '.next'].includes(entry.name) ? [] : lockfiles(join(dir, entry.name))
    return entry.name === 'package-lock.json' ? [relative(REPO, join(dir, entry.name))] : []
  })
}

/** The floor the README states ("Node.js 20.19 or newer"), wherever it states one. */
const readmeFloors = [...readFileSync(join(REPO, 'README.md'), 'utf8').matchAll(/Node\.js (\d+\.\d+) or newer/g)].map((match) => `${match[1]}.0`)
const FLOOR = readmeFloors[0] ?? 'none'

describe('the packages the lockfiles install', () => {
  it('the README states one floor, Node 20.19, and the packages state the same', () => {
    expect(new Set(readmeFloors)).toEqual(new Set(['20.19.0']))
    for (const manifest of ['package.json', 'server/package.json']) {
      const { engines } = JSON.parse(readFileSync(join(REPO, manifest), 'utf8')) as { engines: { node: string } }
      expect(minVersion(engines.node)?.version, manifest).toBe(FLOOR)
    }
  })

  it('holds the root, the bench and every quick start app', () => {
    expect(lockfiles()).toEqual(expect.arrayContaining(['package-lock.json', 'bench/package-lock.json', 'examples/vite-react/package-lock.json', 'examples/nextjs/package-lock.json', 'examples/plain-html/package-lock.json']))
  })

  for (const file of lockfiles()) {
    it(`${file}: each accepts the README's floor`, () => {
      expect(refusing(JSON.parse(readFileSync(join(REPO, file), 'utf8')) as Lockfile, FLOOR)).toEqual([])
    })
  }

  it('names a package that raised its floor, and passes one that did not', () => {
    const lock: Lockfile = {
      packages: {
        '': {},
        'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/a/node_modules/eslint': { version: '10.15.0', engines: { node: '^20.19.0 || ^22.13.0 || >=24' } },
        'node_modules/old': { version: '1.0.0', engines: ['node >= 0.4'] },
      },
    }
    expect(refusing(lock, '20.19.0')).toEqual(['cookie@2.0.2 wants node >=22'])
  })
})
