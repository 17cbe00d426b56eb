// The budget's module-id detection against a real Vite/rolldown build of the Walletgate page:
// if the recorded ids ever came out empty, every "holds no X" check would pass vacuously.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_DIR, buildPage, readChunks } from '../../bench/lib/build.mjs'
import { analyseBuild } from '../../scripts/size-budget.mjs'

describe('the Walletgate bench page, built for real', () => {
  let outRoot
  let outDir
  beforeAll(async () => {
    outRoot = await mkdtemp(join(tmpdir(), 'size-real-build-'))
    outDir = await buildPage('walletgate', { outRoot })
  }, 120_000)
  afterAll(async () => {
    await rm(outRoot, { recursive: true, force: true })
  })

  it('records the module ids of every chunk, React and the repository source among them', async () => {
    const chunks = await readChunks(outDir)
    const ids = chunks.flatMap((c) => c.moduleIds)
    // (A dynamic-import facade that only re-exports another chunk may hold no module of its own.)
    expect(chunks.find((c) => c.isEntry)?.moduleIds.length).toBeGreaterThan(0)
    expect(ids.length).toBeGreaterThan(50)
    expect(ids.some((id) => /\/node_modules\/react-dom\//.test(id))).toBe(true)
    expect(ids.some((id) => id.startsWith(`${REPO_DIR}/src/`))).toBe(true)
  })

  it('finds the initial JS from the HTML, React included, with sizes', async () => {
    const analysis = await analyseBuild(outDir)
    expect(analysis.files.length).toBeGreaterThan(0)
    expect(analysis.gzipBytes).toBeGreaterThan(30 * 1024) // React 19 alone is more than this
    expect(analysis.heaviest.map((h) => h.owner)).toContain('react-dom')
    // The chunks prefetched when idle are found and counted (the shell with the Connect view).
    expect(analysis.prefetchMissing).toEqual([])
    expect(analysis.heaviest.map((h) => h.owner)).toContain('src/presentation')
  })
})
