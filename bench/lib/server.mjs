// A static file server for the bench builds, on 127.0.0.1 only, that logs what it serves.
import { createServer } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import { gzipSync } from 'node:zlib'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
}

const gzipCache = new Map()
/** Gzip size at level 9 of a file's bytes (deterministic; what a CDN would send at best). */
export function gzipSize(path, bytes) {
  let size = gzipCache.get(path)
  if (size === undefined) {
    size = gzipSync(bytes, { level: 9 }).length
    gzipCache.set(path, size)
  }
  return size
}

/**
 * Serves `rootDir` uncompressed and without caching. Every answered request is appended to
 * `log` as { path, bytes, gzipBytes, isJs }; the caller clears it between runs.
 * @returns {Promise<{ origin: string, log: object[], close: () => Promise<void> }>}
 */
export async function serveStatic(rootDir, port = 0) {
  const log = []
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      let rel = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '')
      if (rel.split(sep).includes('..')) throw Object.assign(new Error('bad path'), { status: 400 })
      let file = join(rootDir, rel)
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html')
      const bytes = await readFile(file)
      const isJs = ['.js', '.mjs'].includes(extname(file))
      log.push({ path: '/' + rel, bytes: bytes.length, gzipBytes: isJs ? gzipSize(file, bytes) : 0, isJs })
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': bytes.length,
        'cache-control': 'no-store',
      })
      res.end(bytes)
    } catch (error) {
      res.writeHead(error?.status ?? 404, { 'content-type': 'text/plain' })
      res.end('not found')
    }
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const address = server.address()
  return {
    origin: `http://127.0.0.1:${address.port}`,
    log,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}
