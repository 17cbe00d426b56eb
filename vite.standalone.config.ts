import { defineConfig } from 'vite'

// The standalone build (`walletgate/standalone`): for pages without a bundler, so nothing is left
// external. React and every dependency are inside; views and chain SDKs stay lazy chunks next to
// the entry file, fetched relative to it. Minified: a page serves it as it is.
export default defineConfig({
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/standalone',
    emptyOutDir: true,
    sourcemap: false,
    minify: true,
    lib: {
      entry: { walletgate: 'src/standalone.ts' },
      formats: ['es'],
    },
  },
})
