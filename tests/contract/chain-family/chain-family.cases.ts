/**
 * The ChainFamily contract's cases, written once (src/ports/chain-family.ts's JSDoc is what they
 * pin). They import nothing from a test runner so the same functions run in Node under vitest
 * (against FakeChainFamily) and bundled into a page in Chromium (against each wing over a wallet
 * of its family on the page: chain-family.wings.ts lists them).
 * A case fails by throwing.
 *
 * Each case `requires` the capabilities it exercises; a wing declares which it has and, for each
 * it lacks, why (chain-family.wings.ts). A wing runs every case whose capabilities it has; the
 * others are listed as not applicable with that reason, never skipped.
 */
import { filter, firstValueFrom, type Observable, type Subscription } from 'rxjs'
import type { CaipNetwork, CaipNetworkId, Connector } from '../../../src/domain/entities'
import {
  UnknownConnectorError,
  WalletRequestError,
  type ChainFamily,
  type SwitchStep,
  type WalletErrorKind,
} from '../../../src/ports/chain-family'
import type { WalletCalls } from '../../../src/ports/wallet-calls'

/**
 * Reads a status until it is no longer pending, for at most 15 s. Both worlds mine each transaction
 * as it arrives, but a devnet chain (Anvil) may answer a send with its hash before the block holding
 * it is mined, so a first read can still be pending under load.
 */
async function settled<T>(read: () => Promise<T>, pending: (status: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000
  let status = await read()
  while (pending(status) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    status = await read()
  }
  return status
}

/**
 * What a case may ask of a wing (see each case's `requires`):
 * - `connect`: discovery, connect (declined, already pending, unknown connector);
 * - `reconnect`: the silent reconnect after a reload;
 * - `disconnect`: stops following the wallet;
 * - `events`: the person changes account inside the wallet and the wing reports it;
 * - `sign`: signs a plain-text message in the family's own scheme;
 * - `switch`: moves the connection to another configured network the wallet can use;
 * - `switch-prompt`: a switch asks the person, who may decline it;
 * - `add-network`: a switch to a network the wallet does not know adds it first;
 * - `network-events`: the person moves the wallet to another network inside the wallet and the wing reports it;
 * - `transfers`: estimates, sends and follows a native transfer;
 * - `batches`: the optional WalletCalls port (several calls under one prompt).
 */
export type Capability =
  | 'connect'
  | 'reconnect'
  | 'disconnect'
  | 'events'
  | 'sign'
  | 'switch'
  | 'switch-prompt'
  | 'add-network'
  | 'network-events'
  | 'transfers'
  | 'batches'

/** What every wing must run: a family without them is no wing. */
export const CORE_CAPABILITIES: readonly Capability[] = ['connect', 'reconnect', 'disconnect', 'events', 'sign']

/** One wallet of the family on the page, driven as the person using it would. */
export interface ContractWallet {
  /** Its connector id once discovered. */
  readonly id: string
  /** Announces itself again (wallets do, on every discovery request and on their own; a wallet that only sits on the page is put there again). */
  announce(): void
  /** The person declines the next request that asks them anything. */
  declineNext(): void
  /** The next request that asks the person finds one already waiting for them. */
  pendingNext(): void
  /** The person moves the wallet to `network` inside the wallet itself (wings with `network-events`). */
  moveTo?(network: CaipNetwork): void
  /** The person selects another of the wallet's accounts (or stops sharing the selected one); returns the address selected now. */
  changeAccount(): string
  /** How many requests reached the wallet so far. */
  requests(): number
  /** How many times the wallet asked the person something so far (declined ones included). */
  prompts(): number
}

export interface ChainFamilyWorld {
  readonly family: ChainFamily
  /**
   * Present on the page before the case starts; it announced itself once already, before
   * anybody listened (the family has not started discovery yet).
   */
  readonly wallet: ContractWallet
  /** A configured network of the family the wallet starts on. */
  readonly home: CaipNetwork
  /**
   * Another configured network of the family the connection can be moved to. For a wing with
   * `add-network` the wallet does not know it yet (it must be added first); otherwise the wallet
   * can use it as it is.
   */
  readonly away: CaipNetwork
  /** A network of another chain family. */
  readonly foreignChainId: CaipNetworkId
  /** An address of the family that receives transfers. */
  readonly receiver: string
  /** A transaction id in the family's own format that the chain never saw (wings with `transfers`). */
  readonly unseenHash?: string
  /** The family's optional batches port over the same wallets (the batch cases need it). */
  readonly walletCalls?: WalletCalls
  /** Whether `signature` is `address`'s signature of `message` in the family's own scheme. */
  verify(address: string, message: string, signature: string): Promise<boolean>
}

export interface ChainFamilyCase {
  readonly name: string
  /** Every capability the case exercises: a wing runs it only when it has them all. */
  readonly requires: readonly Capability[]
  run(world: ChainFamilyWorld): Promise<void>
}

const MESSAGE = 'Sign in to Walletgate ✓ 👛\nNonce: 4f1c'

export const chainFamilyCases: readonly ChainFamilyCase[] = [
  // ------------------------------------------------------------------ discovery
  {
    name: 'discovery: nothing is listed before startDiscovery, then the announced wallet once, under the family namespace',
    requires: ['connect'],
    async run(w) {
      const seen = record(w.family.connectors$)
      try {
        same(w.family.connectors.length, 0, 'connectors before startDiscovery')
        same(seen.values.length, 1, 'lists connectors$ replayed before startDiscovery')
        same(seen.values[0]?.length, 0, 'the replayed list before startDiscovery')
        w.family.startDiscovery()
        await until(w.family.connectors$, (list) => list.some((c) => c.id === w.wallet.id), 'the wallet to be listed')
        w.wallet.announce()
        w.wallet.announce()
        w.family.startDiscovery()
        const rows = w.family.connectors.filter((c) => c.id === w.wallet.id)
        same(rows.length, 1, 'rows of the wallet after it announced three times and discovery started twice')
        same(rows[0]?.chain, w.family.namespace, 'the connector chain')
        const last = seen.values.at(-1) ?? []
        same(last.filter((c) => c.id === w.wallet.id).length, 1, 'rows of the wallet in the last list connectors$ emitted')
        for (const list of seen.values) {
          for (const c of list) same(c.chain, w.family.namespace, `chain of connector ${c.id}`)
        }
      } finally {
        seen.stop()
      }
    },
  },
  {
    name: 'discovery: connectors$ replays the current list to a late subscriber',
    requires: ['connect'],
    async run(w) {
      await discover(w)
      const late = record(w.family.connectors$)
      late.stop()
      same(late.values.length >= 1, true, 'a late subscriber got a list at once')
      const replayed = late.values.at(-1) ?? []
      same(replayed.some((c) => c.id === w.wallet.id), true, 'the replayed list holds the wallet')
      same(JSON.stringify(ids(replayed)), JSON.stringify(ids(w.family.connectors)), 'the replayed list is the current one')
    },
  },
  {
    name: 'getProvider: defined for a discovered connector, undefined for an unknown one',
    requires: ['connect'],
    async run(w) {
      same(w.family.getProvider('no.such.wallet'), undefined, 'provider of an unknown connector')
      await discover(w)
      same(w.family.getProvider(w.wallet.id) !== undefined, true, 'provider of the discovered wallet is defined')
      same(w.family.getProvider('no.such.wallet'), undefined, 'provider of an unknown connector after discovery')
    },
  },

  // ------------------------------------------------------------------ connect
  {
    name: 'connect resolves the wallet account: its id, the namespace, addresses and the wallet network',
    requires: ['connect'],
    async run(w) {
      await discover(w)
      const account = await w.family.connect(w.wallet.id)
      same(account.connectorId, w.wallet.id, 'account connectorId')
      same(account.namespace, w.family.namespace, 'account namespace')
      same(account.addresses.length > 0, true, 'the account has addresses')
      for (const a of account.addresses) same(typeof a === 'string' && a.length > 0, true, `address ${String(a)}`)
      same(account.caipNetworkId, w.home.caipNetworkId, 'account caipNetworkId')
    },
  },
  {
    name: 'connect declined by the person rejects WalletRequestError of kind rejected',
    requires: ['connect'],
    async run(w) {
      await discover(w)
      w.wallet.declineNext()
      await rejectsKind(w.family.connect(w.wallet.id), 'rejected', 'a declined connect')
      same(w.wallet.prompts(), 1, 'the person was asked once')
    },
  },
  {
    name: 'connect while a request already waits in the wallet rejects WalletRequestError of kind pending',
    requires: ['connect'],
    async run(w) {
      await discover(w)
      w.wallet.pendingNext()
      await rejectsKind(w.family.connect(w.wallet.id), 'pending', 'a connect with a request already pending')
    },
  },
  {
    name: 'connect to a connector nobody discovered rejects UnknownConnectorError',
    requires: ['connect'],
    async run(w) {
      await discover(w)
      const error = await rejection(w.family.connect('no.such.wallet'), 'connect to an unknown connector')
      same(error instanceof UnknownConnectorError, true, `an UnknownConnectorError (got ${describeError(error)})`)
      same((error as UnknownConnectorError).connectorId, 'no.such.wallet', 'the error names the connector')
      same(w.wallet.requests(), 0, 'requests that reached the wallet')
    },
  },

  // ------------------------------------------------------------------ reconnect
  {
    name: 'reconnect resolves null for an unknown connector and for a wallet that has not authorised the site, without prompting',
    requires: ['reconnect'],
    async run(w) {
      same(await w.family.reconnect(w.wallet.id), null, 'reconnect before discovery')
      await discover(w)
      same(await w.family.reconnect('no.such.wallet'), null, 'reconnect of an unknown connector')
      same(await w.family.reconnect(w.wallet.id), null, 'reconnect of a wallet that never authorised the site')
      same(w.wallet.prompts(), 0, 'times the person was asked')
    },
  },
  {
    name: 'reconnect resolves the account after a connect, without prompting again',
    requires: ['reconnect'],
    async run(w) {
      await discover(w)
      const connected = await w.family.connect(w.wallet.id)
      const prompts = w.wallet.prompts()
      const account = await w.family.reconnect(w.wallet.id)
      same(account === null, false, 'reconnect after connect resolved an account')
      same(account?.connectorId, w.wallet.id, 'account connectorId')
      same(account?.namespace, w.family.namespace, 'account namespace')
      same(account?.addresses[0], connected.addresses[0], 'the selected address')
      same(account?.caipNetworkId, w.home.caipNetworkId, 'account caipNetworkId')
      same(w.wallet.prompts(), prompts, 'times the person was asked')
    },
  },

  // ------------------------------------------------------------------ events and disconnect
  {
    name: 'events: accountsChanged of the connected wallet reaches events$ once, with its connector id and the selected address first',
    requires: ['events', 'reconnect'],
    async run(w) {
      await connectedThrice(w)
      const events = record(w.family.events$)
      try {
        const address = w.wallet.changeAccount()
        const accounts = await until(w.family.events$, (e) => e.type === 'accountsChanged', 'accountsChanged', events)
        same(accounts.connectorId, w.wallet.id, 'accountsChanged connectorId')
        same(accounts.type === 'accountsChanged' ? accounts.addresses[0]?.toLowerCase() : undefined, address.toLowerCase(), 'the selected address')
        // One more round trip through the wallet: a doubled event would have arrived by now.
        await w.family.reconnect(w.wallet.id)
        same(events.values.filter((e) => e.type === 'accountsChanged').length, 1, 'accountsChanged events')
      } finally {
        events.stop()
      }
    },
  },
  {
    name: 'events: chainChanged of the connected wallet, moved inside the wallet, reaches events$ once, with its connector id',
    requires: ['network-events', 'reconnect'],
    async run(w) {
      const wallet = movable(w)
      await connectedThrice(w)
      const events = record(w.family.events$)
      try {
        wallet.moveTo(w.away)
        const chain = await until(w.family.events$, (e) => e.type === 'chainChanged', 'chainChanged', events)
        same(chain.connectorId, w.wallet.id, 'chainChanged connectorId')
        same(chain.type === 'chainChanged' ? chain.caipNetworkId : undefined, w.away.caipNetworkId, 'chainChanged caipNetworkId')
        // One more round trip through the wallet: a doubled event would have arrived by now.
        await w.family.reconnect(w.wallet.id)
        same(events.values.filter((e) => e.type === 'chainChanged').length, 1, 'chainChanged events')
      } finally {
        events.stop()
      }
    },
  },
  {
    name: 'disconnect never rejects, and afterwards no account change of that wallet reaches events$',
    requires: ['disconnect', 'events', 'reconnect'],
    async run(w) {
      await resolves(w.family.disconnect('no.such.wallet'), 'disconnect of an unknown connector')
      await discover(w)
      await resolves(w.family.disconnect(w.wallet.id), 'disconnect of a wallet never connected')
      await w.family.connect(w.wallet.id)
      const events = record(w.family.events$)
      try {
        await resolves(w.family.disconnect(w.wallet.id), 'disconnect of the connected wallet')
        await resolves(w.family.disconnect(w.wallet.id), 'a second disconnect')
        w.wallet.changeAccount()
        // One more round trip through the wallet: anything it still reported would have arrived.
        await w.family.reconnect(w.wallet.id)
        same(JSON.stringify(events.values.filter((e) => e.connectorId === w.wallet.id)), '[]', 'events of the wallet after disconnect')
      } finally {
        events.stop()
      }
    },
  },
  {
    name: 'after disconnect, the wallet moving to another network inside the wallet reaches events$ no more',
    requires: ['disconnect', 'network-events', 'reconnect'],
    async run(w) {
      const wallet = movable(w)
      await discover(w)
      await w.family.connect(w.wallet.id)
      const events = record(w.family.events$)
      try {
        await resolves(w.family.disconnect(w.wallet.id), 'disconnect of the connected wallet')
        wallet.moveTo(w.away)
        // One more round trip through the wallet: anything it still reported would have arrived.
        await w.family.reconnect(w.wallet.id)
        same(JSON.stringify(events.values.filter((e) => e.connectorId === w.wallet.id)), '[]', 'events of the wallet after disconnect')
      } finally {
        events.stop()
      }
    },
  },

  // ------------------------------------------------------------------ switch network
  {
    name: 'switchNetwork to a network the wallet does not know reports add then switch, and the wallet ends there',
    requires: ['switch', 'add-network'],
    async run(w) {
      await discover(w)
      await w.family.connect(w.wallet.id)
      const events = record(w.family.events$)
      try {
        const steps: SwitchStep[] = []
        await w.family.switchNetwork(w.wallet.id, w.away, (step) => steps.push(step))
        same(steps.join(','), 'add,switch', 'steps reported')
        await until(
          w.family.events$,
          (e) => e.type === 'chainChanged' && e.connectorId === w.wallet.id && e.caipNetworkId === w.away.caipNetworkId,
          'chainChanged to the added network',
          events,
        )
        same((await w.family.connect(w.wallet.id)).caipNetworkId, w.away.caipNetworkId, 'network the next connect reports')
      } finally {
        events.stop()
      }
    },
  },
  {
    name: 'switchNetwork back to a network the wallet knows moves it without an add step',
    requires: ['switch', 'reconnect'],
    async run(w) {
      await discover(w)
      await w.family.connect(w.wallet.id)
      await w.family.switchNetwork(w.wallet.id, w.away)
      const events = record(w.family.events$)
      try {
        const steps: SwitchStep[] = []
        await w.family.switchNetwork(w.wallet.id, w.home, (step) => steps.push(step))
        same(steps.includes('add'), false, `no add step for a known network (steps: ${steps.join(',')})`)
        const chain = await until(w.family.events$, (e) => e.type === 'chainChanged', 'chainChanged back home', events)
        same(chain.type === 'chainChanged' ? chain.caipNetworkId : undefined, w.home.caipNetworkId, 'chainChanged caipNetworkId')
        same(chain.connectorId, w.wallet.id, 'chainChanged connectorId')
        same((await w.family.reconnect(w.wallet.id))?.caipNetworkId, w.home.caipNetworkId, 'network reconnect reports')
      } finally {
        events.stop()
      }
    },
  },
  {
    name: 'switchNetwork declined by the person rejects kind rejected, and the wallet stays where it was',
    requires: ['switch', 'switch-prompt', 'reconnect'],
    async run(w) {
      await discover(w)
      await w.family.connect(w.wallet.id)
      w.wallet.declineNext()
      await rejectsKind(w.family.switchNetwork(w.wallet.id, w.away), 'rejected', 'a declined switch')
      same((await w.family.reconnect(w.wallet.id))?.caipNetworkId, w.home.caipNetworkId, 'network after the declined switch')
    },
  },
  {
    name: 'switchNetwork on a connector nobody discovered rejects UnknownConnectorError',
    requires: ['switch'],
    async run(w) {
      await discover(w)
      const error = await rejection(w.family.switchNetwork('no.such.wallet', w.away), 'switch on an unknown connector')
      same(error instanceof UnknownConnectorError, true, `an UnknownConnectorError (got ${describeError(error)})`)
    },
  },

  // ------------------------------------------------------------------ sign
  {
    name: 'signMessage resolves a signature of the message that verifies for the address',
    requires: ['sign'],
    async run(w) {
      await discover(w)
      const { addresses } = await w.family.connect(w.wallet.id)
      const address = addresses[0]!
      const signature = await w.family.signMessage(w.wallet.id, address, MESSAGE)
      same(typeof signature === 'string' && signature.length > 0, true, 'a signature')
      same(await w.verify(address, MESSAGE, signature), true, 'the signature verifies for the address')
      same(await w.verify(address, `${MESSAGE}!`, signature), false, 'the signature verifies for another message')
    },
  },
  {
    name: 'signMessage declined by the person rejects kind rejected',
    requires: ['sign'],
    async run(w) {
      await discover(w)
      const { addresses } = await w.family.connect(w.wallet.id)
      w.wallet.declineNext()
      await rejectsKind(w.family.signMessage(w.wallet.id, addresses[0]!, MESSAGE), 'rejected', 'a declined signature')
    },
  },

  // ------------------------------------------------------------------ transfers
  {
    name: 'estimateTransfer of a native transfer resolves a fee of gas times gas price, asking the person nothing',
    requires: ['transfers'],
    async run(w) {
      await discover(w)
      const { addresses } = await w.family.connect(w.wallet.id)
      const prompts = w.wallet.prompts()
      const estimate = await w.family.estimateTransfer(w.wallet.id, {
        chainId: w.home.caipNetworkId,
        from: addresses[0]!,
        to: w.receiver,
        amount: 1_000n,
      })
      same(estimate.gas > 0n, true, `gas > 0 (got ${estimate.gas})`)
      same(estimate.gasPrice > 0n, true, `gas price > 0 (got ${estimate.gasPrice})`)
      same(estimate.fee, estimate.gas * estimate.gasPrice, 'fee')
      same(w.wallet.prompts(), prompts, 'times the person was asked')
    },
  },
  {
    name: 'sendTransfer of a native transfer resolves a hash whose receipt becomes confirmed',
    requires: ['transfers'],
    async run(w) {
      await discover(w)
      const { addresses } = await w.family.connect(w.wallet.id)
      const sent = await w.family.sendTransfer(w.wallet.id, {
        chainId: w.home.caipNetworkId,
        from: addresses[0]!,
        to: w.receiver,
        amount: 1_000n,
      })
      same(typeof sent.hash === 'string' && sent.hash.length > 0, true, 'a hash')
      const status = await settled(() => w.family.receiptStatus(w.wallet.id, w.home.caipNetworkId, sent.hash), (s) => s === 'pending')
      same(status, 'confirmed', 'receipt status')
    },
  },
  {
    name: 'sendTransfer declined by the person rejects TransactionRejectedError',
    requires: ['transfers'],
    async run(w) {
      await discover(w)
      const { addresses } = await w.family.connect(w.wallet.id)
      w.wallet.declineNext()
      const error = await rejection(
        w.family.sendTransfer(w.wallet.id, { chainId: w.home.caipNetworkId, from: addresses[0]!, to: w.receiver, amount: 1n }),
        'a declined transfer',
      )
      same((error as Error).name, 'TransactionRejectedError', `the error (got ${describeError(error)})`)
    },
  },
  {
    name: 'receiptStatus of a hash the chain never saw is pending, not an error',
    requires: ['transfers'],
    async run(w) {
      await discover(w)
      await w.family.connect(w.wallet.id)
      const hash = w.unseenHash
      if (hash === undefined) throw new Error('the world has no unseen transaction id')
      same(await w.family.receiptStatus(w.wallet.id, w.home.caipNetworkId, hash), 'pending', 'receipt status of an unknown hash')
    },
  },
  {
    name: 'a transfer on a chain of another family is refused with UnsupportedTransferChainError before any wallet request',
    requires: ['connect'],
    async run(w) {
      await discover(w)
      const { addresses } = await w.family.connect(w.wallet.id)
      const before = w.wallet.requests()
      const request = { chainId: w.foreignChainId, from: addresses[0]!, to: w.receiver, amount: 1n }
      const estimate = await rejection(w.family.estimateTransfer(w.wallet.id, request), 'estimate on a foreign chain')
      same((estimate as Error).name, 'UnsupportedTransferChainError', `the estimate error (got ${describeError(estimate)})`)
      const send = await rejection(w.family.sendTransfer(w.wallet.id, request), 'send on a foreign chain')
      same((send as Error).name, 'UnsupportedTransferChainError', `the send error (got ${describeError(send)})`)
      same(w.wallet.requests(), before, 'requests that reached the wallet')
    },
  },
  // ------------------------------------------------------------------ batches (the optional WalletCalls port)
  {
    name: 'callsCapabilities answers the home network with its atomic support, asking the person nothing, and nothing for another family',
    requires: ['batches'],
    async run(w) {
      const calls = batches(w)
      await discover(w)
      const { addresses } = await w.family.connect(w.wallet.id)
      const prompts = w.wallet.prompts()
      const offered = await calls.callsCapabilities(w.wallet.id, addresses[0]!, [w.home.caipNetworkId, w.foreignChainId])
      same(['supported', 'ready', 'unsupported'].includes(offered[w.home.caipNetworkId]?.atomic ?? ''), true, `the home network's atomic support (got ${describe(offered)})`)
      same(offered[w.foreignChainId], undefined, 'the capabilities on a network of another family')
      same(w.wallet.prompts(), prompts, 'prompts')
    },
  },
  {
    name: 'sendCalls sends every call under ONE prompt, and callsStatus reaches confirmed with the transactions that carried them',
    requires: ['batches'],
    async run(w) {
      const calls = batches(w)
      await discover(w)
      const { addresses } = await w.family.connect(w.wallet.id)
      const prompts = w.wallet.prompts()
      const id = await calls.sendCalls(w.wallet.id, {
        chainId: w.home.caipNetworkId,
        from: addresses[0]!,
        atomicRequired: false,
        calls: [
          { to: w.receiver, value: 1_000n },
          { to: w.receiver, value: 2_000n },
        ],
      })
      same(w.wallet.prompts(), prompts + 1, 'prompts for a batch of two calls')
      const status = await settled(() => calls.callsStatus(w.wallet.id, w.home.caipNetworkId, id), (s) => s.outcome === 'pending')
      same(status.outcome, 'confirmed', 'the batch outcome')
      same(status.transactionHashes.length > 0 && status.transactionHashes.every((h) => /^0x[0-9a-fA-F]{64}$/.test(h)), true, `transaction hashes (got ${describe(status.transactionHashes)})`)
    },
  },
  {
    name: 'sendCalls declined by the person rejects kind rejected',
    requires: ['batches'],
    async run(w) {
      const calls = batches(w)
      await discover(w)
      const { addresses } = await w.family.connect(w.wallet.id)
      w.wallet.declineNext()
      await rejectsKind(
        calls.sendCalls(w.wallet.id, { chainId: w.home.caipNetworkId, from: addresses[0]!, atomicRequired: false, calls: [{ to: w.receiver, value: 1n }] }),
        'rejected',
        'a declined batch',
      )
    },
  },
  {
    name: 'sendCalls with a call whose to does not start with 0x is refused in the spec\'s words before any wallet request',
    requires: ['batches'],
    async run(w) {
      const calls = batches(w)
      await discover(w)
      const { addresses } = await w.family.connect(w.wallet.id)
      const before = w.wallet.requests()
      const error = await rejection(
        calls.sendCalls(w.wallet.id, { chainId: w.home.caipNetworkId, from: addresses[0]!, atomicRequired: false, calls: [{ to: w.receiver.slice(2), value: 1n }] }),
        'a batch with a to without 0x',
      )
      same((error as Error).message, 'Each call needs a to address starting with 0x', 'the error')
      same(w.wallet.requests(), before, 'requests that reached the wallet')
    },
  },
]

// ------------------------------------------------------------------ helpers

/** The family's batches (the optional WalletCalls port), which every world of a wing with `batches` has. */
function batches(w: ChainFamilyWorld): WalletCalls {
  if (w.walletCalls === undefined) throw new Error('the world has no batches')
  return w.walletCalls
}

/** The wallet's own network move, which every world of a wing with `network-events` has. */
function movable(w: ChainFamilyWorld): Required<Pick<ContractWallet, 'moveTo'>> {
  const moveTo = w.wallet.moveTo
  if (moveTo === undefined) throw new Error('the wallet cannot move to another network by itself')
  return { moveTo: (network) => moveTo.call(w.wallet, network) }
}

/**
 * Discovers and connects the wallet, then follows it again twice (a reconnect, a second connect),
 * which must not double its events.
 */
async function connectedThrice(w: ChainFamilyWorld): Promise<void> {
  await discover(w)
  await w.family.connect(w.wallet.id)
  await w.family.reconnect(w.wallet.id)
  await w.family.connect(w.wallet.id)
}

/** Starts discovery and waits until the wallet is listed. */
async function discover(w: ChainFamilyWorld): Promise<void> {
  w.family.startDiscovery()
  await until(w.family.connectors$, (list) => list.some((c) => c.id === w.wallet.id), 'the wallet to be listed')
}

interface Recording<T> {
  readonly values: T[]
  stop(): void
}

/** Everything `source` emits from now on (a replayed value included). */
function record<T>(source: Observable<T>): Recording<T> {
  const values: T[] = []
  let error: unknown
  const subscription: Subscription = source.subscribe({ next: (v) => values.push(v), error: (e: unknown) => (error = e) })
  return {
    values,
    stop() {
      subscription.unsubscribe()
      if (error !== undefined) throw new Error(`the stream errored: ${describeError(error)}`)
    },
  }
}

/**
 * The first value of `source` that passes `test`, looking first at what `recorded` already holds.
 * Bounded by the runner's own test timeout; a passing case never waits on a clock.
 */
async function until<T>(source: Observable<T>, test: (value: T) => boolean, what: string, recorded?: Recording<T>): Promise<T> {
  const already = recorded?.values.find(test)
  if (already !== undefined) return already
  try {
    return await firstValueFrom(source.pipe(filter(test)))
  } catch (error) {
    throw new Error(`waiting for ${what}: ${describeError(error)}`)
  }
}

async function rejection(promise: Promise<unknown>, what: string): Promise<unknown> {
  try {
    const value = await promise
    throw new ResolvedError(`${what} resolved ${describe(value)} instead of rejecting`)
  } catch (error) {
    if (error instanceof ResolvedError) throw error
    return error
  }
}

class ResolvedError extends Error {}

async function rejectsKind(promise: Promise<unknown>, kind: WalletErrorKind, what: string): Promise<void> {
  const error = await rejection(promise, what)
  if (!(error instanceof WalletRequestError)) throw new Error(`${what}: expected a WalletRequestError, got ${describeError(error)}`)
  same(error.kind, kind, `${what}: the error kind`)
}

async function resolves(promise: Promise<unknown>, what: string): Promise<void> {
  try {
    await promise
  } catch (error) {
    throw new Error(`${what} rejected: ${describeError(error)}`)
  }
}

function ids(list: readonly Connector[]): string[] {
  return list.map((c) => c.id)
}

function same(actual: unknown, expected: unknown, what: string): void {
  if (!Object.is(actual, expected)) throw new Error(`${what}: expected ${describe(expected)}, got ${describe(actual)}`)
}

function describe(value: unknown): string {
  const text = typeof value === 'bigint' ? `${value}n` : (JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value))
  return text.length > 120 ? `${text.slice(0, 117)}…` : text
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : describe(error)
}

