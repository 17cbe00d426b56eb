/**
 * Node 20.19 is the floor the README states (and CI runs Node 20): every package the lockfile
 * installs must accept it, so `npm ci` on a clean clone prints no EBADENGINE. A dependency that
 * raises its floor fails here, naming itself; pin it (or override it in package.json) to a version
 * that still runs on the floor.
 */
import { readFileSync } from 'node:fs'
import { satisfies, validRange } from 'semver'
import { describe, expect, it } from 'vitest'

const FLOOR = '20.19.0'
const root = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }
const lock = JSON.parse(readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>
}

describe("the packages npm ci installs", () => {
  it('states Node 20.19 as the floor', () => {
    expect(root.engines.node).toBe('>=20.19')
  })

  it('each accept Node 20.19', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node
        if (node === undefined || validRange(node) === null) return []
        return satisfies(FLOOR, node, { includePrerelease: true }) ? [] : [`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} wants node ${node}`]
      })
    expect(refusing).toEqual([])
  })
})
