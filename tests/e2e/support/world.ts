/** What the global setup started, handed to every test through the environment. */
export interface E2eWorld {
  readonly baseUrl: string
  readonly serviceUrl: string
  /** What the service's `/__admin/*` switches ask for (`Authorization: Bearer <adminToken>`). */
  readonly adminToken: string
  readonly rpcUrls: Record<31337 | 31338, string>
  /** A proxy in front of Devnet A's RPC, the first of its two RPC URLs in the demo: POST `${controlUrl}/kill` or `/revive`. */
  readonly rpcProxyA: { readonly url: string; readonly controlUrl: string }
  readonly relayUrl: string
  /** The Solana devnet's JSON-RPC and PubSub URLs. */
  readonly solanaRpcUrl: string
  readonly solanaWsUrl: string
  /** The devnet Bitcoin chain's Esplora API base URL. */
  readonly bitcoinEsploraUrl: string
  /** The ERC-4337 bundlers (EntryPoint v0.7) of Devnet A and Devnet B. */
  readonly bundlerUrls: Record<31337 | 31338, string>
  /** The auth service (email login, wallet frame, mailbox). */
  readonly authUrl: string
  /** The Farcaster relay; a channel's link opens its devnet Farcaster app page. */
  readonly farcasterUrl: string
  readonly accounts: readonly { address: `0x${string}`; privateKey: `0x${string}` }[]
}

/** Set to 1 (with WALLETGATE_E2E) by a runner that started the world itself: the global setup starts none. */
export const SHARED_WORLD_ENV = 'WALLETGATE_E2E_SHARED'

export function world(): E2eWorld {
  const raw = process.env.WALLETGATE_E2E
  if (raw === undefined) throw new Error('WALLETGATE_E2E is not set: run the e2e suite through `npm test`')
  return JSON.parse(raw) as E2eWorld
}
