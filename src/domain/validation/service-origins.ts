import type { ServiceUrls } from '../config'

/**
 * The services' defaults are the local devnet (127.0.0.1), which is right only while the page
 * itself runs on the developer's machine. A page served from anywhere else that left a service
 * unset would send its visitors' requests to their own machines: that is a configuration error.
 */
export type ServiceName = keyof ServiceUrls

const SERVICE_NAMES: readonly ServiceName[] = ['blockchainApi', 'walletCatalogue', 'analytics', 'relay']

/** The services the host left to their local devnet defaults, in a fixed order. */
export function servicesLeftToDefaults(services: Partial<ServiceUrls> | undefined): ServiceName[] {
  return SERVICE_NAMES.filter((name) => services?.[name] === undefined)
}

/** A page on the developer's own machine: localhost (and `*.localhost`), 127.0.0.1 or [::1]. */
export function isLocalPage(hostname: string): boolean {
  const host = hostname.toLowerCase()
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]' || host === '::1'
}

/** The `services` configuration issue on a page at `hostname`, or undefined when there is none. */
export function serviceDefaultsIssue(
  services: Partial<ServiceUrls> | undefined,
  hostname: string,
): { path: ['services']; message: string } | undefined {
  if (isLocalPage(hostname)) return undefined
  const defaulted = servicesLeftToDefaults(services)
  if (defaulted.length === 0) return undefined
  return {
    path: ['services'],
    message:
      `${defaulted.join(', ')} left to the local devnet defaults, which apply only on a localhost or 127.0.0.1 page; ` +
      `set services to your own endpoints on ${hostname || 'this page'}`,
  }
}
