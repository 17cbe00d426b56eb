import type { NameProfile } from '../../../domain/entities'
import { RegisterNameError } from '../../../domain/errors'
import type { NameRegistrationApi, RegisterNameParams } from '../../../ports/blockchain/names'
import type { RequestOptions } from '../../../ports/blockchain/request-options'
import { HttpError } from '../../../ports/http-errors'
import type { FetchHttpClient } from '../fetch-http-client'
import { idempotentWrite } from '../idempotent-writes'
import { mapped, type NameCaches } from './name-caches'
import { nameProfileSchema } from '../../../wire/names'
import type { nameRegistrationBodySchema, WireInput } from '../../../wire/requests'

/** {@link NameRegistrationApi} over the blockchain service's HTTP API (docs/service-api.md). */
export class FetchNameRegistrationApi implements NameRegistrationApi {
  constructor(
    private readonly http: FetchHttpClient,
    private readonly caches: NameCaches,
  ) {}

  async registerName(params: RegisterNameParams, options: RequestOptions = {}): Promise<NameProfile> {
    try {
      // Sent again with the same key if the answer is lost: a name registered by the first try is
      // answered as registered, not "Name is already taken".
      const profile = await idempotentWrite(
        (headers) =>
          this.http.post('/v1/profile/account', nameProfileSchema, {
            body: {
              coin_type: params.coinType,
              address: params.address,
              message: params.message,
              signature: params.signature,
            } satisfies WireInput<typeof nameRegistrationBodySchema>,
            signal: options.signal,
            headers,
          }),
        { signal: options.signal },
      )
      this.caches.registered(profile)
      return profile
    } catch (error) {
      throw mapped(error, (cause) =>
        RegisterNameError.fromReasons(params.name, cause instanceof HttpError ? cause.body : undefined, cause),
      )
    }
  }
}
