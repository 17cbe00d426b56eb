/**
 * The wallet frame's pages as the wallet origin serves them: the frame (framable only by the one
 * host origin it was asked for, which the project's allow-list holds), the confirmation popup
 * (framable by nobody) and the refusal, each loading nothing but the origin's own frame app.
 */

/** Where the frame page is (the modal's frame-protocol FRAME_PATH, which a unit test holds equal). */
export const WALLET_FRAME_PATH = '/frame'
/** The confirmation popup's page (the frame app's CONFIRM_POPUP_PATH, held equal likewise). */
export const CONFIRM_POPUP_PATH = '/frame/confirm'

/** The frame app's script path on the auth origin. */
export const FRAME_APP_PATH = '/frame/app.js'

/** The page may only be framed by the host origin, and loads nothing but its own origin's script. */
export function frameCsp(hostOrigin: string): string {
  return `frame-ancestors ${hostOrigin}; default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'`
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
