/**
 * For contract suites whose real adapter needs a browser: bundles a suite's page entry with esbuild
 * (one IIFE the page loads) and launches Debian's Chromium with playwright-core, both at once.
 */
import { build } from 'esbuild'
import { chromium, type Browser } from 'playwright-core'
import { fileURLToPath } from 'node:url'

export async function bundleAndLaunch(entry: URL): Promise<{ script: string; browser: Browser }> {
  const [bundle, browser] = await Promise.all([
    build({
      entryPoints: [fileURLToPath(entry)],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      logLevel: 'silent',
    }),
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
    }),
  ])
  return { script: bundle.outputFiles[0]!.text, browser }
}
