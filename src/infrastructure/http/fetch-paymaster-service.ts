import { SponsorshipRefusedError, type PaymasterStub, type PaymasterSponsorship, type SponsorshipRequest, type SponsorshipTicket } from '../../domain/sponsorship/sponsorship'
import { HttpError } from '../../ports/http-errors'
import type { RequestOptions } from '../../ports/blockchain/request-options'
import type { PaymasterService } from '../../ports/paymaster-service'
import type { FetchHttpClient } from './fetch-http-client'

type Method = 'pm_getPaymasterStubData' | 'pm_getPaymasterData'

/**
 * {@link PaymasterService} over the service's ERC-7677 route (`POST /v1/paymaster/{chainId}`,
 * JSON-RPC 2.0), the visitor's session as its bearer token (or a ticket in the request's context,
 * as a browser wallet sends it). A JSON-RPC error is a refusal. Tickets come from
 * `POST /v1/paymaster/tickets`.
 */
export class FetchPaymasterService implements PaymasterService {
  private nextId = 1

  constructor(private readonly http: FetchHttpClient) {}

  async stubData(request: SponsorshipRequest, options: RequestOptions = {}): Promise<PaymasterStub> {
    const result = await this.call('pm_getPaymasterStubData', request, options)
    if (!('paymasterVerificationGasLimit' in result)) throw new SponsorshipRefusedError('malformed', 'The paymaster sent no stub data')
    return {
      paymaster: result.paymaster,
      paymasterData: result.paymasterData,
      paymasterVerificationGasLimit: result.paymasterVerificationGasLimit,
      paymasterPostOpGasLimit: result.paymasterPostOpGasLimit,
      ...(result.sponsor === undefined ? {} : { sponsorName: result.sponsor.name }),
    }
  }

  async sponsor(request: SponsorshipRequest, options: RequestOptions = {}): Promise<PaymasterSponsorship> {
    const result = await this.call('pm_getPaymasterData', request, options)
    return { paymaster: result.paymaster, paymasterData: result.paymasterData }
  }

  async ticket(request: { readonly caipNetworkId: string; readonly account: string; readonly sessionToken: string }, options: RequestOptions = {}): Promise<SponsorshipTicket> {
    const schema = import('../../wire/paymaster').then((m) => m.paymasterTicketSchema)
    try {
      const answer = await this.http.post('/v1/paymaster/tickets', schema, {
        query: { projectId: this.http.projectId },
        headers: { authorization: `Bearer ${request.sessionToken}` },
        body: { chainId: request.caipNetworkId, account: request.account },
        signal: options.signal,
      })
      return { ticket: answer.ticket, expiresAt: Date.parse(answer.expiresAt) }
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) throw new SponsorshipRefusedError('not-signed-in', 'Sign in to have your gas paid', { cause: error })
      if (error instanceof HttpError && error.status === 403) throw new SponsorshipRefusedError('not-your-account', 'The session does not speak for this account', { cause: error })
      throw error
    }
  }

  private async call(method: Method, request: SponsorshipRequest, options: RequestOptions) {
    const reference = request.caipNetworkId.slice(request.caipNetworkId.indexOf(':') + 1)
    // The answer's schema loads with the first call: the send path's chunk carries none of it.
    const schema = import('../../wire/paymaster').then((m) => m.paymasterAnswerSchema)
    const answer = await this.http.post(`/v1/paymaster/${encodeURIComponent(reference)}`, schema, {
      query: { projectId: this.http.projectId },
      headers: request.sessionToken === undefined ? {} : { authorization: `Bearer ${request.sessionToken}` },
      body: {
        jsonrpc: '2.0',
        id: this.nextId++,
        method,
        params: [request.operation, request.entryPoint, `0x${BigInt(reference).toString(16)}`, request.ticket === undefined ? {} : { ticket: request.ticket }],
      },
      signal: options.signal,
    })
    if ('error' in answer) throw new SponsorshipRefusedError(answer.error.data?.reason ?? 'refused', answer.error.message)
    return answer.result
  }
}
