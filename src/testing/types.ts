/** The shapes `walletgate/testing` hands a host's tests (Node side; no Playwright at runtime). */

/** Which devnet parts to start. EVM chains and the blockchain service always run. */
export interface TestDevnetParts {
  /** The Solana devnet chain (needs litesvm, @solana/kit, @solana-program/system and -token). Default false. */
  solana?: boolean
  /** The WalletConnect relay (needs ws and @walletconnect/relay-auth). Default false. */
  relay?: boolean
}

export type TestDevnetPortName = 'chainA' | 'chainB' | 'service' | 'relay' | 'solana'

export interface StartTestDevnetOptions {
  /**
   * 'free' (the default): free ports of 127.0.0.1, so tests run beside `npm run devnet`; carry the
   * page's requests to them with `devnet.route(context)`. 'default': the devnet's default ports
   * (8545, 8546, 8787, 8788, 8899), the addresses a host config names. Or the ports one by one.
   */
  ports?: 'free' | 'default' | Partial<Record<TestDevnetPortName, number>>
  parts?: TestDevnetParts
  /** Project ids the devnet's service accepts; default walletgate-demo and walletgate-test. */
  projectIds?: string[]
  /** Progress lines on stderr; default false. */
  verbose?: boolean
}

export interface TestChain {
  readonly id: number
  readonly name: string
  readonly rpcUrl: string
}

export interface TestAccount {
  readonly address: `0x${string}`
  readonly privateKey: `0x${string}`
}

/** What the devnet bundle of the kit reports once it serves (serialisable). */
export interface TestDevnetInfo {
  /** Devnet A (31337) and Devnet B (31338), each with its JSON-RPC URL. */
  readonly chains: readonly TestChain[]
  readonly serviceUrl: string
  readonly relayUrl?: string
  readonly solanaRpcUrl?: string
  /** Funded development accounts (10000 ETH each on both chains); never use these keys elsewhere. */
  readonly accounts: readonly TestAccount[]
  /** The first project id the service accepts. */
  readonly projectId: string
  /** The devnet's default origins (what a host config names) and where this devnet serves each. */
  readonly defaultOrigins: Readonly<Record<string, string>>
}

/** The devnet bundle's own handle (the facade adds the Playwright-facing helpers). */
export interface TestDevnetCore extends TestDevnetInfo {
  stop(): Promise<void>
}

/** The module `dist/testing/devnet.js` (built from devnet/src/kit/devnet.ts). */
export interface TestDevnetModule {
  startTestDevnet(options: StartTestDevnetOptions): Promise<TestDevnetCore>
}

/** Settings the page script of the test wallet reads before it installs. */
export interface TestWalletSettings {
  /** Private keys of the accounts, in order; default the devnet's funded accounts. */
  privateKeys?: readonly `0x${string}`[]
  /** Index of the account the wallet starts with; default 0. */
  accountIndex?: number
  /** Chains it can sign for; default the devnet's chains on their default ports. */
  chains?: readonly TestChain[]
  /** The chain it starts on; default the first chain. */
  chainId?: number
  /** 'approve' answers every request at once; 'manual' waits for approve()/reject(); 'reject' refuses all. */
  mode?: 'approve' | 'manual' | 'reject'
  /** EIP-6963 identity; default "Test Wallet", dev.walletgate.test-wallet. */
  name?: string
  rdns?: string
}

/** A request the wallet received, as the test sees it. */
export interface TestWalletRequest {
  readonly method: string
  readonly params: unknown
  readonly outcome: 'pending' | 'ok' | 'error'
  readonly errorCode?: number
}

/** The page-side control the wallet script puts on `window.__walletgateTestWallet`. */
export interface TestWalletControl {
  readonly address: string
  readonly chainId: number
  readonly authorized: boolean
  readonly waiting: readonly { method: string; summary: string }[]
  readonly requests: readonly TestWalletRequest[]
  setMode(mode: 'approve' | 'manual' | 'reject'): void
  approve(): boolean
  reject(): boolean
  moveToChain(chainId: number): void
  useAccount(index: number): void
  revoke(): void
}
