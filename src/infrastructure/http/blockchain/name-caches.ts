import type { ServiceIdentifier } from 'inversify'
import { IDENTITY_CACHE_MS } from '../../../domain/constants'
import type { Identity, NameProfile } from '../../../domain/entities'
import type { Clock } from '../../../ports/clock'
import { isAbortError } from '../../../ports/http-errors'
import { TtlCache } from '../ttl-cache'

/**
 * The name service's caches (5 min each), shared by the identity, names and registration adapters
 * of one modal: a registration updates what the others answer next.
 */
export class NameCaches {
  readonly identities: TtlCache<Identity>
  readonly names: TtlCache<NameProfile | null>
  readonly reverseNames: TtlCache<NameProfile[]>

  constructor(clock: Clock) {
    this.identities = new TtlCache(clock, IDENTITY_CACHE_MS)
    this.names = new TtlCache(clock, IDENTITY_CACHE_MS)
    this.reverseNames = new TtlCache(clock, IDENTITY_CACHE_MS)
  }

  /** A name was registered: its profile is known, and every address's names may have changed. */
  registered(profile: NameProfile): void {
    this.names.set(profile.name.toLowerCase(), profile)
    this.reverseNames.clear()
    this.identities.clear()
  }
}
/** The composition root's handle on one modal's {@link NameCaches}, bound with its name adapters. */
export const NameCachesToken = Symbol('NameCaches') as ServiceIdentifier<NameCaches>

/** Keeps an abort as it is; turns any other failure into the method's own domain error. */
export function mapped(error: unknown, toDomain: (cause: unknown) => Error): unknown {
  return isAbortError(error) ? error : toDomain(error)
}
