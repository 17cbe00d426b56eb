import { defineConfig } from 'vite'
import pkg from './package.json' with { type: 'json' }

// The library build: ESM, code-split (each view and each heavy adapter is its own chunk), with
// every dependency left to the host's bundler so shared packages are deduplicated there.
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)]

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    lib: {
      entry: { index: 'src/index.ts', react: 'src/react.tsx', wagmi: 'src/wagmi.ts', headless: 'src/headless.ts' },
      formats: ['es'],
    },
    rollupOptions: {
      external: (id) => external.some((dep) => id === dep || id.startsWith(`${dep}/`)),
    },
  },
})
