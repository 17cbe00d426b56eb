/**
 * Each area of views names its own in a `<area>.views.ts` beside them, and the shell's registry
 * finds them by that name: adding an area adds no line to the registry. What could go wrong then:
 * two areas claiming one view (the later would silently win), or a module waiting for a view that
 * no area offers.
 */
import { describe, expect, it } from 'vitest'
import { MANIFEST } from '../../../../src/composition/manifest'
import type { ViewLoaders } from '../../../../src/presentation/views/view-loaders'
import { VIEWS } from '../../../../src/presentation/views/registry'

const AREAS = import.meta.glob<ViewLoaders>(['../../../../src/presentation/views/*.views.ts', '../../../../src/presentation/views/*/*.views.ts'], {
  eager: true,
  import: 'views',
})

describe('the areas of views', () => {
  it('are found by their file name, and each view is one area\'s', () => {
    const owners = new Map<string, string[]>()
    for (const [file, views] of Object.entries(AREAS)) {
      for (const name of Object.keys(views)) owners.set(name, [...(owners.get(name) ?? []), file.replace(/.*\/views\//, '')])
    }
    expect(Object.keys(AREAS).length).toBeGreaterThanOrEqual(10)
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([])
    for (const name of owners.keys()) expect(VIEWS, name).toHaveProperty(name)
  })

  it('offer every view a module waits for', () => {
    const waitedFor = MANIFEST.flatMap((module) => module.loads?.whenViewOpens ?? [])
    expect(waitedFor.length).toBeGreaterThan(10)
    expect(waitedFor.filter((name) => VIEWS[name] === undefined)).toEqual([])
  })
})
