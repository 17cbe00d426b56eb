import { Container } from 'inversify'

export type Binder = Pick<Container, 'bind'>

/**
 * Binds on the modal's container unless an override already bound the token (a test's fake, a
 * host's own adapter): the override stays and the default goes to a scratch container.
 */
export function unlessOverridden(container: Container): Binder {
  let scratch: Container | undefined
  return { bind: (id) => (container.isBound(id) ? (scratch ??= new Container()).bind(id) : container.bind(id)) }
}
