import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import {
  BUDGET_GZIP_BYTES,
  COMMITTED_CEILING_GZIP_BYTES,
  LAST_RELEASE_GZIP_KB,
  analyseBuild,
  modulesAddingEnglish,
  breaches,
  deltaKb,
  deltaLine,
  forbiddenGroups,
  initialScriptsOf,
  ownerOf,
  report,
} from '../../scripts/size-budget.mjs'

const SCRIPT = fileURLToPath(new URL('../../scripts/size-budget.mjs', import.meta.url))
const run = promisify(execFile)

describe('forbiddenGroups', () => {
  it.each([
    ['/r/node_modules/viem/_esm/clients/createPublicClient.js', 'viem client/transport'],
    ['/r/node_modules/viem/_esm/clients/transports/fallback.js', 'viem client/transport'],
    ['/r/node_modules/viem/_esm/utils/rpc/http.js', 'viem client/transport'],
    ['/r/node_modules/@walletconnect/universal-provider/dist/index.es.js', 'WalletConnect'],
    ['/r/node_modules/@reown/appkit/dist/esm/exports/react.js', 'WalletConnect'],
    ['/r/node_modules/@solana/web3.js/lib/index.browser.esm.js', 'Solana (@solana)'],
    ['/r/node_modules/@polkadot/util-crypto/index.js', 'Polkadot (@polkadot)'],
    ['/r/node_modules/@cosmjs/encoding/build/index.js', 'Cosmos (@cosmjs)'],
    ['/r/node_modules/@scure/btc-signer/index.js', 'Bitcoin (@scure/btc-signer)'],
    ['C:\\r\\node_modules\\@solana\\web3.js\\lib\\index.js', 'Solana (@solana)'],
  ])('puts %s in %s', (id, group) => {
    expect(forbiddenGroups(id)).toEqual([group])
  })

  it.each([
    '/r/node_modules/viem/_esm/utils/unit/formatUnits.js',
    '/r/node_modules/viem/_esm/utils/address/isAddress.js',
    '/r/node_modules/react-dom/cjs/react-dom-client.production.js',
    '/r/src/infrastructure/wallets/solana/solana-wallets.ts',
    '\0vite/modulepreload-polyfill.js',
  ])('allows %s', (id) => {
    expect(forbiddenGroups(id)).toEqual([])
  })
})

describe('the delta against the last release', () => {
  it('reads the last release figure from the one file that records it', async () => {
    const recorded = JSON.parse(await readFile(new URL('../../scripts/size-last-release.json', import.meta.url), 'utf8'))
    expect(LAST_RELEASE_GZIP_KB).toBe(recorded.initialGzipKB)
    expect(LAST_RELEASE_GZIP_KB).toBe(137.1)
  })

  it('prints the figure, a signed delta and the release figure, from the numbers as printed', () => {
    expect(deltaLine(131_687, 137.1)).toBe('initial JS: 128.6 KB gzip (delta -8.5 KB against the last release 137.1 KB)')
    expect(deltaLine(140_700, 137.1)).toBe('initial JS: 137.4 KB gzip (delta +0.3 KB against the last release 137.1 KB)')
    // 137.14 KB prints as 137.1: no change, and never "-0.0".
    expect(deltaLine(140_427, 137.1)).toBe('initial JS: 137.1 KB gzip (delta +0.0 KB against the last release 137.1 KB)')
    expect(deltaKb(135 * 1024, 130)).toBe('+5.0')
  })
})

describe('initialScriptsOf', () => {
  it('reads module scripts, classic scripts and modulepreload links, not stylesheets or remote files', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="./assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/vendor-def.js">
      <link rel="stylesheet" href="./assets/index-123.css">
      <link rel="preload" as="font" href="./assets/font.woff2">
      <script src='/legacy.js'></script>
      <script src="https://cdn.example.invalid/x.js"></script>
      <script>inline()</script>
    </head></html>`
    expect(initialScriptsOf(html)).toEqual(['assets/index-abc.js', 'legacy.js', 'assets/vendor-def.js'])
  })
})

describe('ownerOf', () => {
  it('names the package, scoped or not, or the repository folder', () => {
    expect(ownerOf('/x/node_modules/react-dom/cjs/a.js')).toBe('react-dom')
    expect(ownerOf('/x/node_modules/@inversifyjs/core/lib/a.js')).toBe('@inversifyjs/core')
    expect(ownerOf('/x/node_modules/a/node_modules/@b/c/d.js')).toBe('@b/c')
  })
})

describe('analyseBuild and the CLI on a build directory', () => {
  const dirs = []
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
  })

  /** A fake build: entry -> vendor -> shared statically; lazy only through a dynamic import. */
  async function fakeBuild({
    lazyIds = ['/r/node_modules/@walletconnect/core/index.js'],
    vendorIds = ['/r/node_modules/react/index.js'],
    entryIds = ['/r/src/index.ts'],
    entryText = 'import "./vendor.js"; console.log("entry")',
    bigEntry = false,
  } = {}) {
    const dir = await mkdtemp(join(tmpdir(), 'size-budget-test-'))
    dirs.push(dir)
    await mkdir(join(dir, 'assets'))
    await mkdir(join(dir, '.vite'))
    // Hash output does not compress: a big entry is as big gzipped (and the same every run).
    const entry = bigEntry
      ? Buffer.from(
          // As base64 text (a script is text): 6 bits of entropy per byte, so 4/3 of the bytes.
          Buffer.concat(
            Array.from({ length: Math.ceil(((BUDGET_GZIP_BYTES + 4096) * 4) / 3 / 32) }, (_, i) =>
              createHash('sha256').update(String(i)).digest(),
            ),
          ).toString('base64'),
        )
      : Buffer.from(entryText)
    const files = {
      'assets/entry.js': entry,
      'assets/vendor.js': Buffer.from('import "./shared.js"; export const v = 1'.repeat(20)),
      'assets/shared.js': Buffer.from('export const s = 2'),
      'assets/lazy.js': Buffer.from('export const wc = "walletconnect"'.repeat(50)),
    }
    for (const [name, bytes] of Object.entries(files)) await writeFile(join(dir, name), bytes)
    await writeFile(
      join(dir, 'index.html'),
      '<script type="module" src="./assets/entry.js"></script><link rel="modulepreload" href="./assets/vendor.js">',
    )
    const chunk = (fileName, imports, dynamicImports, moduleIds) => ({
      fileName,
      isEntry: fileName === 'assets/entry.js',
      imports,
      dynamicImports,
      moduleIds,
      renderedLengths: Object.fromEntries(moduleIds.map((id) => [id, 100])),
    })
    await writeFile(
      join(dir, '.vite/modules.json'),
      JSON.stringify([
        chunk('assets/entry.js', ['assets/vendor.js'], ['assets/lazy.js'], entryIds),
        chunk('assets/vendor.js', ['assets/shared.js'], [], vendorIds),
        chunk('assets/shared.js', [], [], ['/r/node_modules/rxjs/dist/esm5/index.js']),
        chunk('assets/lazy.js', [], [], lazyIds),
      ]),
    )
    return { dir, files }
  }

  it('counts the HTML scripts and their static imports, gzip level 9, and leaves lazy chunks out', async () => {
    const { dir, files } = await fakeBuild()
    const analysis = await analyseBuild(dir)
    expect(analysis.files.map((f) => f.file)).toEqual(['assets/entry.js', 'assets/shared.js', 'assets/vendor.js'])
    const expected = ['assets/entry.js', 'assets/shared.js', 'assets/vendor.js'].reduce(
      (n, f) => n + gzipSync(files[f], { level: 9 }).length,
      0,
    )
    expect(analysis.gzipBytes).toBe(expected)
    expect(analysis.forbidden).toEqual([])
    expect(analysis.lazy.files).toBe(1)
    expect(breaches(analysis)).toEqual([])
  })

  it('counts the chunks the modal prefetches when idle, and says so when one is missing', async () => {
    const prefetcher = ['/r/src/index.ts', '/r/src/wallet-modal.ts']
    // The lazy chunk plays the prefetched shell: it holds src/presentation/mount.tsx.
    const { dir } = await fakeBuild({
      entryIds: prefetcher,
      lazyIds: ['/r/src/presentation/mount.tsx', '/r/src/composition/bindings/connect.ts'],
    })
    const analysis = await analyseBuild(dir)
    expect(analysis.files.map((f) => f.file)).toContain('assets/lazy.js')
    expect(analysis.lazy.files).toBe(0)
    expect(breaches(analysis)).toEqual([])

    const missing = await fakeBuild({ entryIds: prefetcher })
    expect(breaches(await analyseBuild(missing.dir))).toEqual([
      expect.stringContaining('no chunk holds src/presentation/mount.tsx'),
      expect.stringContaining('no chunk holds src/composition/bindings/connect.ts'),
    ])
  })

  it('counts the catalogue and the English the first open draws with, wherever the bundler puts them', async () => {
    // The lazy chunk plays a chunk of its own holding the catalogue, reached by no static import.
    const { dir } = await fakeBuild({
      entryIds: ['/r/src/index.ts', '/r/src/wallet-modal.ts', '/r/src/presentation/mount.tsx', '/r/src/composition/bindings/connect.ts'],
      lazyIds: ['/r/src/presentation/i18n/i18n.tsx', '/r/src/presentation/i18n/english.ts'],
    })
    const analysis = await analyseBuild(dir, { addingEnglish: [] })
    expect(analysis.files.map((f) => f.file)).toContain('assets/lazy.js')
    expect(breaches(analysis)).toEqual([])
  })

  it('says when the build left out a module that adds an area\'s English', async () => {
    const { dir } = await fakeBuild({
      entryIds: ['/r/src/index.ts', '/r/src/presentation/i18n/english.ts', '/r/src/presentation/views/SendView.tsx'],
    })
    const adding = ['src/presentation/views/SendView.tsx', 'src/presentation/views/names/RegisterAccountNameView.tsx']
    expect(breaches(await analyseBuild(dir, { addingEnglish: adding }))).toEqual([
      expect.stringContaining('left out src/presentation/views/names/RegisterAccountNameView.tsx'),
    ])
    // A build without the catalogue has no English to leave out.
    const plain = await fakeBuild()
    expect(breaches(await analyseBuild(plain.dir, { addingEnglish: adding }))).toEqual([])
  })

  it('finds the repository\'s modules that add an area\'s English', () => {
    const found = modulesAddingEnglish()
    expect(found).toContain('src/presentation/views/SendView.tsx')
    expect(found).toContain('src/presentation/components/use-copy.ts')
    expect(found).not.toContain('src/presentation/views/names/index.ts')
  })

  it('reports initial JS text outside Latin-1, naming the character and where it is', async () => {
    const { dir } = await fakeBuild({ entryText: 'import "./vendor.js"; const label = `Connecting\\u2026`' })
    expect(breaches(await analyseBuild(dir))).toEqual([])
    const wide = await fakeBuild({ entryText: 'import "./vendor.js"; const label = `Connecting…`; const x = "×"' })
    const found = breaches(await analyseBuild(wide.dir))
    expect(found).toEqual([expect.stringContaining('assets/entry.js holds non-Latin-1 text (U+2026 in')])
    expect(found[0]).toContain('Connecting…')
  })

  it('reports forbidden code reached through a static import, naming the module', async () => {
    const { dir } = await fakeBuild({ vendorIds: ['/r/node_modules/react/index.js', '/r/node_modules/viem/_esm/clients/createClient.js'] })
    const found = breaches(await analyseBuild(dir))
    expect(found).toHaveLength(1)
    expect(found[0]).toContain('viem client/transport')
    expect(found[0]).toContain('viem/_esm/clients/createClient.js in assets/vendor.js')
  })

  it('reports an initial JS over the budget, and nothing at exactly the budget', async () => {
    const { dir } = await fakeBuild({ bigEntry: true })
    const analysis = await analyseBuild(dir)
    expect(analysis.gzipBytes).toBeGreaterThan(BUDGET_GZIP_BYTES)
    expect(breaches(analysis)).toEqual([expect.stringMatching(/over the 140\.0 KB budget/)])
    expect(breaches(analysis, analysis.gzipBytes, analysis.gzipBytes)).toEqual([])
  })

  it('reports an initial JS over the committed ceiling but within budget, and nothing at exactly the ceiling', () => {
    const at = (gzipBytes) => ({ files: [], bytes: gzipBytes, gzipBytes, forbidden: [], lazy: { files: 0, gzipBytes: 0 } })
    expect(breaches(at(COMMITTED_CEILING_GZIP_BYTES))).toEqual([])
    // The texts follow the ceiling, which moves as features land.
    const over = ((COMMITTED_CEILING_GZIP_BYTES + 103) / 1024).toFixed(1)
    const ceiling = (COMMITTED_CEILING_GZIP_BYTES / 1024).toFixed(1)
    expect(breaches(at(COMMITTED_CEILING_GZIP_BYTES + 103))).toEqual([
      `initial JS is ${over} KB gzip, over the committed ceiling of ${ceiling} KB (within the 140.0 KB budget)`,
    ])
    expect(report(at(COMMITTED_CEILING_GZIP_BYTES + 103))).toContain(`Size budget BREACH: initial JS is ${over} KB gzip, over the committed ceiling`)
  })

  it('exits 0 within budget, 1 on a breach and 2 when the build has no module ids', async () => {
    const ok = await fakeBuild()
    const okRun = await run(process.execPath, [SCRIPT, '--dist', ok.dir])
    expect(okRun.stdout).toContain('Size budget: ok')
    const analysis = await analyseBuild(ok.dir)
    expect(okRun.stdout).toContain(
      `initial JS: ${(analysis.gzipBytes / 1024).toFixed(1)} KB gzip (delta ${deltaKb(analysis.gzipBytes)} KB against the last release 137.1 KB)`,
    )

    const bad = await fakeBuild({ vendorIds: ['/r/node_modules/@cosmjs/encoding/build/index.js'] })
    const badRun = await run(process.execPath, [SCRIPT, '--dist', bad.dir, '--json']).catch((e) => e)
    expect(badRun.code).toBe(1)
    expect(JSON.parse(badRun.stdout).breaches).toEqual([expect.stringContaining('Cosmos (@cosmjs)')])

    const broken = await fakeBuild()
    await rm(join(broken.dir, '.vite/modules.json'))
    const brokenRun = await run(process.execPath, [SCRIPT, '--dist', broken.dir]).catch((e) => e)
    expect(brokenRun.code).toBe(2)
    expect(brokenRun.stderr).toContain('modules.json is missing')
  })
})
