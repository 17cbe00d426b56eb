// Builds one bench host page with Vite (production), the same way for every page.
// Also used by scripts/size-budget.mjs: the Walletgate page needs only the repository's own
// dependencies (react, react-dom and what src/ imports), never bench/node_modules.
import { createRequire } from 'node:module'
import { mkdir, readFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const REPO_DIR = resolve(BENCH_DIR, '..')
export const PAGES = ['walletgate', 'appkit', 'rainbowkit', 'connectkit', 'floor']
/** Where the bench puts its builds (ignored by git). */
export const DEFAULT_OUT_ROOT = join(BENCH_DIR, 'dist')
/** Written next to the build's manifest: every output chunk with the module ids it holds. */
export const MODULES_FILE = '.vite/modules.json'

/**
 * Records, for every JS chunk, its file name, the module ids inside it and its static and
 * dynamic imports, straight from rolldown's bundle (no guessing from minified text).
 */
function moduleIdsPlugin() {
  return {
    name: 'bench-module-ids',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((item) => item.type === 'chunk')
        .map((chunk) => ({
          fileName: chunk.fileName,
          isEntry: chunk.isEntry,
          isDynamicEntry: chunk.isDynamicEntry,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          moduleIds: chunk.moduleIds ?? Object.keys(chunk.modules ?? {}),
          // Bytes each module renders into the chunk before minification (what makes it big).
          renderedLengths: Object.fromEntries(
            Object.entries(chunk.modules ?? {}).map(([id, info]) => [id, info?.renderedLength ?? 0]),
          ),
        }))
      this.emitFile({ type: 'asset', fileName: MODULES_FILE, source: JSON.stringify(chunks, null, 1) })
    },
  }
}

/**
 * AppKit's wagmi adapter 1.8.x is built on wagmi 3 (its @wagmi/connectors 8 needs @wagmi/core 3),
 * while RainbowKit and ConnectKit need wagmi 2. The bench installs wagmi 2 as `wagmi` and wagmi 3
 * as `wagmi-v3`; each page's `wagmi`, `@wagmi/core` and `@wagmi/connectors` imports, from any
 * package, resolve to the copies that its wagmi major brings, so no page mixes the two.
 */
function wagmiPlugin(major) {
  const pkg = major === 3 ? 'wagmi-v3' : 'wagmi'
  const anchor = join(BENCH_DIR, 'node_modules', pkg, 'package.json')
  return {
    name: `bench-wagmi-v${major}`,
    enforce: 'pre',
    async resolveId(source, _importer, options) {
      if (/^wagmi(?=\/|$)/.test(source)) {
        return this.resolve(source.replace(/^wagmi/, pkg), anchor, { ...options, skipSelf: true })
      }
      if (/^@wagmi\/(core|connectors)(?=\/|$)/.test(source)) {
        return this.resolve(source, anchor, { ...options, skipSelf: true })
      }
      return null
    },
  }
}

const WAGMI_MAJOR = { appkit: 3, rainbowkit: 2, connectkit: 2 }

/**
 * The Walletgate page resolves `walletgate` to the repository's source and takes React from the
 * repository's node_modules, so the size budget never depends on the bench's install. Peer pages
 * take everything from bench/node_modules.
 */
function resolveOptions(page) {
  if (page !== 'walletgate') return { dedupe: ['react', 'react-dom'] }
  const rootRequire = createRequire(join(REPO_DIR, 'package.json'))
  const pkgDir = (name) => dirname(rootRequire.resolve(`${name}/package.json`))
  return {
    alias: [
      { find: /^walletgate$/, replacement: join(REPO_DIR, 'src/index') },
      { find: /^walletgate\/react$/, replacement: join(REPO_DIR, 'src/react') },
      { find: /^walletgate\/(solana|bitcoin|polkadot|cosmos)$/, replacement: join(REPO_DIR, 'src/families/$1') },
      { find: /^react-dom(?=\/|$)/, replacement: pkgDir('react-dom') },
      { find: /^react(?=\/|$)/, replacement: pkgDir('react') },
    ],
  }
}

/**
 * Builds `bench/pages/<page>` into `<outRoot>/<page>` and returns the output directory.
 * @param {string} page one of PAGES
 * @param {{ outRoot?: string, vite?: typeof import('vite'), minify?: boolean }} [opts] minify: false keeps
 *   names and rolldown's `// <module path>` lines (bench/heap.mjs attributes heap to modules with them)
 */
export async function buildPage(page, opts = {}) {
  if (!PAGES.includes(page)) throw new Error(`Unknown bench page "${page}" (expected one of ${PAGES.join(', ')})`)
  const vite = opts.vite ?? (await import('vite'))
  const outDir = join(opts.outRoot ?? DEFAULT_OUT_ROOT, page)
  await mkdir(outDir, { recursive: true })
  await vite.build({
    configFile: false,
    envDir: false,
    root: join(BENCH_DIR, 'pages', page),
    base: './',
    mode: 'production',
    logLevel: 'error',
    clearScreen: false,
    resolve: resolveOptions(page),
    oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [...(WAGMI_MAJOR[page] ? [wagmiPlugin(WAGMI_MAJOR[page])] : []), moduleIdsPlugin(), ...(opts.plugins ?? [])],
    build: {
      outDir,
      emptyOutDir: true,
      ...(opts.minify === false ? { minify: false } : {}),
      manifest: true,
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
    },
  })
  return outDir
}

/** Reads what moduleIdsPlugin wrote for a build. */
export async function readChunks(outDir) {
  return JSON.parse(await readFile(join(outDir, MODULES_FILE), 'utf8'))
}

