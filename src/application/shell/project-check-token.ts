import type { ServiceIdentifier } from 'inversify'
import type { ProjectCheck } from './project-check'

/**
 * The project check's token on its own: the modal's start asks for it once the connect views'
 * chunk (which binds it) is in, and carries nothing else into the first script.
 */
export const ProjectCheckToken = Symbol('ProjectCheck') as ServiceIdentifier<ProjectCheck>
