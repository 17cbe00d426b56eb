/**
 * The app a wallet frame speaks for. Every app's frame runs on the one wallet origin; an app is a
 * project id and a host origin (the pair checked against the project's allow-list before the frame
 * was served, and which the frame's CSP pins as its only ancestor), named on every request, and a
 * session is accepted only from the app it was made for.
 */

/** The request header the frame names its app with. */
export const FRAME_APP_HEADER = 'x-walletgate-app'

/** An app's name on the wire: its project id and host origin. */
export function frameApp(projectId: string, hostOrigin: string): string {
  return `${projectId} ${hostOrigin}`
}

/** The app a request to the auth service names (the service's side of FRAME_APP_HEADER); undefined when it names none. */
export function requestApp(headers: Readonly<Record<string, string | string[] | undefined>>): string | undefined {
  const app = headers[FRAME_APP_HEADER]
  return typeof app === 'string' && app.length > 0 && app.length <= 512 ? app : undefined
}
