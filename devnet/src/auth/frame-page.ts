/**
 * The wallet frame as the auth service serves it: the page (only to host origins on the project's
 * allow-list, and only framable by that origin), and its script, the frame app bundled for the
 * browser by vite on first request and kept in memory.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { originAllowed, originOf } from '../../../src/infrastructure/embedded-wallet/frame-protocol'

/** The frame app's script path on the auth origin. */
export const FRAME_APP_PATH = '/frame/app.js'

const ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'frame', 'main.ts')

/** The page may only be framed by the host origin, and loads nothing but its own origin's script. */
export function frameCsp(hostOrigin: string): string {
  return `frame-ancestors ${hostOrigin}; default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'`
}

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
 * The confirmation popup (a top-level window of the auth origin the frame opens where it cannot
 * know it is visible): framable by nobody, loading only the frame app, which talks to its opener.
 */
export function confirmPopupCsp(): string {
  return "frame-ancestors 'none'; default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'none'; img-src 'self' data:; base-uri 'none'; form-action 'none'"
}

/** The confirmation popup's page: the frame's page under another title (the app tells the two apart by path). */
export function confirmPopupHtml(): string {
  return frameHtml('Confirm in your wallet')
}

/** The frame page: the approval UI's styles inline, the app from FRAME_APP_PATH. */
export function frameHtml(title = 'Wallet'): string {
  return `<!doctype html>
<html lang="en" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
:root { color-scheme: light; --bg: #ffffff; --fg: #141414; --muted: #5c5c5c; --line: #d9d9d9; --accent: #1f5fd6; --accent-fg: #ffffff; }
:root[data-theme="dark"] { color-scheme: dark; --bg: #151515; --fg: #f2f2f2; --muted: #b0b0b0; --line: #3a3a3a; --accent: #5b8ef0; --accent-fg: #0b0b0b; }
* { box-sizing: border-box; }
html, body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; }
#frame-root { padding: 16px; max-width: 480px; margin: 0 auto; }
/* A request longer than the frame keeps its title and buttons in view; its details scroll. The
   whole approval must fit to be fully visible, which is what arms Approve (approval-arming.ts). */
html, body { height: 100%; }
#frame-root { height: 100%; display: flex; flex-direction: column; }
#frame-root > .approval { display: flex; flex-direction: column; min-height: 0; }
.approval dl { flex: 0 1 auto; min-height: 4.5em; overflow: auto; }
.approval h1 { font-size: 18px; margin: 0 0 4px; }
.approval .from { color: var(--muted); margin: 0 0 12px; }
.approval dl { margin: 0 0 16px; display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 6px 12px; }
.approval dt { color: var(--muted); }
.approval dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; max-height: 12em; overflow: auto; }
.buttons { display: flex; gap: 8px; }
.buttons button { flex: 1; min-height: 44px; border-radius: 10px; border: 1px solid var(--line); background: transparent; color: var(--fg); font: inherit; cursor: pointer; }
.buttons button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-fg); }
.buttons button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.buttons button:disabled { cursor: not-allowed; }
.buttons button.primary:disabled { background: var(--line); border-color: var(--line); color: var(--muted); }
.approval .note { color: var(--muted); margin: 8px 0 0; }
.approval .note:empty { display: none; }
.approval .warning-box { border: 1px solid var(--line); border-left: 4px solid #c0392b; border-radius: 8px; padding: 8px 12px; margin: 0 0 12px; }
.approval label { display: block; color: var(--muted); margin: 0 0 4px; }
.approval input, .approval textarea { width: 100%; min-height: 44px; margin: 0 0 12px; padding: 8px 10px; border-radius: 8px; border: 1px solid var(--line); background: transparent; color: var(--fg); font: 14px/1.4 ui-monospace, monospace; }
.approval textarea { resize: none; overflow-wrap: anywhere; }
.approval .error { color: #c0392b; margin: 0 0 12px; }
.approval .error:empty { display: none; }
#frame-status { color: var(--muted); }
</style>
<script defer src="${FRAME_APP_PATH}"></script>
</head>
<body>
<main id="frame-root"><p id="frame-status" role="status"></p></main>
</body>
</html>`
}

export function frameRefusedHtml(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not allowed</title></head><body style="font-family: system-ui, sans-serif; margin: 1rem"><h1>Not allowed</h1><p>This wallet does not serve this app. Check the app's project id and allowed origins.</p></body></html>`
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

async function buildFrameApp(log: (line: string) => void): Promise<string> {
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
