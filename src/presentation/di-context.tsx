import { createContext, useContext, type ReactNode } from 'react'
import type { Container, ServiceIdentifier } from 'inversify'
import { UsageError } from '../domain/domain-error'

const DiContext = createContext<Container | null>(null)

/** Gives the views this modal instance's own container. */
export function DiProvider({ container, children }: { container: Container; children: ReactNode }) {
  return <DiContext.Provider value={container}>{children}</DiContext.Provider>
}

/** Resolves a service from the modal's container (singletons: the same instance every render). */
export function useService<T>(id: ServiceIdentifier<T>): T {
  const container = useContext(DiContext)
  if (container === null) throw new UsageError('useService must be used inside <DiProvider>')
  return container.get(id)
}

/** Like useService, or undefined when this modal has no such service (a feature the host left off). */
export function useOptionalService<T>(id: ServiceIdentifier<T>): T | undefined {
  const container = useContext(DiContext)
  if (container === null) throw new UsageError('useOptionalService must be used inside <DiProvider>')
  return container.isBound(id) ? container.get(id) : undefined
}
