/**
 * Static facts about the devnet, shared by the devnet itself, the demo and the tests.
 * Nothing here starts anything; importing this module is cheap and side-effect free.
 */
import { defineChain, encodePacked, getAddress, getContractAddress, keccak256, stringToHex, type Address, type Chain, type Hex } from 'viem'

export const DEVNET_CHAIN_A = { id: 31337, name: 'Devnet A', caip: 'eip155:31337', defaultRpcUrl: 'http://127.0.0.1:8545' } as const
export const DEVNET_CHAIN_B = { id: 31338, name: 'Devnet B', caip: 'eip155:31338', defaultRpcUrl: 'http://127.0.0.1:8546' } as const
export const DEVNET_CHAINS = [DEVNET_CHAIN_A, DEVNET_CHAIN_B] as const
export type DevnetChainId = (typeof DEVNET_CHAINS)[number]['id']

export const NATIVE_CURRENCY = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

/** Default ports; each can be overridden by the env variable named in DEVNET_PORT_ENV. */
export const DEVNET_DEFAULT_PORTS = { chainA: 8545, chainB: 8546, service: 8787, relay: 8788, solana: 8899, bitcoin: 8792, auth: 8790, smtp: 8791, farcaster: 8793, bundlerA: 8794, bundlerB: 8795 } as const
export type DevnetPortName = keyof typeof DEVNET_DEFAULT_PORTS
export const DEVNET_PORT_ENV: Record<DevnetPortName, string> = {
  chainA: 'DEVNET_CHAIN_A_PORT',
  chainB: 'DEVNET_CHAIN_B_PORT',
  service: 'DEVNET_SERVICE_PORT',
  relay: 'DEVNET_RELAY_PORT',
  /** JSON-RPC on this port, its PubSub WebSocket on the next one. */
  solana: 'DEVNET_SOLANA_PORT',
  /** The Bitcoin regtest chain's Esplora-compatible HTTP API. */
  bitcoin: 'DEVNET_BITCOIN_PORT',
  /** The auth service (email login, the embedded wallet's frame, the devnet mailbox). */
  auth: 'DEVNET_AUTH_PORT',
  /** The SMTP sink the auth service sends its emails to. */
  smtp: 'DEVNET_SMTP_PORT',
  /** The Farcaster auth relay and its devnet Farcaster app page. */
  farcaster: 'DEVNET_FARCASTER_PORT',
  /** The ERC-4337 bundlers of Devnet A and Devnet B. */
  bundlerA: 'DEVNET_BUNDLER_A_PORT',
  bundlerB: 'DEVNET_BUNDLER_B_PORT',
}
export const DEVNET_HOST = '127.0.0.1'
/**
 * The name the wallet's origin (the auth service: its frame and API) goes by, while it listens on
 * DEVNET_HOST like everything else: another site than hosts on 127.0.0.1, as a wallet's own host
 * name is in production (its frame is a third-party frame there), and a name WebAuthn accepts.
 */
export const DEVNET_WALLET_HOST = 'localhost'
/** The host origins the devnet project allows (`/projects/v1/origins`; social login checks them too). */
export const DEVNET_ALLOWED_ORIGINS: readonly string[] = ['http://localhost', 'http://127.0.0.1', 'http://localhost:*', 'http://127.0.0.1:*']

/** Project ids the service knows (analytics answers 403 to any other). Env: DEVNET_PROJECT_IDS. */
export const DEVNET_DEFAULT_PROJECT_IDS = ['walletgate-demo', 'walletgate-test'] as const

/** The well-known development mnemonic (Hardhat's and Anvil's default): never use these keys outside a devnet. */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk'

/** First ten accounts of DEVNET_MNEMONIC (m/44'/60'/0'/0/i). Each starts with 10000 ETH on both chains. */
export const DEVNET_ACCOUNTS: readonly { address: Address; privateKey: Hex }[] = [
  { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
  { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' },
  { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' },
  { address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6' },
  { address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65', privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a' },
  { address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc', privateKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba' },
  { address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9', privateKey: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e' },
  { address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955', privateKey: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356' },
  { address: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f', privateKey: '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97' },
  { address: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720', privateKey: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6' },
]
export const DEVNET_DEPLOYER = DEVNET_ACCOUNTS[0]!
/** The on-ramp checkout pays buyers from this account (the last of the ten). */
export const DEVNET_ONRAMP_TREASURY = DEVNET_ACCOUNTS[9]!

/** The address the service uses for the native coin in CAIP-10 token addresses (as swap APIs do). */
export const NATIVE_TOKEN_ADDRESS: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/**
 * The tokens and the collection are deployed by account 0 on a fresh chain at these nonces, in this
 * order, so their addresses are the same on both chains and on every start.
 */
export const DEPLOY_NONCES = { dUSD: 0, DVT: 1, pixels: 2 } as const
const at = (nonce: number): Address => getContractAddress({ from: DEVNET_DEPLOYER.address, nonce: BigInt(nonce) })

/**
 * The swap pools: Uniswap V2 (the compiled contracts of @uniswap/v2-core and v2-periphery) deployed
 * with CREATE2 through the deterministic deployment proxy, so their addresses depend only on their
 * code and DEVNET_SWAP_SALT, never on what else was deployed first. A contract test derives them
 * again from the artifacts.
 */
export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
export const DEVNET_SWAP_SALT: Hex = keccak256(stringToHex('walletgate devnet swap'))
/** keccak256 of UniswapV2Pair's creation code: the factory creates pairs with CREATE2 over it. */
export const UNISWAP_V2_PAIR_INIT_CODE_HASH: Hex = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

export const DEVNET_CONTRACTS = {
  dUSD: at(DEPLOY_NONCES.dUSD),
  DVT: at(DEPLOY_NONCES.DVT),
  pixels: at(DEPLOY_NONCES.pixels),
  /** UniswapV2Factory(feeToSetter = account 0). */
  swapFactory: '0xBe12213466A03e84410E8cE6abF9Edfb13099937',
  /** WETH9: the native coin's stand-in inside the pools. */
  weth: '0xb2A54aBb009909F7158E2c86261C046f9DC1522F',
  /** UniswapV2Router02(factory, weth): quotes (getAmountsOut), swaps, and the spender of approvals. */
  swapRouter: '0x462d993d691D1b6fC27aD66a4C4e4302dbdB589a',
  /** Multicall3's canonical address (the same on every public chain), holding the devnet's DevnetMulticall3. */
  multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
} as const satisfies Record<string, Address>

/** The pair a Uniswap V2 factory creates for two tokens (tokens sorted, CREATE2 over the pair's code). */
export function swapPairAddress(tokenA: Address, tokenB: Address): Address {
  const [t0, t1] = tokenA.toLowerCase() < tokenB.toLowerCase() ? [tokenA, tokenB] : [tokenB, tokenA]
  return getContractAddress({
    opcode: 'CREATE2',
    from: DEVNET_CONTRACTS.swapFactory,
    salt: keccak256(encodePacked(['address', 'address'], [t0, t1])),
    bytecodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
  })
}

/**
 * ERC-4337 on both EVM chains: EntryPoint v0.7 at its canonical address (the npm artifact created
 * through the deterministic deployer with the canonical salt), and the devnet's smart account
 * (devnet/contracts/DevnetAccount.sol: Solady's ERC-4337 account with session keys) and its factory,
 * created with CREATE2 under DEVNET_SMART_ACCOUNT_SALT, so their addresses depend on their code
 * only. A contract test derives them again from the compiled artifacts.
 */
export const DEVNET_ENTRY_POINT_SALT: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'
export const DEVNET_SMART_ACCOUNT_SALT: Hex = keccak256(stringToHex('walletgate devnet smart account'))
export const DEVNET_SMART_ACCOUNT = {
  entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  /** The account implementation every account proxies to (ERC-1967 clones). */
  implementation: '0xEe5327A641aEB785fE317FE6A83e031D5c495123',
  /** `createAccount(owner, salt)` / `getAddress(salt)`, the ABI viem's toSoladySmartAccount calls. */
  factory: '0x1c2bBB86e7ad6f694A848bD666Fe0A628D04F007',
} as const satisfies Record<string, Address>

/**
 * The verifying paymaster (devnet/contracts/DevnetVerifyingPaymaster.sol) on both EVM chains:
 * created through the deterministic deployer under DEVNET_SMART_ACCOUNT_SALT with constant
 * arguments (the EntryPoint, account 0 as owner, the signer below), so its address depends on its
 * code only; funded on start with `deposit` (EntryPoint deposit). The service's paymaster signs
 * with the key at m/44'/60'/0'/0/13 (public, like every devnet key).
 */
export const DEVNET_PAYMASTER_SIGNER_INDEX = 13
export const DEVNET_PAYMASTER = {
  address: '0xE7A036Bc25761fF5BA5065F021E3AF86FA61c7f0',
  signer: '0x1CBd3b2770909D4e10f157cABC84C7264073C9Ec',
} as const satisfies Record<string, Address>
/** What account 0 deposits in the EntryPoint for the paymaster on each chain at start. */
export const DEVNET_PAYMASTER_DEPOSIT = 100n * 10n ** 18n

/** An owner's smart-account salt: the owner's address, right-padded (the factory insists on it). */
export function smartAccountSalt(owner: Address): Hex {
  return `${owner.toLowerCase()}${'0'.repeat(24)}` as Hex
}

/**
 * ENS on both EVM chains (devnet/contracts/DevnetEns.sol, DevnetOffchainResolver.sol,
 * DevnetUniversalResolver.sol), created through the deterministic deployer under DEVNET_ENS_SALT
 * with constant constructor arguments (owners: account 0), so their addresses depend on their code
 * only. The tree: `<zone>` (NAME_ZONE) and `addr.reverse` resolve through the offchain resolver (the
 * service's CCIP-read gateway: Walletgate names and their primary names), `devnet.eth` through the
 * public resolver (account 0's address, and account 0's on-chain primary name). A contract test
 * derives the addresses again from the compiled artifacts.
 */
export const DEVNET_ENS_SALT: Hex = keccak256(stringToHex('walletgate devnet ens'))
export const DEVNET_ENS = {
  registry: '0x4AF7395bf383573B7B52F0bEEdE8503894Ba6B0a',
  publicResolver: '0x2208535ad98521Bc1C53BF49eC79A9dC27Cd6A91',
  reverseRegistrar: '0x0CDbDc074919D7469D38165C58b76E2A57Bfbefb',
  offchainResolver: '0x95dd40CfeBF3451b60fF6EE2cafff0FF31400BFd',
  /** What ENS clients call: viem's `universalResolverAddress`. */
  universalResolver: '0x43e8b5D7341DF032312c97Ccf0cfe5d209337929',
} as const satisfies Record<string, Address>
/** The plain on-chain ENS name of the devnet: resolves to account 0, and is account 0's primary name. */
export const DEVNET_ENS_NAME = 'devnet.eth'

/**
 * Mnemonic indexes of the bundlers' own keys (accounts #0-#9 are the demo's and the tests', #10 the
 * auth service's faucet): the executor sends the bundles, the utility key deploys alto's
 * simulation contracts. Both bundlers use the same two keys, one per chain.
 */
export const DEVNET_BUNDLER_KEY_INDEX = { executor: 11, utility: 12 } as const

export interface FungibleMeta {
  key: 'native' | 'dUSD' | 'DVT'
  name: string
  symbol: string
  decimals: number
  /** USD price of one whole unit. */
  price: number
  address: Address
}

/** Every fungible the devnet knows, with its price (the service's price table). */
export const DEVNET_FUNGIBLES: readonly FungibleMeta[] = [
  { key: 'native', name: NATIVE_CURRENCY.name, symbol: NATIVE_CURRENCY.symbol, decimals: 18, price: 2500, address: NATIVE_TOKEN_ADDRESS },
  { key: 'dUSD', name: 'Devnet USD', symbol: 'dUSD', decimals: 6, price: 1, address: DEVNET_CONTRACTS.dUSD },
  { key: 'DVT', name: 'Devnet Token', symbol: 'DVT', decimals: 18, price: 0.5, address: DEVNET_CONTRACTS.DVT },
]

export const DEVNET_NFT = { name: 'Devnet Pixels', symbol: 'DPX', address: DEVNET_CONTRACTS.pixels } as const

/** Start funding: token amounts (whole units) minted to each of the first ten accounts, and NFT owners. */
export const DEVNET_FUNDING = {
  dUSDPerAccount: 10_000n,
  DVTPerAccount: 1_000n,
  /** Token ids are minted in this order (ids 1..n) to these account indexes. */
  pixelOwners: [0, 0, 0, 1, 1, 2],
  /**
   * The swap pools' starting reserves (whole units), at the price table's ratios (ETH $2500, dUSD
   * $1, DVT $0.50). The tokens mint their share to the pair addresses in their constructors; the
   * native side is wrapped into WETH by account 0.
   */
  swapPools: [
    { a: 'native', b: 'dUSD', reserveA: 400n, reserveB: 1_000_000n },
    { a: 'native', b: 'DVT', reserveA: 400n, reserveB: 2_000_000n },
    { a: 'dUSD', b: 'DVT', reserveA: 1_000_000n, reserveB: 2_000_000n },
  ],
} as const

/** The name service zone (names look like "alice.wg.id"). */
export const NAME_ZONE = 'wg.id'

/** The catalogue entry that stands for the devnet's own wallet. */
export const DEVNET_WALLET = {
  name: 'Devnet Wallet',
  rdns: 'dev.walletgate.devnet',
  /** Catalogue id (64 hex characters, like every catalogue id: keccak256 of the name). */
  id: keccak256(stringToHex('Devnet Wallet')).slice(2),
} as const

export function caip10(chainId: number, address: string): string {
  return `eip155:${chainId}:${address}`
}

/** A viem chain definition for one devnet chain served at rpcUrl. */
export function devnetViemChain(chainId: DevnetChainId, rpcUrl: string): Chain {
  const meta = chainId === DEVNET_CHAIN_A.id ? DEVNET_CHAIN_A : DEVNET_CHAIN_B
  return defineChain({
    id: meta.id,
    name: meta.name,
    nativeCurrency: NATIVE_CURRENCY,
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })
}

/*
 * The Solana devnet chain (litesvm behind a JSON-RPC + PubSub server, devnet/src/chains/solana). Every key
 * below is derived from a fixed label, so the chain starts with the same accounts, mints and
 * genesis hash every time: seed = sha256(label), keypair = ed25519 keypair of that 32-byte seed
 * (what `Keypair.fromSeed` does). The values are written out so this module stays cheap; a test
 * derives them again from the labels.
 */

export { SOLANA_DEVNET_CAIP_NETWORK_ID, SOLANA_DEVNET_GENESIS_HASH, SOLANA_DEVNET_NAME } from './chains/solana/network'

/** Labels the Solana keys are derived from (seed = sha256(label)). */
export const SOLANA_DEVNET_SEED_LABELS = {
  account: (index: number): string => `walletgate devnet solana account ${index}`,
  mint: (symbol: string): string => `walletgate devnet solana mint ${symbol}`,
  mintAuthority: 'walletgate devnet solana mint authority',
} as const

/**
 * Ten funded Solana accounts (seed label 'walletgate devnet solana account <i>'): 100 SOL each and
 * 1,000 of each DEVNET_SOLANA_TOKENS in its associated token account. secretKey is the base58 of
 * the 64-byte ed25519 secret key (seed ++ public key), as Solana tools print it. Devnet keys only.
 */
export const DEVNET_SOLANA_ACCOUNTS: readonly { address: string; secretKey: string }[] = [
  { address: '3hvc2Vd2bNH8gtJhjoLxYjC8sTpUmeEvwfavEGCcqPAh', secretKey: '2MvvgeLAy6MgZeyePogqBCs451Gsc3FQZSS9ZmmAWeDnn3M8dNJo8y3sTYFGJkjZZSJFSaY8HAUuj5H4rApVmZbf' },
  { address: 'CDS5BjKGpD8Rz1q9RZ17661mp3XkaR6yYNXzFHyoe5St', secretKey: 'QmhDnmx8kpBYsvLTq1ok8Mm9KSPKNu7Byc3Kb4sYSbKVkzkdxJWLXNxugHqWb98EaH4M6mYuv7mdvaJr3D8PMq6' },
  { address: 'Fv4ybw2toFSarsUQrwwZz7Lw37baV4zHCHcx68vdcMRN', secretKey: '64WaEfGKDMDSRZSk2zCUuuMhGQopQwQ8CA7yGy1krM3rKQvEdFdn4dU3t5HeNu916wGscqpKJAMCqekN9KX8NRzk' },
  { address: 'Ax9YvzvBDtZXeejEBYvu44NrJe18YUxYG94YGrT1rWrp', secretKey: '3w1rbkUrxFK8P5cQidQEuu9moqVsJVHaUwqRa1o7Ds1JC9uqAZyrCEcwHaoZB2vzhbNE5JpbnB9LpayqJXN4Yh6U' },
  { address: 'HRVPCKHQtvHnNyiL3NEKnfMw1LtfEZ9qKCNn2pW2xTzL', secretKey: '2frZ5KJJ7PM4j6oGyzYjhcYfcnpJFP6hQkJFp9DRb4XRVyQn7DHwBz9iDVfE4HKsSvsvX3yi59M6U4McDyN5dhvC' },
  { address: '3GmRGveEvKghL7hyXqR12UxiMNYHyPBRARmE5zJTKEpK', secretKey: '4q9ULbPpV4WCZNy9ywBuZL4b6BVpivjPAvGpDmZZwSZwzMuzoNQumkVmP5kwXpNhQ48NJDmjpGRbthab2nUWH9NB' },
  { address: '7oHxHEEtorDc8tiaCzrgdEjr5w4jmcuTh8LpYfwXG4mw', secretKey: 'gRSqXxHrnkB1sRzHgds4CnxHs51HbDjAgV83GB1aB5e3qnx9CfaC7XVh16AYKzbujDK7LgwD1XZZBKapXTBa697' },
  { address: 'C9BPNFBQkTQMaBNUeVccHGa7sHq1U5Nd5b52DGShAVto', secretKey: '3vds7nvBWbS1TXZ2YjaaNTkcjJssaPCXqzayzfDP9hnWHm9nafhEPDBb98SEjqcAcne3uU1zkimrEfu2hLDsNjiT' },
  { address: 'FEs2BXHUdqYfE8m7A3mwaHQvk9TpRhJRsZvVqqtqGdJy', secretKey: '5kiGnuGXQFV2pgUG5Q219QGdxM9pTcTyPM39QAnH2tnJDK69B2mucyL8w7LZvoknt6REULzDow1sshpvs85DbbnH' },
  { address: '5wbqGEatavkcTTarsrZKstKT9KAbhC1rD7XyBgXbC7P3', secretKey: 'BuaoXknAg5JVQK4fKH3jEZVpaAqG7tSCRSNAv54NuuawuwNqhzBMobSmrpKPnDAzTBgKYhJcAqdbDgt9Cuv3C8m' },
]

/**
 * SPL mints created on start (mint keypair from seed label 'walletgate devnet solana mint <symbol>';
 * same symbols and names as the EVM devnet's dUSD and DVT).
 */
export const DEVNET_SOLANA_TOKENS: readonly { symbol: string; name: string; mint: string; decimals: number }[] = [
  { symbol: 'dUSD', name: 'Devnet USD', mint: 'HjB9fTJPYNwv9uUTUNiN9MDJ1iCNaDFKjcrjDitqRkk5', decimals: 6 },
  { symbol: 'DVT', name: 'Devnet Token', mint: 'J9D1Cf7T5o2ASw7M8JGEdzSynz9dsKoAuA1CfSxb2pRN', decimals: 9 },
]

/** Start funding of each Solana account: SOL and whole units of each SPL token. */
export const DEVNET_SOLANA_FUNDING = { solPerAccount: 100n, tokensPerAccount: 1_000n } as const
/** USD price of one SOL in the service's price table (SPL tokens take their EVM twin's price). */
export const DEVNET_SOLANA_SOL_PRICE = 150

/** USD price of one BTC: the bitcoin regtest's coin has no price elsewhere; its feed carries this one. */
export const DEVNET_BTC_PRICE = 60_000

/**
 * USD price of one unit of each display currency the devnet prices (what the modal's rates come
 * from: one US dollar buys 1 / price of it). Round figures near real ones, fixed so tests can
 * compute what the modal must show.
 */
export const DEVNET_CURRENCY_PRICES: Readonly<Record<string, number>> = {
  EUR: 1.25,
  GBP: 1.25 * 1.2,
  JPY: 0.008,
  CHF: 1.1,
  CAD: 0.75,
  AUD: 0.65,
  INR: 0.012,
  BRL: 0.2,
  KRW: 0.0008,
  CNY: 0.14,
  TRY: 0.03,
}

/** Chainlink-style feeds answer with 8 decimals, as the USD feeds on public chains do. */
export const DEVNET_PRICE_FEED_DECIMALS = 8

/** A feed's fixed address: from its key alone, so no deploy order or nonce moves it. */
const feedAddress = (key: string): Address => getAddress(`0x${keccak256(stringToHex(`walletgate devnet price feed ${key}`)).slice(-40)}`)

/**
 * The price feeds on both devnet EVM chains (DevnetPriceFeed, AggregatorV3Interface's read side),
 * carrying the price table in USD: the native coin, the devnet tokens, SOL, BTC and the display
 * currencies.
 */
export const DEVNET_PRICE_FEEDS: readonly { readonly key: string; readonly address: Address; readonly price: number }[] = [
  ...DEVNET_FUNGIBLES.map((f) => ({ key: f.key === 'native' ? 'ETH' : f.key, price: f.price })),
  { key: 'SOL', price: DEVNET_SOLANA_SOL_PRICE },
  { key: 'BTC', price: DEVNET_BTC_PRICE },
  ...Object.entries(DEVNET_CURRENCY_PRICES).map(([key, price]) => ({ key, price })),
].map((feed) => ({ ...feed, address: feedAddress(feed.key) }))
