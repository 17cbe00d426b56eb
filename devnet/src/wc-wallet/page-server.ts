/**
 * The wallet page's tiny server: serves devnet/wallet-page/index.html and a JSON API over one
 * wallet peer, so a person can paste a `wc:` URI and approve or reject by hand.
 *
 *   GET  /               the page
 *   GET  /api/state      { address, mode, sessions, pending, activity }
 *   POST /api/pair       { uri }
 *   POST /api/mode       { mode: 'approve' | 'reject' | 'manual' }
 *   POST /api/respond    { id, approve }
 *   POST /api/switch     { chainId }
 *   POST /api/disconnect {}
 *
 * POSTs must be `application/json` (a cross-site form cannot send that without a preflight).
 */
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { WalletPeer, WalletPeerMode } from './index'

const PAGE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'wallet-page', 'index.html')
const MODES: readonly WalletPeerMode[] = ['approve', 'reject', 'manual']

export interface WalletPageServer {
  url: string
  port: number
  close(): Promise<void>
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) throw new Error('Expected application/json')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 64 * 1024) throw new Error('Body too large')
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  const value: unknown = text ? JSON.parse(text) : {}
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('Expected a JSON object')
  return value as Record<string, unknown>
}

export async function startWalletPage(opts: { peer: WalletPeer; port: number; host?: string }): Promise<WalletPageServer> {
  const { peer } = opts
  const host = opts.host ?? '127.0.0.1'

  async function api(path: string, body: Record<string, unknown>): Promise<unknown> {
    switch (path) {
      case '/api/pair': {
        const uri = typeof body.uri === 'string' ? body.uri.trim() : ''
        if (!uri.startsWith('wc:')) throw new Error('Paste a WalletConnect URI (it starts with "wc:")')
        await peer.pair(uri)
        return { ok: true }
      }
      case '/api/mode': {
        const mode = body.mode as WalletPeerMode
        if (!MODES.includes(mode)) throw new Error(`mode must be one of ${MODES.join(', ')}`)
        peer.setMode(mode)
        return { ok: true }
      }
      case '/api/respond': {
        if (typeof body.id !== 'number' || typeof body.approve !== 'boolean') throw new Error('id (number) and approve (boolean) are required')
        await peer.respond(body.id, body.approve)
        return { ok: true }
      }
      case '/api/switch': {
        if (typeof body.chainId !== 'number') throw new Error('chainId (number) is required')
        await peer.switchChain(body.chainId)
        return { ok: true }
      }
      case '/api/disconnect':
        await peer.disconnectAll()
        return { ok: true }
      default:
        return undefined
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://wallet.invalid')
    if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '/index.html')) {
      readFile(PAGE, 'utf8')
        .then((html) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
          res.end(html)
        })
        .catch(() => json(res, 500, { message: 'wallet page missing' }))
      return
    }
    if (req.method === 'GET' && url.pathname === '/api/state') {
      json(res, 200, {
        address: peer.address,
        mode: peer.mode(),
        sessions: peer.sessions(),
        pending: peer.pending(),
        activity: peer.activity().slice(-50),
      })
      return
    }
    if (req.method === 'POST' && url.pathname.startsWith('/api/')) {
      readJson(req)
        .then((body) => api(url.pathname, body))
        .then((result) => (result === undefined ? json(res, 404, { message: 'Not found' }) : json(res, 200, result)))
        .catch((e: unknown) => json(res, 400, { message: (e as Error).message }))
      return
    }
    json(res, 404, { message: 'Not found' })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : opts.port
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
