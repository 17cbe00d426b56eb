import { z } from 'zod/mini'
import { parseSmartSessions, SmartSessionsListError, type SmartSession } from '../../domain/sessions/smart-sessions'
import type { RequestOptions } from '../../ports/blockchain/request-options'
import { MalformedResponseError } from '../../ports/http-errors'
import type { SmartSessionsApi } from '../../ports/smart-sessions'
import { segment } from './caip'
import type { FetchHttpClient } from './fetch-http-client'
import type { revokeSessionBodySchema, WireInput } from '../../wire/requests'

/** Any JSON: the sessions list is checked by the domain's parser, which names the failure. */
const anyJson = z.unknown()

/** {@link SmartSessionsApi} over the auth service's session endpoints (docs/service-api.md). */
export class FetchSmartSessionsApi implements SmartSessionsApi {
  constructor(private readonly http: FetchHttpClient) {}

  async list(address: string, options: RequestOptions = {}): Promise<SmartSession[]> {
    let raw: unknown
    try {
      raw = await this.http.get(`/v1/sessions/${segment(address)}`, anyJson, options)
    } catch (error) {
      // An answer that is not JSON at all is as unreadable as one of the wrong shape.
      if (error instanceof MalformedResponseError) throw new SmartSessionsListError('malformed', { cause: error })
      throw error
    }
    return parseSmartSessions(raw)
  }

  async confirmRevoked(address: string, params: { pci: string; signature: string }, options: RequestOptions = {}): Promise<void> {
    await this.http.post(`/v1/sessions/${segment(address)}/revoke`, anyJson, {
      query: { projectId: this.http.projectId },
      body: { pci: params.pci, signature: params.signature } satisfies WireInput<typeof revokeSessionBodySchema>,
      signal: options.signal,
    })
  }
}
