import { MAX_DENY_LIST_BYTES, parseDenyList } from '../../domain/preview/deny-list'
import { DenyListRefusedError, type DenyListSource } from '../../ports/deny-list-source'
import { HttpError } from '../../ports/http-errors'

/**
 * {@link DenyListSource} over `fetch`: no credentials, the body read chunk by chunk and dropped
 * as soon as it passes the byte bound (a `Content-Length` above it is refused before reading),
 * then parsed and checked whole by the domain's rule.
 */
export class FetchDenyListSource implements DenyListSource {
  constructor(private readonly fetcher: typeof fetch = (input, init) => globalThis.fetch(input, init)) {}

  async load(url: string, options: { signal?: AbortSignal } = {}): Promise<readonly string[]> {
    const response = await this.fetcher(url, { credentials: 'omit', headers: { accept: 'application/json' }, ...(options.signal === undefined ? {} : { signal: options.signal }) })
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined)
      throw new HttpError(response)
    }
    const declared = Number(response.headers.get('content-length') ?? '0')
    if (declared > MAX_DENY_LIST_BYTES) {
      await response.body?.cancel().catch(() => undefined)
      throw new DenyListRefusedError('The deny-list is larger than allowed')
    }
    const text = await boundedText(response)
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new DenyListRefusedError('The deny-list is not JSON')
    }
    const list = parseDenyList(json)
    if (list === undefined) throw new DenyListRefusedError('The deny-list is not a list of addresses')
    return list
  }
}

async function boundedText(response: Response): Promise<string> {
  const reader = response.body?.getReader()
  if (reader === undefined) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_DENY_LIST_BYTES) {
      await reader.cancel().catch(() => undefined)
      throw new DenyListRefusedError('The deny-list is larger than allowed')
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}
