import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url))
const env = process.env

/** The Content-Security-Policy the e2e suite serves the demo under (see README, "CSP"). */
export function demoCsp(urls: { service: string; rpc: string[]; relay: string; auth: string }): string {
  return [
    "default-src 'self'",
    `img-src 'self' data: ${urls.service}`,
    `connect-src 'self' ${urls.rpc.join(' ')} ${urls.service} ${urls.relay}`,
    // The embedded wallet (email login) runs in a frame of the auth origin.
    `frame-src ${urls.auth}`,
  ].join('; ')
}

const service = env.VITE_WG_SERVICE_URL ?? 'http://127.0.0.1:8787'
const rpc = [
  ...(env.VITE_WG_RPC_A_PRIMARY ? [env.VITE_WG_RPC_A_PRIMARY] : []),
  env.VITE_WG_RPC_A ?? 'http://127.0.0.1:8545',
  env.VITE_WG_RPC_B ?? 'http://127.0.0.1:8546',
  env.VITE_WG_SOLANA_RPC ?? 'http://127.0.0.1:8899',
  env.VITE_WG_BITCOIN_ESPLORA ?? 'http://127.0.0.1:8792',
]
const relay = env.VITE_WG_RELAY_URL ?? 'ws://127.0.0.1:8788'
const auth = env.VITE_WG_AUTH_URL ?? 'http://localhost:8790'

export default defineConfig({
  root: 'demo',
  envDir: '..',
  envPrefix: 'VITE_WG_',
  resolve: {
    alias: [
      { find: /^walletgate\/react$/, replacement: src('react.tsx') },
      { find: /^walletgate\/wagmi$/, replacement: src('wagmi.ts') },
      { find: /^walletgate\/(solana|bitcoin|polkadot|cosmos)$/, replacement: src('families/$1.ts') },
      { find: /^walletgate$/, replacement: src('index.ts') },
    ],
  },
  // Pre-bundle what the pages import lazily, so a first visit is not reloaded mid-click by the
  // dev server discovering a dependency.
  optimizeDeps: {
    // The scan's own entries (relative to `root`): without them it takes build.rollupOptions.input,
    // whose paths are relative to the project, fails to find them and skips the scan with a stack trace.
    entries: ['index.html', 'plain.html', 'wagmi.html', 'src/**/*.{ts,tsx}'],
    include: [
      'react',
      'react-dom/client',
      'react/jsx-dev-runtime',
      'inversify',
      'reflect-metadata',
      'rxjs',
      'zod',
      'observable-hooks',
      'viem',
      'viem/accounts',
      'qrcode-generator',
    ],
  },
  server: { host: '127.0.0.1', port: Number(env.DEMO_PORT ?? 5173), strictPort: true },
  preview: {
    host: '127.0.0.1',
    port: Number(env.DEMO_PORT ?? 4173),
    strictPort: true,
    headers: { 'Content-Security-Policy': demoCsp({ service, rpc, relay, auth }) },
  },
  build: {
    outDir: env.DEMO_OUT_DIR ?? '../demo-dist',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      input: { main: 'demo/index.html', plain: 'demo/plain.html', wagmi: 'demo/wagmi.html' },
      // wagmi's modules start with 'use client' (for React Server Components); a client bundle drops it, as it should.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
      },
    },
  },
})
