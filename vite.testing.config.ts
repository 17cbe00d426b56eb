import { defineConfig, type Plugin } from 'vite'
import { loadArtifacts } from './devnet/src/chains/eip155/compile'
import { swapBytecodes } from './devnet/src/chains/eip155/swap-bytecodes'

// The test kit (`walletgate/testing`), two builds into dist/testing:
//  - default mode: the Node side for Playwright tests (index.js, and devnet.js that index.js loads
//    when a test starts the devnet), every package left to the host's node_modules;
//  - `--mode wallet`: the test wallet as one classic page script (test-wallet.js) that the kit
//    puts into a page, viem included. Neither is reachable from the main entry.

/** The devnet contracts compiled now, so a host's tests need no solc. */
function devnetArtifacts(): Plugin {
  const id = 'virtual:walletgate-devnet-artifacts'
  return {
    name: 'walletgate-devnet-artifacts',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: async (resolved) => (resolved === `\0${id}` ? `export default ${JSON.stringify(await loadArtifacts())}` : undefined),
  }
}

/** The Uniswap V2 bytecodes read now, so a host's tests need no @uniswap package. */
function swapBytecodesInPlace(): Plugin {
  const id = '\0walletgate-swap-bytecodes'
  return {
    name: 'walletgate-swap-bytecodes',
    enforce: 'pre',
    resolveId: (source) => (/(^|\/)swap-bytecodes(\.ts)?$/.test(source) ? id : undefined),
    load: (resolved) => (resolved === id ? `const code = ${JSON.stringify(swapBytecodes())}\nexport function swapBytecodes() { return code }` : undefined),
  }
}

/**
 * The devnet's service is walletgate-server: the kit imports it by its package name, from the host's
 * node_modules (a host installs it beside @foundry-rs/anvil), instead of carrying the server's sources.
 */
function serverFromItsPackage(): Plugin {
  return {
    name: 'walletgate-server-external',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!/(^|\/)server\/src\/index(\.js)?$/.test(source) || importer === undefined) return undefined
      return { id: 'walletgate-server', external: true }
    },
  }
}

export default defineConfig(({ mode }) =>
  mode === 'wallet'
    ? {
        build: {
          outDir: 'dist/testing',
          emptyOutDir: false,
          sourcemap: false,
          minify: true,
          lib: { entry: 'devnet/src/kit/test-wallet.ts', formats: ['iife'], name: 'WalletgateTestWallet', fileName: () => 'test-wallet.js' },
        },
      }
    : {
        plugins: [devnetArtifacts(), swapBytecodesInPlace(), serverFromItsPackage()],
        build: {
          outDir: 'dist/testing',
          emptyOutDir: true,
          sourcemap: false,
          minify: false,
          ssr: true,
          target: 'node20',
          rollupOptions: {
            input: { index: 'src/testing/index.ts', devnet: 'devnet/src/kit/devnet.ts' },
            output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
          },
        },
      },
)
