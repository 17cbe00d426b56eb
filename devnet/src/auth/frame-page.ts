/**
 * The wallet frame as the auth service serves it: the page (only to host origins on the project's
 * allow-list, and only framable by that origin), and its script, the frame app bundled for the
 * browser by vite on first request and kept in memory.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { originAllowed, originOf } from '../../../src/infrastructure/embedded-wallet/frame-protocol'

const ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'frame', 'main.ts')

/**
 * The host origin the frame may serve, or undefined: `origin` must be an http(s) origin on the
 * project's allow-list, read from the blockchain service (an unknown project has none).
 */
export async function allowedHostOrigin(serviceUrl: string | undefined, projectId: string, origin: string): Promise<string | undefined> {
  const hostOrigin = originOf(origin)
  if (serviceUrl === undefined || projectId === '' || hostOrigin === undefined || hostOrigin !== origin) return undefined
  // The service asks every SDK call who is calling (st, sv); the auth service calls as itself.
  const query = new URLSearchParams({ projectId, st: 'walletgate-auth', sv: 'walletgate-auth-devnet' })
  const res = await fetch(`${serviceUrl}/projects/v1/origins?${query.toString()}`)
  if (!res.ok) return undefined
  const body = (await res.json()) as { allowedOrigins?: unknown }
  const patterns = Array.isArray(body.allowedOrigins) ? body.allowedOrigins.filter((p): p is string => typeof p === 'string') : []
  return originAllowed(hostOrigin, patterns) ? hostOrigin : undefined
}

/**
 * The frame app's script, built once on first use (vite, imported lazily so a devnet that never
 * serves the frame never loads it); later calls share the same build.
 */
export function frameAppBundler(log: (line: string) => void = () => undefined): () => Promise<string> {
  let bundle: Promise<string> | undefined
  return () => {
    bundle ??= buildFrameApp(log).catch((error: unknown) => {
      bundle = undefined
      throw error
    })
    return bundle
  }
}

export async function buildFrameApp(log: (line: string) => void = () => undefined): Promise<string> {
  const started = performance.now()
  const { build } = await import('vite')
  const output = await build({
    configFile: false,
    envFile: false,
    publicDir: false,
    logLevel: 'silent',
    root: dirname(ENTRY),
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      modulePreload: false,
      reportCompressedSize: false,
      // One classic script (vite minifies an IIFE fully; an ES library keeps its whitespace).
      lib: { entry: ENTRY, formats: ['iife'], name: 'walletgateFrame', fileName: () => 'app.js' },
    },
  })
  const outputs = Array.isArray(output) ? output : [output]
  for (const out of outputs) {
    if (!('output' in out)) continue
    const chunk = out.output.find((item) => item.type === 'chunk' && item.isEntry)
    if (chunk !== undefined && chunk.type === 'chunk') {
      log(`auth: frame app built in ${Math.round(performance.now() - started)} ms (${(chunk.code.length / 1024).toFixed(1)} KB)`)
      return chunk.code
    }
  }
  throw new Error('the frame app build produced no script')
}
