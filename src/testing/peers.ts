/**
 * The test kit's optional peer dependencies: the devnet's heavy parts are installed by the host
 * only when its tests start them, and a missing one is named with the command that installs it.
 */
export interface Peer {
  readonly name: string
  /** What the kit needs it for, completing "walletgate/testing needs <name> to ...". */
  readonly purpose: string
  /** The version range the kit is built against. */
  readonly range?: string
}

const EVM: readonly Peer[] = [
  { name: '@foundry-rs/anvil', purpose: "run the devnet's EVM chains", range: '^1.7' },
  { name: 'walletgate-server', purpose: "run the devnet's blockchain service", range: '^0.1' },
]
const SOLANA: readonly Peer[] = [
  { name: 'litesvm', purpose: "run the devnet's Solana chain", range: '^1.5' },
  { name: '@solana/kit', purpose: "run the devnet's Solana chain", range: '^8.4' },
  { name: '@solana-program/system', purpose: "run the devnet's Solana chain", range: '^0.14' },
  { name: '@solana-program/token', purpose: "run the devnet's Solana chain", range: '^0.16' },
]
const RELAY: readonly Peer[] = [
  { name: 'ws', purpose: "run the devnet's WalletConnect relay", range: '^8' },
  { name: '@walletconnect/relay-auth', purpose: "run the devnet's WalletConnect relay", range: '^1.1' },
]

/** The packages a devnet with these parts imports beyond the kit's own dependencies. */
export function peersOf(parts: { solana: boolean; relay: boolean }): Peer[] {
  return [...EVM, ...(parts.solana ? SOLANA : []), ...(parts.relay ? RELAY : [])]
}

/** Throws the error naming the first of these parts' packages that `canResolve` cannot find. */
export function requirePeers(parts: { solana: boolean; relay: boolean }, canResolve: (name: string) => boolean): void {
  const missing = peersOf(parts).find((peer) => !canResolve(peer.name))
  if (missing !== undefined) throw missingPeerError(missing)
}

export function missingPeerError(peer: Peer): Error {
  const spec = peer.range === undefined ? peer.name : `${peer.name}@${peer.range}`
  return new Error(`walletgate/testing needs the package ${peer.name} to ${peer.purpose}, and it is not installed. Install it: npm i -D ${spec}`)
}

/** The package a failed import names ("Cannot find package 'x'" / "Cannot find module 'x'"), if that is why it failed. */
export function packageNotFound(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined
  const code = (error as { code?: unknown }).code
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return undefined
  const name = /Cannot find (?:package|module) '([^']+)'/.exec(error.message)?.[1]
  if (name === undefined || name.startsWith('.') || name.startsWith('/')) return undefined
  const parts = name.split('/')
  return name.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}
