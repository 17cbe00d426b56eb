/**
 * Which ChainFamily cases each wing runs: every wing declares each capability of the contract
 * (chain-family.cases.ts's `Capability`) as `true` or with the reason it lacks it, in words a
 * reader of the count line understands. A wing runs every case whose capabilities it has; the
 * others are listed as not applicable with that reason (never skipped). A case a wing should pass
 * but does not is a known failure: it still runs, and is expected to fail until the wing is fixed.
 */
import { CORE_CAPABILITIES, chainFamilyCases, type Capability, type ChainFamilyCase } from './chain-family.cases'

export interface WingDeclaration {
  /** How the count line names it: the namespace, or the fake's class. */
  readonly label: string
  /** Every capability of the contract: true, or why the wing has it not. */
  readonly capabilities: Readonly<Record<Capability, true | string>>
  /** Cases (by name) the wing should pass and does not yet, with what is wrong. */
  readonly knownFailures?: Readonly<Record<string, string>>
}

const NO_BATCHES = 'the WalletCalls port (EIP-5792 batches) is eip155-only'
const NO_TRANSFERS = 'spec section 9 lists send for eip155 and solana only: the wing refuses every transfer'
const sitePicksNetwork = (wallets: string) => `${wallets} have no network of their own: the site picks one, so the wallet reports no network change`
const SWITCH_ASKS_NOTHING = 'the site moves the network itself, asking the wallet nothing'
const RECONNECT_NEVER_AUTHORISED = 'reconnect resolves null for an unknown connector and for a wallet that has not authorised the site, without prompting'

/** What every wing has: the core of the contract, and a switch to another network. */
const CORE_AND_SWITCH = { connect: true, reconnect: true, disconnect: true, events: true, sign: true, switch: true } as const

/** The whole contract (eip155's wallets, and the fake modelled on them). */
const EVERY_CAPABILITY: WingDeclaration['capabilities'] = {
  ...CORE_AND_SWITCH,
  'switch-prompt': true,
  'add-network': true,
  'network-events': true,
  transfers: true,
  batches: true,
}

export const FAKE_WING: WingDeclaration = { label: 'FakeChainFamily', capabilities: EVERY_CAPABILITY }

/** The five wings, each over a wallet of its family on a page in Chromium (chain-family.browser.test.ts). */
export const WINGS: readonly WingDeclaration[] = [
  { label: 'eip155', capabilities: EVERY_CAPABILITY },
  {
    label: 'solana',
    capabilities: {
      ...CORE_AND_SWITCH,
      'switch-prompt': `Wallet Standard wallets have no switch request: ${SWITCH_ASKS_NOTHING}`,
      'add-network': 'Wallet Standard wallets have no add-network request: the site uses only the chains the wallet names',
      'network-events': sitePicksNetwork('Wallet Standard wallets'),
      transfers: true,
      batches: NO_BATCHES,
    },
  },
  {
    label: 'bip122',
    capabilities: {
      ...CORE_AND_SWITCH,
      'switch-prompt': `Bitcoin wallets share no switch request: ${SWITCH_ASKS_NOTHING} when the addresses fit`,
      'add-network': 'Bitcoin wallets share no add-network request: the network follows the addresses',
      'network-events': 'Bitcoin wallets share no network-change event: the network follows the addresses',
      transfers: NO_TRANSFERS,
      batches: NO_BATCHES,
    },
  },
  {
    label: 'polkadot',
    capabilities: {
      ...CORE_AND_SWITCH,
      'switch-prompt': `injected extensions have no switch request: ${SWITCH_ASKS_NOTHING}`,
      'add-network': 'injected extensions have no add-network request: an account serves every network (its SS58 format changes)',
      'network-events': sitePicksNetwork('injected extensions'),
      transfers: NO_TRANSFERS,
      batches: NO_BATCHES,
    },
    knownFailures: {
      [RECONNECT_NEVER_AUTHORISED]:
        'PolkadotSession.reconnect calls enable(appName), which asks the person when the site was never allowed (and connects when they approve); extensions offer no silent check',
    },
  },
  {
    label: 'cosmos',
    capabilities: {
      ...CORE_AND_SWITCH,
      'switch-prompt': true,
      'add-network': 'the wing enables only chains the wallet knows; it suggests none (no experimentalSuggestChain)',
      'network-events': sitePicksNetwork('Keplr-style wallets'),
      transfers: NO_TRANSFERS,
      batches: NO_BATCHES,
    },
    knownFailures: {
      [RECONNECT_NEVER_AUTHORISED]:
        'CosmosSession.reconnect calls connect, whose enable(chainId) asks the person when the site was never allowed (and connects when they approve); Keplr-style wallets share no silent permission check',
    },
  },
]

export interface NotApplicable {
  readonly name: string
  /** The capabilities the wing lacks, with its reason for each. */
  readonly missing: readonly { readonly capability: Capability; readonly reason: string }[]
}

export interface WingPlan {
  /** The cases the wing runs, known failures included. */
  readonly run: readonly ChainFamilyCase[]
  readonly notApplicable: readonly NotApplicable[]
  /** Of `run`, the names expected to fail, with why. */
  readonly knownFailures: Readonly<Record<string, string>>
}

/** Which cases `wing` runs and which are not applicable to it, and why. */
export function planOf(wing: WingDeclaration, cases: readonly ChainFamilyCase[] = chainFamilyCases): WingPlan {
  const run: ChainFamilyCase[] = []
  const notApplicable: NotApplicable[] = []
  for (const c of cases) {
    const missing = c.requires.flatMap((capability) => {
      const has = wing.capabilities[capability]
      return has === true ? [] : [{ capability, reason: has }]
    })
    if (missing.length === 0) run.push(c)
    else notApplicable.push({ name: c.name, missing })
  }
  return { run, notApplicable, knownFailures: wing.knownFailures ?? {} }
}

/**
 * The line each wing's run prints, for the note: how many cases ran, and how many were not
 * applicable, grouped by the capability the wing lacks, with its reason.
 */
export function countLine(wing: WingDeclaration, plan: WingPlan = planOf(wing)): string {
  const byCapability = new Map<Capability, { reason: string; cases: number }>()
  for (const { missing } of plan.notApplicable) {
    for (const { capability, reason } of missing) {
      const entry = byCapability.get(capability) ?? { reason, cases: 0 }
      entry.cases++
      byCapability.set(capability, entry)
    }
  }
  const lacking = [...byCapability].map(([capability, { reason, cases }]) => `${capability} (${cases}): ${reason}`)
  const known = Object.entries(plan.knownFailures).map(([name, why]) => `"${name}": ${why}`)
  return (
    `ChainFamily contract: ${wing.label} ran ${plan.run.length} cases` +
    ` (${plan.notApplicable.length} not applicable${lacking.length > 0 ? `: ${lacking.join('; ')}` : ''})` +
    (known.length > 0 ? ` (${known.length} known failure${known.length > 1 ? 's' : ''}: ${known.join('; ')})` : '')
  )
}

/** The core capabilities a wing lacks (none for a wing of this contract). */
export function missingCore(wing: WingDeclaration): Capability[] {
  return CORE_CAPABILITIES.filter((capability) => wing.capabilities[capability] !== true)
}
