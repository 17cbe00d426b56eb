import { verifyMessage } from 'viem'
import type { CaipAddress, NameProfile, NameSuggestion } from '../../../src/domain/entities'
import { RegisterNameError } from '../../../src/domain/errors'
import type { NameRegistrationApi, NameSuggestionsOptions, NamesApi, RegisterNameParams } from '../../../src/ports/blockchain/names'
import type { CachedRequestOptions, IdentityOptions, RequestOptions } from '../../../src/ports/blockchain/request-options'
import { aborted, FakeService, parse, supports, type InMemoryBlockchainSeed } from './fake-service'

type Method = 'lookUpName' | 'reverseLookUpNames' | 'getNameSuggestions' | 'registerName'

/**
 * The in-memory name service: {@link NamesApi} and {@link NameRegistrationApi} over one set of
 * profiles, registering only with a verified EIP-191 signature. Passes the same contract suite as
 * `FetchNamesApi` with `FetchNameRegistrationApi`.
 */
export class InMemoryNamesApi extends FakeService<Method> implements NamesApi, NameRegistrationApi {
  private readonly names = new Map<string, NameProfile>()

  constructor(seed: InMemoryBlockchainSeed = {}) {
    super()
    for (const profile of seed.names ?? []) this.names.set(profile.name.toLowerCase(), profile)
  }

  /** The profiles that hold `address` (a plain address, any case). */
  profilesOf(address: string): NameProfile[] {
    const wanted = address.toLowerCase()
    return [...this.names.values()].filter((profile) =>
      Object.values(profile.addresses).some((entry) => entry.address.toLowerCase() === wanted),
    )
  }

  lookUpName(name: string, options: CachedRequestOptions = {}): Promise<NameProfile | null> {
    return this.serve('lookUpName', options, () => this.names.get(name.toLowerCase()) ?? null)
  }

  reverseLookUpNames(address: CaipAddress, options: IdentityOptions = {}): Promise<NameProfile[]> {
    const parsed = parse(address)
    if (!parsed || !supports('names', parsed.namespace)) return this.local(options, () => [])
    return this.serve('reverseLookUpNames', options, () => this.profilesOf(parsed.address))
  }

  getNameSuggestions(name: string, options: NameSuggestionsOptions = {}): Promise<NameSuggestion[]> {
    return this.serve('getNameSuggestions', options, () => {
      const zone = options.zone ?? 'wg.id'
      const base = name.toLowerCase().split('.')[0] ?? ''
      const candidates = [base, `${base}-1`, `${base}-app`, `${base}-wallet`]
      return candidates.map((candidate) => {
        const full = `${candidate}.${zone}`
        return { name: full, registered: this.names.has(full) }
      })
    })
  }

  async registerName(params: RegisterNameParams, options: RequestOptions = {}): Promise<NameProfile> {
    this.calls.push('registerName')
    aborted(options)
    const failure = this.takeFailure('registerName')
    if (failure !== undefined) throw new RegisterNameError(params.name, { cause: failure })
    const reason = await this.registrationProblem(params)
    if (reason) throw new RegisterNameError(params.name, { reason })
    const message = JSON.parse(params.message) as { name: string }
    const now = new Date().toISOString()
    const existing = this.names.get(message.name.toLowerCase())
    if (existing) {
      existing.addresses[String(params.coinType)] = { address: params.address, created: now }
      existing.updated_at = now
      return existing
    }
    const profile: NameProfile = {
      name: message.name,
      registered_at: now,
      updated_at: now,
      addresses: { [String(params.coinType)]: { address: params.address, created: now } },
      attributes: {},
    }
    this.names.set(profile.name.toLowerCase(), profile)
    return profile
  }

  private async registrationProblem(params: RegisterNameParams): Promise<string | undefined> {
    let message: { name?: unknown; address?: unknown; coinType?: unknown }
    try {
      message = JSON.parse(params.message) as typeof message
    } catch {
      return 'Invalid message'
    }
    if (typeof message.name !== 'string' || typeof message.address !== 'string') return 'Invalid message'
    if (message.address.toLowerCase() !== params.address.toLowerCase()) return 'Address does not match the message'
    if (message.coinType !== params.coinType) return 'Coin type does not match the message'
    let valid = false
    try {
      valid = await verifyMessage({
        address: params.address as `0x${string}`,
        message: params.message,
        signature: params.signature as `0x${string}`,
      })
    } catch {
      valid = false
    }
    if (!valid) return 'Invalid signature'
    const taken = this.names.get(message.name.toLowerCase())
    if (taken && !Object.values(taken.addresses).some((a) => a.address.toLowerCase() === params.address.toLowerCase()))
      return 'Name is already taken'
    return undefined
  }
}
