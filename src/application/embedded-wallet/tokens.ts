/**
 * The embedded wallet's services as the views ask for them, by token only: what loads before the
 * modal opens (the email field, the approval overlay) carries no class behind these.
 */
import type { ServiceIdentifier } from 'inversify'
import type { EmailLogin } from './email-login'
import type { EmbeddedSession } from './embedded-session'

/** The embedded session (src/composition/bindings/account.ts binds it when the embedded wallet exists). */
export const EmbeddedSessionToken = Symbol('EmbeddedSession') as ServiceIdentifier<EmbeddedSession>

/**
 * The email login use case, loaded on demand: the email field on Connect loads before the modal
 * opens, the use case (and everything behind it) when the visitor focuses the field.
 */
export interface EmailLoginLoader {
  /** Loads the use case once (a failed load is tried again next time). */
  (): Promise<EmailLogin>
  /** The use case when it is loaded already. */
  peek(): EmailLogin | undefined
}
export const EmailLoginLoader = Symbol('EmailLoginLoader') as ServiceIdentifier<EmailLoginLoader>

/** A loader that creates the use case once. */
export function emailLoginLoader<T>(create: () => Promise<T>): { (): Promise<T>; peek(): T | undefined } {
  let loaded: T | undefined
  let loading: Promise<T> | undefined
  const load = (() => {
    loading ??= create().then(
      (login) => (loaded = login),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }) as { (): Promise<T>; peek(): T | undefined }
  load.peek = () => loaded
  return load
}
