/**
 * docs/service-api.md and the server's /openapi.json describe the same calls: every operation of the
 * document is in the page, and every call the page lists for the modal (before its devnet sections)
 * is an operation of the document.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { openApiDocument } from '../src/openapi.js'

const page = readFileSync(new URL('../../docs/service-api.md', import.meta.url), 'utf8')
/** The page's calls of the modal: its text before the devnet's own sections. */
const modalPart = page.slice(0, page.indexOf('## Devnet administration'))
/** The server's own operations, not the modal's: no page lists them. */
const OPERATIONS_ONLY = new Set(['GET /healthz', 'GET /readyz', 'GET /openapi.json'])

/** `METHOD /path` for each call written as code in `text`, query and body left out. */
function callsIn(text: string): Set<string> {
  const calls = new Set<string>()
  for (const match of text.matchAll(/`(GET|POST) (\/[^`?\s[]*)/g)) calls.add(`${match[1]} ${match[2]!}`)
  return calls
}

const documented = (() => {
  const paths = (openApiDocument('test') as { paths: Record<string, Record<string, unknown>> }).paths
  return new Set(Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)))
})()

describe('docs/service-api.md', () => {
  it("lists every operation of the server's /openapi.json", () => {
    const listed = callsIn(page)
    expect([...documented].filter((op) => !OPERATIONS_ONLY.has(op) && !listed.has(op))).toEqual([])
  })

  it("lists no call of the modal that the server's /openapi.json leaves out", () => {
    expect([...callsIn(modalPart)].filter((op) => !documented.has(op))).toEqual([])
  })
})
