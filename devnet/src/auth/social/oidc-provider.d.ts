/**
 * The part of oidc-provider 9 the devnet's social providers use (the package ships no types).
 * Its configuration is passed through as a plain object: the devnet sets only documented keys.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export interface InteractionDetails {
    readonly uid: string
    readonly prompt: { readonly name: string }
    readonly params: Readonly<Record<string, unknown>>
  }

  export interface AccountClaims {
    readonly accountId: string
    claims(): Record<string, unknown>
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string })
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    readonly issuer: string
    readonly Grant: typeof Grant
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>
    on(event: string, listener: (...args: unknown[]) => void): this
  }

  export default Provider
}
