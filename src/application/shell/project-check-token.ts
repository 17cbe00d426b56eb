import type { ServiceIdentifier } from 'inversify'

/** The project check (./project-check) as the modal's start sees it: its code loads at the first open. */
export interface ProjectCheckHandle {
  /**
   * At every open: the first loads the check, asks the service and from then on says the analytics
   * service's alerts in true words; a later one asks again only when the service gave no answer.
   */
  open(): void
}

/**
 * The project check's token on its own: the modal's start asks for it once the connect views'
 * chunk (which binds it) is in, and carries nothing else into the first script.
 */
export const ProjectCheckToken = Symbol('ProjectCheck') as ServiceIdentifier<ProjectCheckHandle>
