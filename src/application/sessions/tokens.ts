/**
 * The smart-session services' tokens, apart from their classes so the facade names them without
 * loading them (they are bound by src/composition/bindings/sessions.ts, a chunk of its own).
 */
import type { ServiceIdentifier } from 'inversify'
import type { GrantPermissions } from './grant-permissions'
import type { SmartSessionsStore } from './smart-sessions-store'

export const GrantPermissionsToken = Symbol('GrantPermissions') as ServiceIdentifier<GrantPermissions>
export const SmartSessionsStoreToken = Symbol('SmartSessionsStore') as ServiceIdentifier<SmartSessionsStore>
