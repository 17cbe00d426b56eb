import { BehaviorSubject, Observable } from 'rxjs'
import type { DisplayCurrency } from '../../domain/display-currency'
import { BASE_CURRENCY, fiatDisplayOf, isDisplayCurrency, type FiatDisplay, type FiatRates } from '../../domain/format/fiat'
import type { FiatRatesApi } from '../../ports/blockchain/fiat-rates'
import type { Clock } from '../../ports/clock'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { Logger } from '../../ports/logger'

/** The storage key of the visitor's choice (the storage is already namespaced per project). */
export const DISPLAY_CURRENCY_KEY = 'displayCurrency'
/**
 * How long rates are kept before they are asked for again: 5 minutes, as the spec keeps names
 * (it sets no life for rates; they move far less within minutes than token prices do).
 */
export const RATES_CACHE_MS = 5 * 60_000
/** After a failed read, how long before a view's opening asks again on its own ("Try again" asks at once). */
export const RATES_RETRY_GAP_MS = 30_000

export type RatesState =
  | { readonly status: 'idle' }
  /** Being read; `rates`: those kept from the last read, still shown meanwhile. */
  | { readonly status: 'loading'; readonly rates?: FiatRates }
  | { readonly status: 'ready'; readonly rates: FiatRates; readonly at: string; readonly loadedAtMs: number }
  | { readonly status: 'error'; readonly error: unknown; readonly failedAtMs: number }

export interface DisplayCurrencyState {
  /** What the visitor (else the host) chose; USD when neither did. */
  readonly currency: DisplayCurrency
  readonly chosenBy: 'visitor' | 'host' | 'default'
  readonly rates: RatesState
  /** What values are written in now: the chosen currency at its rate, else dollars marked as a fallback. */
  readonly display: FiatDisplay
}

export interface DisplayCurrencyDeps {
  readonly api: FiatRatesApi
  readonly storage: KeyValueStorage
  readonly clock: Clock
  readonly logger: Logger
  /** The host's `displayCurrency`: checked here (a code that is no display currency is warned about and ignored). */
  readonly hostDefault?: string | undefined
}

/**
 * The currency fiat values are shown in, and its rate. The visitor's choice is kept in storage and
 * wins over the host's default. Rates are read only when a view that shows money subscribes (never
 * before the modal opens) and only for a currency other than dollars; kept RATES_CACHE_MS. While
 * they load, or when they cannot be had, values are in dollars (`display.fallback` says so).
 */
export class DisplayCurrencyStore {
  private readonly subject: BehaviorSubject<DisplayCurrencyState>
  readonly state$: Observable<DisplayCurrencyState>
  private generation = 0

  constructor(private readonly deps: DisplayCurrencyDeps) {
    const stored = deps.storage.get(DISPLAY_CURRENCY_KEY)
    const host = deps.hostDefault
    if (host !== undefined && !isDisplayCurrency(host)) deps.logger.warn(`displayCurrency ${JSON.stringify(host.slice(0, 16))} is not a display currency; USD is shown`)
    const [currency, chosenBy] = isDisplayCurrency(stored)
      ? [stored, 'visitor' as const]
      : isDisplayCurrency(host)
        ? [host, 'host' as const]
        : [BASE_CURRENCY, 'default' as const]
    this.subject = new BehaviorSubject(stateOf(currency, chosenBy, { status: 'idle' }))
    // Rates are read when a view showing money subscribes (a plain Observable: rxjs's defer would
    // bring its conversion helpers into a chunk of their own before the modal opens).
    this.state$ = new Observable<DisplayCurrencyState>((subscriber) => {
      this.ensureRates()
      return this.subject.subscribe(subscriber)
    })
  }

  get snapshot(): DisplayCurrencyState {
    return this.subject.value
  }

  /** The visitor picks `currency`: remembered, shown at once (its rate read if not at hand). */
  select(currency: DisplayCurrency): void {
    if (!isDisplayCurrency(currency)) return
    this.deps.storage.set(DISPLAY_CURRENCY_KEY, currency)
    const last = this.subject.value
    this.subject.next(stateOf(currency, 'visitor', last.rates))
    this.ensureRates()
  }

  /** Reads the rates again now (the visitor's "Try again"). */
  retry(): void {
    if (this.subject.value.rates.status === 'loading') return
    void this.load()
  }

  /** Reads the rates when a currency other than dollars is chosen and none are fresh. */
  private ensureRates(): void {
    const { currency, rates } = this.subject.value
    if (currency === BASE_CURRENCY || rates.status === 'loading') return
    const now = this.deps.clock.now()
    if (rates.status === 'ready' && now - rates.loadedAtMs < RATES_CACHE_MS) return
    if (rates.status === 'error' && now - rates.failedAtMs < RATES_RETRY_GAP_MS) return
    void this.load()
  }

  private async load(): Promise<void> {
    const generation = ++this.generation
    const last = this.subject.value.rates
    this.setRates(last.status === 'ready' || (last.status === 'loading' && last.rates !== undefined) ? { status: 'loading', rates: last.rates! } : { status: 'loading' })
    try {
      const { rates, at } = await this.deps.api.getRates()
      if (generation === this.generation) this.setRates({ status: 'ready', rates, at, loadedAtMs: this.deps.clock.now() })
    } catch (error) {
      this.deps.logger.warn('Exchange rates could not be read; fiat values are shown in US dollars', error)
      if (generation === this.generation) this.setRates({ status: 'error', error, failedAtMs: this.deps.clock.now() })
    }
  }

  private setRates(rates: RatesState): void {
    const { currency, chosenBy } = this.subject.value
    this.subject.next(stateOf(currency, chosenBy, rates))
  }
}

function stateOf(currency: DisplayCurrency, chosenBy: DisplayCurrencyState['chosenBy'], rates: RatesState): DisplayCurrencyState {
  const known = rates.status === 'ready' || rates.status === 'loading' ? rates.rates : undefined
  // Until a rate is at hand (first read, or a failed one) values are dollars, labelled as such.
  return { currency, chosenBy, rates, display: fiatDisplayOf(currency, known) }
}
