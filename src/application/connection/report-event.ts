import type { ResolvedConfig } from '../../domain/config'
import type { Analytics } from '../../ports/analytics'
import type { Logger } from '../../ports/logger'
import { MAX_WALLET_MESSAGE_LENGTH, boundMessage } from '../../domain/validation/text-bounds'

/**
 * Reports a product event: to the analytics service (unless `features.analytics` is false) and to
 * the host's `onEvent` callback. Never throws: a failing host callback is logged as a warning.
 * Text properties (a wallet's error message, a wallet name) are untrusted: each is bounded.
 */
export class EventReporter {
  constructor(
    private readonly config: Pick<ResolvedConfig, 'features' | 'onEvent'>,
    private readonly analytics: Analytics,
    private readonly logger: Logger,
  ) {}

  report(event: string, untrusted: Record<string, unknown> = {}, address?: string): void {
    const properties = boundedTexts(untrusted)
    if (this.config.features.analytics !== false) {
      void this.analytics.sendEvent({ event, properties, ...(address === undefined ? {} : { address }) })
    }
    try {
      this.config.onEvent?.({ type: event, data: properties })
    } catch (error) {
      this.logger.warn('Walletgate: the host onEvent callback threw', error)
    }
  }
}

function boundedTexts(properties: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(properties)
  if (entries.every(([, value]) => typeof value !== 'string' || value.length <= MAX_WALLET_MESSAGE_LENGTH)) return properties
  return Object.fromEntries(entries.map(([key, value]) => [key, typeof value === 'string' ? boundMessage(value) : value]))
}
