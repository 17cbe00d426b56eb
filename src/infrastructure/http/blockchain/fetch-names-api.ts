import type { CaipAddress, NameProfile, NameSuggestion } from '../../../domain/entities'
import { NameSuggestionsError, NamesForAddressError, ResolveNameError } from '../../../domain/errors'
import type { NameSuggestionsOptions, NamesApi } from '../../../ports/blockchain/names'
import type { CachedRequestOptions, IdentityOptions } from '../../../ports/blockchain/request-options'
import { HttpError } from '../../../ports/http-errors'
import { segment } from '../caip'
import type { FetchHttpClient } from '../fetch-http-client'
import { mapped, type NameCaches } from './name-caches'
import { namedAddress } from './supported-account'
import { nameProfileSchema, nameProfilesSchema, nameSuggestionsSchema } from '../../../wire/names'
import type { nameQuerySchema, nameSuggestionsQuerySchema, OwnQuery, reverseNameQuerySchema } from '../../../wire/requests'

/** {@link NamesApi} over the blockchain service's HTTP API (docs/service-api.md). */
export class FetchNamesApi implements NamesApi {
  constructor(
    private readonly http: FetchHttpClient,
    private readonly caches: NameCaches,
  ) {}

  async lookUpName(name: string, options: CachedRequestOptions = {}): Promise<NameProfile | null> {
    options.signal?.throwIfAborted()
    return this.caches.names.getOrLoad(name.toLowerCase(), options.forceUpdate, async () => {
      try {
        return await this.http.get(`/v1/profile/account/${segment(name)}`, nameProfileSchema, {
          query: { apiVersion: '2' } satisfies OwnQuery<typeof nameQuerySchema>,
          signal: options.signal,
        })
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null
        throw mapped(error, (cause) => new ResolveNameError({ cause }))
      }
    })
  }

  async reverseLookUpNames(address: CaipAddress, options: IdentityOptions = {}): Promise<NameProfile[]> {
    options.signal?.throwIfAborted()
    const plain = namedAddress(address)
    if (plain === undefined) return []
    return this.caches.reverseNames.getOrLoad(plain.toLowerCase(), options.forceUpdate, async () => {
      try {
        return await this.http.get(`/v1/profile/reverse/${segment(plain)}`, nameProfilesSchema, {
          query: { sender: options.sender, apiVersion: '2' } satisfies OwnQuery<typeof reverseNameQuerySchema>,
          signal: options.signal,
        })
      } catch (error) {
        throw mapped(error, (cause) => new NamesForAddressError({ cause }))
      }
    })
  }

  async getNameSuggestions(name: string, options: NameSuggestionsOptions = {}): Promise<NameSuggestion[]> {
    try {
      const answer = await this.http.get(`/v1/profile/suggestions/${segment(name)}`, nameSuggestionsSchema, {
        query: { zone: options.zone } satisfies OwnQuery<typeof nameSuggestionsQuerySchema>,
        signal: options.signal,
      })
      return answer.suggestions
    } catch (error) {
      throw mapped(error, (cause) => new NameSuggestionsError({ cause }))
    }
  }
}
