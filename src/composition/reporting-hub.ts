/**
 * Analytics' and error telemetry's adapters, through a chunk of their own: the page's first script
 * names this small chunk in its preload map instead of their chunks (file names every page loads).
 */
export const analyticsParts = () => Promise.all([import('../infrastructure/http/fetch-analytics'), import('./service-client')])

export const telemetryParts = () => Promise.all([import('../infrastructure/telemetry/fetch-telemetry'), import('./service-client')])
