import type { ServiceIdentifier } from 'inversify'
import type { ResolvedConfig } from '../domain/config'

/** The host's validated configuration for this modal instance. */
export const ModalConfig = Symbol('ModalConfig') as ServiceIdentifier<ResolvedConfig>
