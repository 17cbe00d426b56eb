/**
 * Each area of views names its own in a `<area>.views.ts` beside them, and the shell's registry
 * finds them by that name: adding an area adds no line to the registry. What could go wrong then:
 * two areas claiming one view (the later would silently win), or a module waiting for a view that
 * no area offers.
 */
import { describe, expect, it } from 'vitest'
import { MANIFEST } from '../../../../src/composition/manifest'
import type { ViewLoaders } from '../../../../src/presentation/views/view-loaders'
import { LATER_VIEWS, VIEWS } from '../../../../src/presentation/views/registry'
import { LATER_LOADERS, loadView } from '../../../../src/presentation/views/later-views'

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

  it('split into the way in (the shell names their chunks) and the later views (one chunk names theirs)', async () => {
    // Every area's view is either the shell's own or in the later views' chunk, never both.
    const later = Object.keys(LATER_LOADERS)
    expect(later.length).toBeGreaterThan(15)
    expect([...LATER_VIEWS].sort()).toEqual([...later].sort())
    const all = Object.values(AREAS).flatMap((views) => Object.keys(views))
    const shells = all.filter((name) => !later.includes(name))
    expect(shells).toContain('ConnectingExternal')
    expect(shells).not.toContain('Account')
    // The later chunk refuses a view it does not hold rather than loading nothing.
    await expect(loadView('ConnectingExternal')).rejects.toThrow('no view ConnectingExternal')
  })

  it('offer every view a module waits for', () => {
    const waitedFor = MANIFEST.flatMap((module) => module.loads?.whenViewOpens ?? [])
    expect(waitedFor.length).toBeGreaterThan(10)
    expect(waitedFor.filter((name) => VIEWS[name] === undefined)).toEqual([])
  })
})
