/** What the HTTP contract tests need from the running devnet (started by the contract global setup). */
import { inject } from 'vitest'
import type { DevnetInfo } from '../../../devnet/src/index'
import { FetchHttpClient, type FetchHttpClientOptions } from '../../../src/infrastructure/http/fetch-http-client'

export const TEST_SDK_VERSION = 'walletgate-0.1.0'

export function devnet(): DevnetInfo {
  return inject('devnet')
}

/**
 * A client of the devnet service. One attempt per request unless `retries` is given: the contract
 * suites look at what each answer (and each injected fault) turns into; the retries have their own
 * tests (faults.devnet.test.ts).
 */
export function devnetHttpClient(overrides: Partial<FetchHttpClientOptions> = {}): FetchHttpClient {
  const d = devnet()
  return new FetchHttpClient({
    baseUrl: d.serviceUrl,
    projectId: d.projectId,
    sdkVersion: TEST_SDK_VERSION,
    retries: 0,
    ...overrides,
  })
}

export interface LoggedRequest {
  method: string
  path: string
  query: Record<string, string>
  at: string
}

export interface RecordedEvent {
  query: Record<string, string>
  body: { eventId: string; url: string; domain: string; timestamp: number; props: Record<string, unknown> }
  receivedAt: string
}

/** The devnet's test administration endpoints. */
export const admin = {
  async fault(fault: { path: string; method?: string; count?: number; kind: '500' | '403' | 'malformed' | 'hang' }) {
    await call('POST', '/__admin/faults', { count: 1, ...fault })
  },
  async clearFaults() {
    await call('DELETE', '/__admin/faults')
  },
  async requests(path: string): Promise<LoggedRequest[]> {
    const answer = (await call('GET', `/__admin/requests?path=${encodeURIComponent(path)}`)) as { requests: LoggedRequest[] }
    return answer.requests
  },
  async clearRequests() {
    await call('DELETE', '/__admin/requests')
  },
  async analytics(): Promise<RecordedEvent[]> {
    const answer = (await call('GET', '/__admin/analytics')) as { events: RecordedEvent[] }
    return answer.events
  },
  async clearAnalytics() {
    await call('DELETE', '/__admin/analytics')
  },
  /** Resolves once the devnet has logged `count` requests under `path` (it logs before answering). */
  async waitForRequests(path: string, count = 1): Promise<LoggedRequest[]> {
    for (let i = 0; i < 500; i++) {
      const seen = await admin.requests(path)
      if (seen.length >= count) return seen
      await new Promise((resolve) => setImmediate(resolve))
    }
    throw new Error(`The devnet never saw ${count} request(s) under ${path}`)
  },
}

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${devnet().serviceUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${devnet().adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`)
  return response.json() as Promise<unknown>
}
