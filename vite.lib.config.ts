import { defineConfig } from 'vite'
import pkg from './package.json' with { type: 'json' }

// The library build: ESM, code-split (each view and each heavy adapter is its own chunk), with
// every dependency left to the host's bundler so shared packages are deduplicated there. Each chain
// family beyond EVM is an entry point of its own (`walletgate/solana`, ...): a host that does not
// import it bundles none of it.
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)]

/** A chunk made only of one family's code (src/infrastructure/chains/<namespace>/...) is named `chains/<namespace>/`. */
const FAMILY_MODULE = /\/src\/infrastructure\/chains\/([a-z0-9-]+)\//

function familyOf(moduleIds: readonly string[]): string | undefined {
  const own = moduleIds.filter((id) => !id.startsWith('\0'))
  const families = new Set(own.map((id) => FAMILY_MODULE.exec(id.replaceAll('\\', '/'))?.[1]))
  const [only] = families
  return families.size === 1 && only !== undefined ? only : undefined
}

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    lib: {
      entry: {
        index: 'src/index.ts',
        react: 'src/react.tsx',
        wagmi: 'src/wagmi.ts',
        headless: 'src/headless.ts',
        solana: 'src/families/solana.ts',
        bitcoin: 'src/families/bitcoin.ts',
        polkadot: 'src/families/polkadot.ts',
        cosmos: 'src/families/cosmos.ts',
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: (id) => external.some((dep) => id === dep || id.startsWith(`${dep}/`)),
      output: {
        chunkFileNames: (chunk) => {
          const family = familyOf(chunk.moduleIds)
          return family === undefined ? '[name]-[hash].js' : `chains/${family}/[name]-[hash].js`
        },
      },
    },
  },
})
