import {
  BehaviorSubject,
  Subject,
  catchError,
  exhaustMap,
  filter,
  from,
  map,
  of,
  startWith,
  switchMap,
  take,
  timer,
  type Observable,
  type SchedulerLike,
  type Subscription,
} from 'rxjs'
import type { CaipAddress, CaipNetwork, OnRampProviderName } from '../../domain/entities'
import type { OnRampOptions, OnRampProvider, PurchaseCurrency, PurchaseCurrencyNetwork, Quote } from '../../domain/on-ramp/on-ramp-types'
import type { Transaction } from '../../domain/transactions/transaction'
import { PLACEHOLDER_QUOTE_ID } from '../../domain/on-ramp/on-ramp-fallbacks'
import { quoteFigures, type QuoteFigures } from '../../domain/on-ramp/on-ramp-fees'
import {
  onRampProvidersOn,
  paymentMethodLimits,
  paymentMethodsOf,
  validateOnRampAmount,
  type AmountLimits,
} from '../../domain/on-ramp/on-ramp-rules'
import { failure, type Check, type Failure } from '../../domain/failure'
import type { ActivityApi } from '../../ports/blockchain/activity'
import type { OnRampApi } from '../../ports/blockchain/on-ramp'
import type { Logger } from '../../ports/logger'
import type { ConnectionState } from '../connection-store'

/** How long typing must pause before a quote is asked for. */
export const ONRAMP_QUOTE_DEBOUNCE_MS = 400
/** How often the history is asked whether the purchase has landed, and for how long. */
export const ONRAMP_FOLLOW_INTERVAL_MS = 1_500
export const ONRAMP_FOLLOW_MAX_ATTEMPTS = 400

export type QuoteState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  /**
   * `placeholder`: the quote call failed and the entered amount stands in (spec section 8).
   * `figures`: the quote as a visitor reads it, the same in the quote, the providers' fees and
   * the done screen.
   */
  | { readonly status: 'ready'; readonly quote: Quote; readonly placeholder: boolean; readonly figures: QuoteFigures }

export type PurchaseState =
  | { readonly status: 'idle' }
  /** Asking the service for the provider's checkout url. */
  | { readonly status: 'opening'; readonly provider: OnRampProviderName }
  /**
   * The checkout is open in its own window; the history is followed until the purchase lands.
   * `quoted`: the live quote it was opened with (none for a placeholder).
   */
  | { readonly status: 'waiting'; readonly provider: OnRampProviderName; readonly url: string; readonly quoted?: QuoteFigures }
  /** `paid`: the quote's figures, when what arrived is what it quoted. */
  | {
      readonly status: 'landed'
      readonly provider: OnRampProviderName
      readonly amount: string
      readonly symbol: string
      readonly hash: string
      readonly paid?: QuoteFigures
    }
  | { readonly status: 'error'; readonly error: Failure }

export interface BuyCryptoState {
  /** false until the options arrive (the built-in defaults when the call fails). */
  readonly ready: boolean
  /** The connected network, when it is one buying supports; undefined: "not supported". */
  readonly network: CaipNetwork | undefined
  /** Currencies sold on the connected network, with that network's entry. */
  readonly purchaseCurrencies: readonly { readonly currency: PurchaseCurrency; readonly network: PurchaseCurrencyNetwork }[]
  readonly purchaseCurrency: string
  readonly paymentCurrencies: readonly string[]
  readonly paymentCurrency: string
  readonly paymentMethods: readonly string[]
  readonly paymentMethod: string
  readonly limits: AmountLimits
  readonly amount: string
  readonly validation: Check
  readonly quote: QuoteState
  readonly providers: readonly OnRampProvider[]
  readonly purchase: PurchaseState
}

export interface BuyCryptoDeps {
  readonly connection: { readonly snapshot: ConnectionState }
  readonly activeNetwork: () => CaipNetwork | undefined
  /** Says when the active network or the connection changed: Buy follows the active network every time. */
  readonly changes$?: Observable<unknown> | readonly Observable<unknown>[]
  readonly api: OnRampApi
  /** Where the purchases made through a provider show up (the account's history). */
  readonly history: ActivityApi
  /** The remote features' on-ramp providers (`false`: on-ramp switched off). */
  readonly remoteProviders: readonly OnRampProviderName[] | false
  /** The host's `onrampProviders` setting, when given. */
  readonly providerSetting?: readonly string[] | undefined
  readonly activity: { retry(): Promise<void> }
  readonly views: { push(view: 'OnRampProviders'): void }
  readonly scheduler: SchedulerLike
  readonly logger: Logger
}

const DEFAULT_AMOUNT = '50'

/**
 * Buying crypto (spec sections 3, 8, 9): the currency to buy on the connected network, the payment
 * currency and method with their limits, a debounced quote (a marked placeholder when the quote
 * call fails), the providers offered there, the provider's checkout url with the quote's purchase
 * amount, then the history's on-ramp entries until the purchase lands.
 */
export class BuyCrypto {
  private readonly subject: BehaviorSubject<BuyCryptoState>
  readonly state$: Observable<BuyCryptoState>
  private readonly inputs = new Subject<void>()
  private readonly quoting: Subscription
  private following: Subscription | undefined
  private options: OnRampOptions | undefined
  private loading: Promise<void> | undefined
  private readonly networkChanges: readonly Subscription[]

  constructor(private readonly deps: BuyCryptoDeps) {
    this.subject = new BehaviorSubject(this.derive(undefined, { amount: DEFAULT_AMOUNT }))
    this.state$ = this.subject.asObservable()
    this.quoting = this.inputs
      .pipe(
        map(() => this.subject.value),
        switchMap((state) => {
          const selected = state.purchaseCurrencies.find((c) => c.currency.id === state.purchaseCurrency)
          if (!state.ready || !state.validation.valid || selected === undefined) return of<QuoteState>({ status: 'idle' })
          const params = { purchaseCurrency: selected.currency.id, paymentCurrency: state.paymentCurrency, amount: state.amount.trim(), network: selected.network.name }
          return timer(ONRAMP_QUOTE_DEBOUNCE_MS, deps.scheduler).pipe(
            switchMap(() => from(deps.api.getOnRampQuote(params))),
            map((quote): QuoteState => ({ status: 'ready', quote, placeholder: quote.quoteId === PLACEHOLDER_QUOTE_ID, figures: quoteFigures(quote) })),
            catchError((error: unknown) => {
              deps.logger.warn('On-ramp quote failed', error)
              return of<QuoteState>({ status: 'idle' })
            }),
            startWith<QuoteState>({ status: 'loading' }),
          )
        }),
      )
      .subscribe((quote) => this.subject.next({ ...this.subject.value, quote }))
    // Derived from the network in use at each change, never kept from the first open.
    // Each source on its own (no rxjs `merge`: it would join the shared chunk of the first script).
    const changes = deps.changes$ === undefined ? [] : Array.isArray(deps.changes$) ? deps.changes$ : [deps.changes$ as Observable<unknown>]
    this.networkChanges = changes.map((change$) => change$.subscribe(() => this.update({})))
  }

  get snapshot(): BuyCryptoState {
    return this.subject.value
  }

  /** Loads the options once (the built-in defaults when the call fails) and quotes the default amount. */
  start(): Promise<void> {
    // Opened again: what is sold follows the network in use now.
    if (this.options !== undefined) this.update({})
    this.loading ??= this.deps.api.getOnRampOptions().then(
      (options) => {
        this.options = options
        this.update({})
      },
      (error: unknown) => {
        this.loading = undefined
        this.deps.logger.warn('On-ramp options failed', error)
      },
    )
    return this.loading
  }

  setAmount(amount: string): void {
    this.update({ amount })
  }

  setPurchaseCurrency(id: string): void {
    this.update({ purchaseCurrency: id })
  }

  setPaymentCurrency(id: string): void {
    this.update({ paymentCurrency: id })
  }

  setPaymentMethod(id: string): void {
    this.update({ paymentMethod: id })
  }

  /** On to the providers, once the amount is within its limits. */
  chooseProvider(): void {
    const state = this.subject.value
    if (!state.validation.valid || state.network === undefined) return
    this.subject.next({ ...state, purchase: { status: 'idle' } })
    this.deps.views.push('OnRampProviders')
  }

  /**
   * Asks the service for `provider`'s checkout url for the amount entered as the total paid (in the
   * payment currency) and, with a live quote, its purchase amount; then follows the account's
   * on-ramp history until a new purchase lands. Resolves the url to open (undefined when it could
   * not be had: the state says why).
   */
  async checkout(provider: OnRampProviderName): Promise<string | undefined> {
    const state = this.subject.value
    const connection = this.deps.connection.snapshot
    const selected = state.purchaseCurrencies.find((c) => c.currency.id === state.purchaseCurrency)
    if (connection.status !== 'connected' || selected === undefined || !state.validation.valid) return undefined
    this.following?.unsubscribe()
    this.setPurchase({ status: 'opening', provider })
    const account = connection.caipAddress as CaipAddress
    try {
      // What is there already, so the new purchase is the entry that was not.
      const before = await this.onRampEntries(account, provider)
      // A placeholder is no quote: the provider works out what the amount buys.
      const quoted = state.quote.status === 'ready' && !state.quote.placeholder ? state.quote.figures : undefined
      const cryptoAmount = quoted === undefined ? 0 : Number(quoted.purchase.amount)
      const url = await this.deps.api.generateOnRampUrl({
        destinationWallets: [{ address: connection.address, blockchains: [selected.network.name], assets: [selected.currency.symbol] }],
        defaultNetwork: selected.network.name,
        partnerUserId: connection.address,
        presetFiatAmount: Number(quoted?.total ?? state.amount),
        fiatCurrency: state.paymentCurrency,
        ...(cryptoAmount > 0 ? { presetCryptoAmount: cryptoAmount } : {}),
        provider,
      })
      this.setPurchase({ status: 'waiting', provider, url, ...(quoted === undefined ? {} : { quoted }) })
      this.follow(account, provider, new Set(before.map((t) => t.id)), quoted)
      return url
    } catch (error) {
      this.deps.logger.warn('On-ramp checkout failed', error)
      this.setPurchase({ status: 'error', error: failure('onramp.checkoutFailed') })
      return undefined
    }
  }

  dispose(): void {
    this.quoting.unsubscribe()
    this.following?.unsubscribe()
    for (const change of this.networkChanges) change.unsubscribe()
  }

  private async onRampEntries(account: CaipAddress, provider: OnRampProviderName): Promise<Transaction[]> {
    return (await this.deps.history.getTransactions(account, { onramp: provider })).data
  }

  private follow(account: CaipAddress, provider: OnRampProviderName, seen: ReadonlySet<string>, quoted: QuoteFigures | undefined): void {
    this.following = timer(ONRAMP_FOLLOW_INTERVAL_MS, ONRAMP_FOLLOW_INTERVAL_MS, this.deps.scheduler)
      .pipe(
        take(ONRAMP_FOLLOW_MAX_ATTEMPTS),
        exhaustMap(() =>
          from(this.onRampEntries(account, provider)).pipe(
            catchError((error: unknown) => {
              this.deps.logger.warn('On-ramp history failed; asking again', error)
              return of<Transaction[]>([])
            }),
          ),
        ),
        map((entries) => entries.find((t) => !seen.has(t.id))),
        filter((t): t is Transaction => t !== undefined),
        take(1),
      )
      .subscribe((landed) => {
        const transfer = landed.transfers.find((t) => t.fungible_info !== undefined) ?? landed.transfers[0]
        const amount = transfer?.quantity.numeric ?? ''
        const symbol = transfer?.fungible_info?.symbol ?? ''
        // The quote's figures stand for this purchase only when it brought what was quoted.
        const asQuoted = quoted !== undefined && symbol === quoted.purchase.currency && amount !== '' && Number(amount) === Number(quoted.purchase.amount)
        this.setPurchase({ status: 'landed', provider, amount, symbol, hash: landed.metadata.hash, ...(asQuoted ? { paid: quoted } : {}) })
        // Activity shows it without a reload.
        void this.deps.activity.retry().catch(() => undefined)
      })
  }

  private setPurchase(purchase: PurchaseState): void {
    this.subject.next({ ...this.subject.value, purchase })
  }

  private update(change: Partial<Pick<BuyCryptoState, 'amount' | 'purchaseCurrency' | 'paymentCurrency' | 'paymentMethod'>>): void {
    const last = this.subject.value
    this.subject.next(this.derive(this.options, { ...last, ...change, quote: last.quote, purchase: last.purchase }))
    this.inputs.next()
  }

  private derive(options: OnRampOptions | undefined, input: Partial<BuyCryptoState>): BuyCryptoState {
    const active = this.deps.activeNetwork()
    const connection = this.deps.connection.snapshot
    const network = active !== undefined && connection.status === 'connected' && active.chainNamespace === connection.namespace ? active : undefined
    const reference = network === undefined ? undefined : String(network.id)
    const purchaseCurrencies = (options?.purchaseCurrencies ?? []).flatMap((currency) => {
      const entry = currency.networks.find((n) => n.chain_id === reference)
      return entry === undefined ? [] : [{ currency, network: entry }]
    })
    const purchaseCurrency = purchaseCurrencies.some((c) => c.currency.id === input.purchaseCurrency)
      ? input.purchaseCurrency!
      : (purchaseCurrencies[0]?.currency.id ?? '')
    const paymentCurrencies = (options?.paymentCurrencies ?? []).map((c) => c.id)
    const paymentCurrency = paymentCurrencies.includes(input.paymentCurrency ?? '') ? input.paymentCurrency! : (paymentCurrencies[0] ?? 'USD')
    const payment = options?.paymentCurrencies.find((c) => c.id === paymentCurrency)
    const paymentMethods = paymentMethodsOf(payment)
    const paymentMethod = paymentMethods.includes(input.paymentMethod ?? '') ? input.paymentMethod! : paymentMethods[0]!
    const limits = paymentMethodLimits(payment, paymentMethod)
    const amount = input.amount ?? DEFAULT_AMOUNT
    const providers =
      network === undefined
        ? []
        : onRampProvidersOn(
            { namespace: network.chainNamespace, reference: String(network.id), ...(network.testnet === undefined ? {} : { testnet: network.testnet }) },
            this.deps.remoteProviders,
            this.deps.providerSetting,
          )
    return {
      ready: options !== undefined,
      network: providers.length > 0 && purchaseCurrencies.length > 0 ? network : options === undefined ? network : undefined,
      purchaseCurrencies,
      purchaseCurrency,
      paymentCurrencies,
      paymentCurrency,
      paymentMethods,
      paymentMethod,
      limits,
      amount,
      validation: validateOnRampAmount(amount, paymentCurrency, limits),
      quote: input.quote ?? { status: 'idle' },
      providers,
      purchase: input.purchase ?? { status: 'idle' },
    }
  }
}
