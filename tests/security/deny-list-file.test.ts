/**
 * A deny-list file the host's server serves (`denyListUrl`) is text from the network: a server that
 * was broken into, a CDN that answers something else, or a list grown by mistake must not stall the
 * review, fill the visitor's memory, smuggle markup, or half-apply. The reader stops at 512 KB,
 * refuses a list that is not a list of address-shaped strings (at most 10,000) as a whole, sends no
 * cookies, and a refused file leaves the configured list in force.
 */
import { describe, expect, it } from 'vitest'
import { HostDenyList } from '../../src/application/preview/host-deny-list'
import { MAX_DENY_LIST_BYTES, MAX_DENY_LIST_ENTRIES } from '../../src/domain/preview/deny-list'
import { riskWarnings } from '../../src/domain/preview/risk-warnings'
import { FetchDenyListSource } from '../../src/infrastructure/http/fetch-deny-list-source'
import { DenyListRefusedError } from '../../src/ports/deny-list-source'
import { RecordingLogger } from '../fakes/recording-logger'

const URL_ = 'https://host.example/deny-list.json'
const GOOD = '0x000000000000000000000000000000000000dEaD'

/** A body streamed in 64 KB chunks, endlessly unless `total` is given; counts what the reader pulled. */
function streamed(total = Number.POSITIVE_INFINITY, headers: Record<string, string> = {}) {
  const pulled = { bytes: 0 }
  const chunk = new TextEncoder().encode(`["${'a'.repeat(64 * 1024 - 4)}",`)
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close()
      pulled.bytes += chunk.byteLength
      controller.enqueue(chunk)
    },
  })
  return { response: new Response(body, { headers }), pulled }
}

const answering = (response: Response, seen: RequestInit[] = []): typeof fetch => (_url, init) => {
  seen.push(init ?? {})
  return Promise.resolve(response)
}

describe('a hostile deny-list file', () => {
  it('an endless body is cut at the bound and refused, not read whole', async () => {
    const { response, pulled } = streamed()
    await expect(new FetchDenyListSource(answering(response)).load(URL_)).rejects.toBeInstanceOf(DenyListRefusedError)
    expect(pulled.bytes).toBeLessThanOrEqual(MAX_DENY_LIST_BYTES + 2 * 64 * 1024)
  })

  it('a Content-Length above the bound is refused before any byte is read', async () => {
    const { response, pulled } = streamed(Number.POSITIVE_INFINITY, { 'content-length': String(100 * 1024 * 1024) })
    await expect(new FetchDenyListSource(answering(response)).load(URL_)).rejects.toBeInstanceOf(DenyListRefusedError)
    expect(pulled.bytes).toBeLessThanOrEqual(64 * 1024)
  })

  it.each([
    ['markup posing as an address', [GOOD, '<img src=x onerror=alert(1)>']],
    ['an object in the list', [GOOD, { toString: 'x' }]],
    ['a number', [GOOD, 12]],
    ['an address of 129 characters', [GOOD, 'a'.repeat(129)]],
    ['more than 10,000 entries', Array.from({ length: MAX_DENY_LIST_ENTRIES + 1 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`)],
    ['not a list', { deny: [GOOD] }],
  ])('refuses the whole file for %s', async (_what, json) => {
    await expect(new FetchDenyListSource(answering(Response.json(json))).load(URL_)).rejects.toBeInstanceOf(DenyListRefusedError)
  })

  it('refuses text that is not JSON, and sends no cookies', async () => {
    const seen: RequestInit[] = []
    await expect(new FetchDenyListSource(answering(new Response('<html>hi</html>'), seen)).load(URL_)).rejects.toBeInstanceOf(DenyListRefusedError)
    expect(seen[0]?.credentials).toBe('omit')
  })

  it('reads a good file, array or { addresses }', async () => {
    expect(await new FetchDenyListSource(answering(Response.json([` ${GOOD} `]))).load(URL_)).toEqual([GOOD])
    expect(await new FetchDenyListSource(answering(Response.json({ addresses: [GOOD, GOOD] }))).load(URL_)).toEqual([GOOD])
  })

  it('a refused file adds nothing and the configured list still warns', async () => {
    const logger = new RecordingLogger()
    const served = new HostDenyList({ source: new FetchDenyListSource(answering(Response.json([GOOD, '"; drop table']))), url: URL_, clock: { now: () => 0 }, logger })
    const list = await served.list()
    expect(list).toEqual([])
    const configured = ['0x1111111111111111111111111111111111111111']
    expect(riskWarnings({ receiver: configured[0]!, denyList: [...configured, ...list] })).toEqual([{ kind: 'deniedReceiver' }])
    expect(riskWarnings({ receiver: GOOD, denyList: [...configured, ...list] })).toEqual([])
  })
})
