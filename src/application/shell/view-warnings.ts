import type { ViewName } from '../../domain/navigation/views'
import type { Logger } from '../../ports/logger'

/**
 * The warnings the views raise: failures a visitor recovers from (a view that could not render
 * offers to try again; a refused copy says so in the snack). Views report them here instead of
 * holding the Logger port, so what is logged, and how, stays out of the presentation.
 */
export class ViewWarnings {
  constructor(private readonly logger: Logger) {}

  /** A view threw while rendering; the shell shows its retry in its place. */
  viewFailed(view: ViewName, error: unknown): void {
    this.logger.warn(`Walletgate: the ${view} view failed`, error)
  }

  /** The browser refused to write to the clipboard (no permission, insecure context). */
  clipboardUnavailable(error: unknown): void {
    this.logger.warn('Clipboard unavailable', error)
  }
}
