/**
 * Who may call the auth service's API from a browser. A request without an Origin header is no
 * browser's cross-site call (a navigation, a server, a test) and passes; the auth origin itself
 * (the wallet frame's own calls) passes; any other origin passes only when it names its project
 * (`projectId`) and is, exactly, one of that project's allowed host origins. Everything else is
 * refused before any route runs, so a hostile page cannot even fire a simple (preflight-free)
 * request, and CORS is answered for exactly the one origin allowed, never reflected.
 */

export type OriginDecision =
  /** Go on; `cors` is the one origin to answer CORS for, if any. */
  | { readonly allowed: true; readonly cors?: string }
  | { readonly allowed: false }

export interface OriginGateDeps {
  /** The auth service's own origin. */
  readonly authOrigin: string
  /** The project's allowed host origin equal to `origin`, or undefined (the service's allow-list). */
  hostOrigin(projectId: string, origin: string): Promise<string | undefined>
}

export async function decideOrigin(origin: string | undefined, projectId: string | null, deps: OriginGateDeps): Promise<OriginDecision> {
  if (origin === undefined) return { allowed: true }
  if (origin === deps.authOrigin) return { allowed: true }
  if (projectId === null || projectId === '') return { allowed: false }
  const allowed = await deps.hostOrigin(projectId, origin)
  return allowed !== undefined && allowed === origin ? { allowed: true, cors: allowed } : { allowed: false }
}
