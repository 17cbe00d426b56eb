/**
 * For contract suites whose real adapter needs a browser: bundles a suite's page entry with esbuild
 * (one IIFE the page loads) and launches Debian's Chromium with playwright-core.
 */
import { build } from 'esbuild'
import { chromium, type Browser } from 'playwright-core'
import { fileURLToPath } from 'node:url'

/** The page entry and everything it imports as one script (dynamic imports included). */
export async function bundle(entry: URL): Promise<string> {
  const bundled = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  })
  return bundled.outputFiles[0]!.text
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
  })
}

/** Both at once. */
export async function bundleAndLaunch(entry: URL): Promise<{ script: string; browser: Browser }> {
  const [script, browser] = await Promise.all([bundle(entry), launchChromium()])
  return { script, browser }
}
