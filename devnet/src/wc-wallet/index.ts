/**
 * The devnet wallet peer: a real @walletconnect/sign-client wallet in Node holding one devnet key.
 * It pairs from a `wc:` URI, approves or rejects session proposals and requests (by mode), signs
 * with viem and sends transactions to the devnet chains. Used by the contract and e2e tests and,
 * through the small page in main.ts, by a person.
 */
import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import type { SignClientTypes } from '@walletconnect/types'
import {
  createWalletClient,
  defineChain,
  http,
  isHex,
  numberToHex,
  type Address,
  type Hex,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { MemoryKeyValueStorage } from './memory-storage'
import { SOLANA_PEER_EVENTS, SOLANA_PEER_METHODS, solanaSigner, type SolanaPeerOptions } from './solana'
import { BITCOIN_PEER_EVENTS, BITCOIN_PEER_METHODS, bitcoinSigner, type BitcoinPeerOptions } from './bitcoin'

export type { SolanaPeerOptions } from './solana'
import { POLKADOT_PEER_EVENTS, POLKADOT_PEER_METHODS, polkadotSigner, type PolkadotPeerOptions } from './polkadot'
import { COSMOS_PEER_EVENTS, COSMOS_PEER_METHODS, cosmosSigner, type CosmosPeerOptions } from './cosmos'

export type WalletPeerMode = 'approve' | 'reject' | 'manual'

export interface WalletPeerOptions {
  relayUrl: string
  /** JSON-RPC URL of every chain the wallet serves, by numeric chain id. */
  rpcUrls: Record<number, string>
  privateKey: Hex
  projectId: string
  mode: WalletPeerMode
  /** Shown to the dapp; defaults to "Devnet Wallet". */
  name?: string
  /** sign-client log level; defaults to 'silent'. */
  logLevel?: string
  /** A Solana key and chains as well: the peer then also offers the `solana` namespace. */
  solana?: SolanaPeerOptions
  /** A Polkadot key and chains: the peer then also offers the `polkadot` namespace. */
  polkadot?: PolkadotPeerOptions
  /** A Cosmos mnemonic and chains: the peer then also offers the `cosmos` namespace. */
  cosmos?: CosmosPeerOptions
  /**
   * Whether the peer handles one-click sign-in (`session_authenticate`; default true). Without it
   * the SDK leaves the authenticate request unanswered and the dapp's fallback proposal is handled
   * instead, as by a wallet that does not support it.
   */
  authenticate?: boolean
  /** A Bitcoin payment key and chains as well: the peer then also offers the `bip122` namespace. */
  bitcoin?: BitcoinPeerOptions
}

export interface PeerSession {
  topic: string
  peerName: string
  peerUrl: string
  chains: string[]
  accounts: string[]
  /** The chain the wallet currently reports for this session (numeric id). */
  chainId: number
}

export type PendingItem =
  | { kind: 'proposal'; id: number; peerName: string; peerUrl: string; chains: string[] }
  | { kind: 'authenticate'; id: number; peerName: string; peerUrl: string; chains: string[]; domain: string }
  | { kind: 'request'; id: number; topic: string; method: string; chainId: string; params: unknown }

export type PeerActivity =
  | { type: 'proposal'; id: number; peerName: string; outcome: 'approved' | 'rejected' | 'pending' | 'failed'; detail?: string }
  /** A one-click sign-in: approved with one signed CACAO per chain in `chains`. */
  | {
      type: 'authenticate'
      id: number
      peerName: string
      outcome: 'approved' | 'rejected' | 'pending' | 'failed'
      chains?: string[]
      detail?: string
    }
  | { type: 'request'; id: number; method: string; outcome: 'approved' | 'rejected' | 'pending' | 'failed'; detail?: string }
  | { type: 'session_deleted'; topic: string; by: 'peer' | 'wallet' }
  | { type: 'event'; topic: string; name: string; data: unknown }

export interface WalletPeer {
  address: Address
  /** The Solana address when the peer was started with a Solana key. */
  solanaAddress: string | undefined
  /** Pairs with a dapp from its `wc:` URI; the proposal is then handled by the current mode. */
  pair(uri: string): Promise<void>
  sessions(): PeerSession[]
  /** Ends every session from the wallet side (the dapp sees session_delete). */
  disconnectAll(): Promise<void>
  setMode(mode: WalletPeerMode): void
  mode(): WalletPeerMode
  /** Turns one-click sign-in support on or off (see WalletPeerOptions.authenticate). */
  setAuthenticate(supported: boolean): void
  /** Proposals and requests waiting for a decision (manual mode). */
  pending(): PendingItem[]
  /** Decides a pending proposal or request. Resolves when the answer is published. */
  respond(id: number, approve: boolean): Promise<void>
  /** Wallet-initiated network switch: emits chainChanged to every session that has the chain. */
  switchChain(chainId: number): Promise<void>
  /** Everything that happened, oldest first (for the page and for test diagnostics). */
  activity(): PeerActivity[]
  /** Resolves with the next activity entry matching the predicate (or an earlier one, if any). */
  waitFor(predicate: (a: PeerActivity) => boolean, timeoutMs?: number): Promise<PeerActivity>
  stop(): Promise<void>
}

/** Methods the peer approves in a session and answers. */
export const PEER_METHODS = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
] as const
export const PEER_EVENTS = ['accountsChanged', 'chainChanged'] as const

const USER_REJECTED = { code: 5000, message: 'User rejected.' }
const USER_REJECTED_REQUEST = { code: 4001, message: 'User rejected the request.' }
const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' }
const UNSUPPORTED_CHAINS = { code: 5100, message: 'Unsupported chains.' }

type Client = Awaited<ReturnType<typeof SignClient.init>>
type ProposalEvent = SignClientTypes.EventArguments['session_proposal']
type RequestEvent = SignClientTypes.EventArguments['session_request']
type AuthenticateEvent = SignClientTypes.EventArguments['session_authenticate']

interface RequestedNamespace {
  chains?: string[]
}

/** `namespace`'s chains a proposal asks for, from required and optional namespaces, in order. */
function requestedChains(proposal: ProposalEvent['params'], namespace: string): { required: string[]; all: string[] } {
  const collect = (namespaces: Record<string, RequestedNamespace> | undefined): string[] => {
    const out: string[] = []
    for (const [key, ns] of Object.entries(namespaces ?? {})) {
      if (key === namespace) out.push(...(ns.chains ?? []))
      else if (key.startsWith(`${namespace}:`)) out.push(key)
    }
    return out
  }
  const required = collect(proposal.requiredNamespaces as Record<string, RequestedNamespace>)
  const optional = collect(proposal.optionalNamespaces as Record<string, RequestedNamespace>)
  return { required, all: [...new Set([...required, ...optional])] }
}

function toBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') return BigInt(value)
  if (typeof value === 'string' && value.length > 0) return BigInt(value)
  return undefined
}

function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code })
}

export async function startWalletPeer(options: WalletPeerOptions): Promise<WalletPeer> {
  const account = privateKeyToAccount(options.privateKey)
  const solana = options.solana === undefined ? undefined : solanaSigner(options.solana)
  const polkadot = options.polkadot === undefined ? undefined : polkadotSigner(options.polkadot)
  const cosmos = options.cosmos === undefined ? undefined : await cosmosSigner(options.cosmos)
  const bitcoin = options.bitcoin === undefined ? undefined : bitcoinSigner(options.bitcoin)
  const supportedChains = Object.keys(options.rpcUrls).map(Number)
  let mode: WalletPeerMode = options.mode
  const activityLog: PeerActivity[] = []
  const listeners = new Set<(a: PeerActivity) => void>()
  const pendingProposals = new Map<number, ProposalEvent>()
  const pendingRequests = new Map<number, RequestEvent>()
  const pendingAuthentications = new Map<number, AuthenticateEvent>()
  const sessionChain = new Map<string, number>()

  const record = (entry: PeerActivity): void => {
    activityLog.push(entry)
    for (const l of [...listeners]) l(entry)
  }

  const client: Client = await SignClient.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    // A prefix of its own: sign-client shares one Core per prefix and process otherwise.
    customStoragePrefix: `walletgate-peer-${randomUUID()}`,
    storage: new MemoryKeyValueStorage(),
    telemetryEnabled: false,
    logger: options.logLevel ?? 'silent',
    metadata: {
      name: options.name ?? 'Devnet Wallet',
      description: 'Walletgate devnet wallet peer',
      url: 'http://127.0.0.1',
      icons: [],
    },
  })

  const chainDef = (chainId: number) => {
    const url = options.rpcUrls[chainId]
    if (!url) throw rpcError(4902, `Unrecognized chain ID "${numberToHex(chainId)}".`)
    return defineChain({
      id: chainId,
      name: `Devnet ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [url] } },
    })
  }

  async function approveProposal(event: ProposalEvent): Promise<void> {
    const evm = requestedChains(event.params, 'eip155')
    const served = evm.all.filter((c) => supportedChains.includes(Number(c.split(':')[1])))
    const sol = requestedChains(event.params, 'solana')
    const servedSolana = sol.all.filter((c) => solana?.chains.includes(c) === true)
    const btc = requestedChains(event.params, 'bip122')
    const servedBitcoin = btc.all.filter((c) => bitcoin?.chains.includes(c) === true)
    const dot = requestedChains(event.params, 'polkadot')
    const servedPolkadot = dot.all.filter((c) => polkadot?.chains.includes(c) === true)
    const atom = requestedChains(event.params, 'cosmos')
    const servedCosmos = atom.all.filter((c) => cosmos?.chains.includes(c) === true)
    const others = [...servedSolana, ...servedBitcoin, ...servedPolkadot, ...servedCosmos]
    const missing = [...evm.required, ...sol.required, ...btc.required, ...dot.required, ...atom.required].filter(
      (c) => !served.includes(c) && !others.includes(c),
    )
    if (served.length + others.length === 0 || missing.length > 0) {
      await client.reject({ id: event.id, reason: UNSUPPORTED_CHAINS })
      record({ type: 'proposal', id: event.id, peerName: event.params.proposer.metadata.name, outcome: 'rejected', detail: 'unsupported chains' })
      return
    }
    const namespaces: Parameters<Client['approve']>[0]['namespaces'] = {}
    if (served.length > 0) {
      namespaces.eip155 = {
        chains: served,
        methods: [...PEER_METHODS],
        events: [...PEER_EVENTS],
        accounts: served.map((c) => `${c}:${account.address}`),
      }
    }
    if (solana !== undefined && servedSolana.length > 0) {
      namespaces.solana = {
        chains: servedSolana,
        methods: [...SOLANA_PEER_METHODS],
        events: [...SOLANA_PEER_EVENTS],
        accounts: servedSolana.map((c) => `${c}:${solana.address}`),
      }
    }
    if (bitcoin !== undefined && servedBitcoin.length > 0) {
      namespaces.bip122 = {
        chains: servedBitcoin,
        methods: [...BITCOIN_PEER_METHODS],
        events: [...BITCOIN_PEER_EVENTS],
        accounts: servedBitcoin.map((c) => `${c}:${bitcoin.address}`),
      }
    }
    if (polkadot !== undefined && servedPolkadot.length > 0) {
      namespaces.polkadot = {
        chains: servedPolkadot,
        methods: [...POLKADOT_PEER_METHODS],
        events: [...POLKADOT_PEER_EVENTS],
        accounts: servedPolkadot.map((c) => `${c}:${polkadot.address}`),
      }
    }
    if (cosmos !== undefined && servedCosmos.length > 0) {
      namespaces.cosmos = {
        chains: servedCosmos,
        methods: [...COSMOS_PEER_METHODS],
        events: [...COSMOS_PEER_EVENTS],
        accounts: servedCosmos.map((c) => `${c}:${cosmos.address(c)}`),
      }
    }
    const { topic, acknowledged } = await client.approve({ id: event.id, namespaces })
    if (served.length > 0) sessionChain.set(topic, Number(served[0]!.split(':')[1]))
    await acknowledged()
    record({ type: 'proposal', id: event.id, peerName: event.params.proposer.metadata.name, outcome: 'approved' })
  }

  async function rejectProposal(event: ProposalEvent): Promise<void> {
    await client.reject({ id: event.id, reason: USER_REJECTED })
    record({ type: 'proposal', id: event.id, peerName: event.params.proposer.metadata.name, outcome: 'rejected' })
  }

  /**
   * One-click sign-in: signs the request's message for each requested eip155 chain the wallet
   * serves (CAIP-122 as the SDK renders it, EIP-191 with the wallet's key) and approves with those
   * CACAOs. The ReCap in the request is kept as asked. No served chain: rejected as unsupported.
   */
  async function approveAuthenticate(event: AuthenticateEvent): Promise<void> {
    const { authPayload, requester } = event.params
    const chains = authPayload.chains.filter((c) => c.startsWith('eip155:') && supportedChains.includes(Number(c.split(':')[1])))
    if (chains.length === 0) {
      await client.rejectSessionAuthenticate({ id: event.id, reason: UNSUPPORTED_CHAINS })
      record({ type: 'authenticate', id: event.id, peerName: requester.metadata.name, outcome: 'rejected', detail: 'unsupported chains' })
      return
    }
    const auths = []
    for (const chain of chains) {
      const iss = `did:pkh:${chain}:${account.address}`
      // The CACAO payload carries the request's fields as asked (what the SDK's buildAuthObject keeps).
      const payload = {
        iss,
        domain: authPayload.domain,
        aud: authPayload.aud,
        version: authPayload.version,
        nonce: authPayload.nonce,
        iat: authPayload.iat,
        ...(authPayload.statement === undefined ? {} : { statement: authPayload.statement }),
        ...(authPayload.requestId === undefined ? {} : { requestId: authPayload.requestId }),
        ...(authPayload.resources === undefined ? {} : { resources: authPayload.resources }),
        ...(authPayload.nbf === undefined ? {} : { nbf: authPayload.nbf }),
        ...(authPayload.exp === undefined ? {} : { exp: authPayload.exp }),
      }
      const message = client.formatAuthMessage({ request: payload, iss })
      const signature = await account.signMessage({ message })
      auths.push({ h: { t: 'caip122' as const }, p: payload, s: { t: 'eip191' as const, s: signature } })
    }
    const { session } = await client.approveSessionAuthenticate({ id: event.id, auths })
    if (session !== undefined) sessionChain.set(session.topic, Number(chains[0]!.split(':')[1]))
    record({ type: 'authenticate', id: event.id, peerName: requester.metadata.name, outcome: 'approved', chains })
  }

  async function rejectAuthenticate(event: AuthenticateEvent): Promise<void> {
    await client.rejectSessionAuthenticate({ id: event.id, reason: USER_REJECTED })
    record({ type: 'authenticate', id: event.id, peerName: event.params.requester.metadata.name, outcome: 'rejected' })
  }

  const onAuthenticate = (event: AuthenticateEvent): void => {
    const peerName = event.params.requester.metadata.name
    if (mode === 'manual') {
      pendingAuthentications.set(event.id, event)
      record({ type: 'authenticate', id: event.id, peerName, outcome: 'pending' })
      return
    }
    const work = mode === 'approve' ? approveAuthenticate(event) : rejectAuthenticate(event)
    work.catch((e: unknown) => record({ type: 'authenticate', id: event.id, peerName, outcome: 'failed', detail: (e as Error).message }))
  }
  let authenticateSupported = false
  const setAuthenticate = (supported: boolean): void => {
    if (supported === authenticateSupported) return
    authenticateSupported = supported
    // The SDK answers the fallback proposal only while nobody listens for session_authenticate.
    if (supported) client.on('session_authenticate', onAuthenticate)
    else client.off('session_authenticate', onAuthenticate)
  }
  setAuthenticate(options.authenticate ?? true)

  async function answer(event: RequestEvent): Promise<unknown> {
    const { method, params } = event.params.request
    const args = (Array.isArray(params) ? params : []) as unknown[]
    if (method.startsWith('polkadot_')) {
      if (polkadot === undefined) throw rpcError(4200, `The wallet does not support ${method}`)
      return polkadot.answer(method, params)
    }
    if (method.startsWith('cosmos_')) {
      if (cosmos === undefined) throw rpcError(4200, `The wallet does not support ${method}`)
      return cosmos.answer(method, params, event.params.chainId)
    }
    if (method.startsWith('solana_')) {
      if (solana === undefined) throw rpcError(4200, `The wallet does not support ${method}`)
      return solana.answer(method, params, event.params.chainId)
    }
    if (event.params.chainId.startsWith('bip122:')) {
      if (bitcoin === undefined) throw rpcError(4200, `The wallet does not support ${method}`)
      return bitcoin.answer(method, params)
    }
    const chainId = Number(event.params.chainId.split(':')[1])
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [account.address]
      case 'eth_chainId':
        return numberToHex(sessionChain.get(event.topic) ?? chainId)
      case 'personal_sign': {
        const [message] = args
        if (typeof message !== 'string') throw rpcError(-32602, 'Invalid params')
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_sign': {
        const message = args[1]
        if (typeof message !== 'string') throw rpcError(-32602, 'Invalid params')
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_signTypedData':
      case 'eth_signTypedData_v4': {
        const raw = args[1]
        const typed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as TypedDataDefinition & {
          types: Record<string, unknown>
        }
        const types = { ...typed.types }
        delete types.EIP712Domain
        return account.signTypedData({ ...typed, types } as TypedDataDefinition)
      }
      case 'eth_sendTransaction': {
        const tx = (args[0] ?? {}) as Record<string, unknown>
        if (typeof tx.from === 'string' && tx.from.toLowerCase() !== account.address.toLowerCase()) {
          throw rpcError(4100, `The wallet does not hold ${tx.from}`)
        }
        const wallet = createWalletClient({ account, chain: chainDef(chainId), transport: http(options.rpcUrls[chainId]) })
        const gas = toBigInt(tx.gas ?? tx.gasLimit)
        const value = toBigInt(tx.value)
        return wallet.sendTransaction({
          account,
          chain: chainDef(chainId),
          to: (tx.to as Address | undefined) ?? null,
          ...(value !== undefined ? { value } : {}),
          ...(typeof tx.data === 'string' ? { data: tx.data as Hex } : {}),
          ...(gas !== undefined ? { gas } : {}),
        })
      }
      case 'wallet_switchEthereumChain': {
        const target = Number((args[0] as { chainId?: string } | undefined)?.chainId)
        chainDef(target)
        await switchSessionChain(event.topic, target)
        return null
      }
      default:
        throw rpcError(4200, `The wallet does not support ${method}`)
    }
  }

  /** A session that ended takes its waiting requests with it: they are never answered or carried out. */
  function dropRequestsOf(topic: string): void {
    for (const [id, request] of pendingRequests) {
      if (request.topic !== topic) continue
      pendingRequests.delete(id)
      record({ type: 'request', id, method: request.params.request.method, outcome: 'failed', detail: 'session ended' })
    }
  }

  async function respondToRequest(event: RequestEvent, approve: boolean): Promise<void> {
    const method = event.params.request.method
    if (client.session.keys.includes(event.topic) === false) {
      record({ type: 'request', id: event.id, method, outcome: 'failed', detail: 'session ended' })
      return
    }
    if (!approve) {
      await client.respond({ topic: event.topic, response: { id: event.id, jsonrpc: '2.0', error: USER_REJECTED_REQUEST } })
      record({ type: 'request', id: event.id, method, outcome: 'rejected' })
      return
    }
    try {
      const result = await answer(event)
      await client.respond({ topic: event.topic, response: { id: event.id, jsonrpc: '2.0', result } })
      record({ type: 'request', id: event.id, method, outcome: 'approved' })
    } catch (e) {
      const error = e as Error & { code?: number }
      await client.respond({
        topic: event.topic,
        response: { id: event.id, jsonrpc: '2.0', error: { code: error.code ?? -32603, message: error.message } },
      })
      record({ type: 'request', id: event.id, method, outcome: 'failed', detail: error.message })
    }
  }

  async function emitEvent(topic: string, name: string, data: unknown, chainId: number): Promise<void> {
    await client.emit({ topic, event: { name, data }, chainId: `eip155:${chainId}` })
    record({ type: 'event', topic, name, data })
  }

  async function switchSessionChain(topic: string, chainId: number): Promise<void> {
    sessionChain.set(topic, chainId)
    const chains = client.session.get(topic).namespaces.eip155?.chains ?? []
    if (!chains.includes(`eip155:${chainId}`)) return
    await emitEvent(topic, 'chainChanged', chainId, chainId)
    await emitEvent(topic, 'accountsChanged', [`eip155:${chainId}:${account.address}`], chainId)
  }

  client.on('session_proposal', (event) => {
    const peerName = event.params.proposer.metadata.name
    if (mode === 'manual') {
      pendingProposals.set(event.id, event)
      record({ type: 'proposal', id: event.id, peerName, outcome: 'pending' })
      return
    }
    const work = mode === 'approve' ? approveProposal(event) : rejectProposal(event)
    work.catch((e: unknown) =>
      record({ type: 'proposal', id: event.id, peerName, outcome: 'failed', detail: (e as Error).message }),
    )
  })

  client.on('session_request', (event) => {
    const method = event.params.request.method
    if (mode === 'manual') {
      pendingRequests.set(event.id, event)
      record({ type: 'request', id: event.id, method, outcome: 'pending' })
      return
    }
    respondToRequest(event, mode === 'approve').catch((e: unknown) =>
      record({ type: 'request', id: event.id, method, outcome: 'failed', detail: (e as Error).message }),
    )
  })

  client.on('session_delete', ({ topic }) => {
    sessionChain.delete(topic)
    dropRequestsOf(topic)
    record({ type: 'session_deleted', topic, by: 'peer' })
  })

  const peer: WalletPeer = {
    address: account.address,
    solanaAddress: solana?.address,
    async pair(uri) {
      await client.pair({ uri })
    },
    sessions() {
      return client.session.getAll().map((s) => ({
        topic: s.topic,
        peerName: s.peer.metadata.name,
        peerUrl: s.peer.metadata.url,
        chains: s.namespaces.eip155?.chains ?? [],
        accounts: s.namespaces.eip155?.accounts ?? [],
        chainId: sessionChain.get(s.topic) ?? Number((s.namespaces.eip155?.chains?.[0] ?? 'eip155:0').split(':')[1]),
      }))
    },
    async disconnectAll() {
      for (const s of client.session.getAll()) {
        await client.disconnect({ topic: s.topic, reason: USER_DISCONNECTED })
        sessionChain.delete(s.topic)
        dropRequestsOf(s.topic)
        record({ type: 'session_deleted', topic: s.topic, by: 'wallet' })
      }
    },
    setMode(next) {
      mode = next
    },
    mode: () => mode,
    setAuthenticate,
    pending() {
      const authentications: PendingItem[] = [...pendingAuthentications.values()].map((a) => ({
        kind: 'authenticate',
        id: a.id,
        peerName: a.params.requester.metadata.name,
        peerUrl: a.params.requester.metadata.url,
        chains: a.params.authPayload.chains,
        domain: a.params.authPayload.domain,
      }))
      const proposals: PendingItem[] = [...pendingProposals.values()].map((p) => ({
        kind: 'proposal',
        id: p.id,
        peerName: p.params.proposer.metadata.name,
        peerUrl: p.params.proposer.metadata.url,
        chains: [...requestedChains(p.params, 'eip155').all, ...requestedChains(p.params, 'solana').all],
      }))
      const requests: PendingItem[] = [...pendingRequests.values()].map((r) => ({
        kind: 'request',
        id: r.id,
        topic: r.topic,
        method: r.params.request.method,
        chainId: r.params.chainId,
        params: r.params.request.params as unknown,
      }))
      return [...authentications, ...proposals, ...requests]
    },
    async respond(id, approve) {
      const authentication = pendingAuthentications.get(id)
      if (authentication) {
        pendingAuthentications.delete(id)
        await (approve ? approveAuthenticate(authentication) : rejectAuthenticate(authentication))
        return
      }
      const proposal = pendingProposals.get(id)
      if (proposal) {
        pendingProposals.delete(id)
        await (approve ? approveProposal(proposal) : rejectProposal(proposal))
        return
      }
      const request = pendingRequests.get(id)
      if (request) {
        pendingRequests.delete(id)
        await respondToRequest(request, approve)
        return
      }
      throw new Error(`Nothing pending with id ${id}`)
    },
    async switchChain(chainId) {
      chainDef(chainId)
      for (const s of client.session.getAll()) await switchSessionChain(s.topic, chainId)
    },
    activity: () => [...activityLog],
    waitFor(predicate, timeoutMs = 20_000) {
      const earlier = activityLog.find(predicate)
      if (earlier) return Promise.resolve(earlier)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(listener)
          reject(new Error(`Wallet peer: nothing matching within ${timeoutMs} ms; activity: ${JSON.stringify(activityLog)}`))
        }, timeoutMs)
        const listener = (a: PeerActivity) => {
          if (!predicate(a)) return
          clearTimeout(timer)
          listeners.delete(listener)
          resolve(a)
        }
        listeners.add(listener)
      })
    },
    async stop() {
      listeners.clear()
      await client.core.relayer.transportClose().catch(() => undefined)
      client.core.heartbeat.stop()
      client.core.events.removeAllListeners()
    },
  }
  return peer
}
