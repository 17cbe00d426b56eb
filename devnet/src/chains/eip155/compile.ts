/**
 * Compiles devnet/contracts/*.sol in-process with the `solc` npm package (works offline) and caches
 * the artifacts under devnet/cache, keyed by the sources and the compiler version.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

interface Solc {
  version(): string
  compile(input: string, callbacks?: { import(path: string): { contents: string } | { error: string } }): string
}

export interface Artifact {
  abi: Abi
  bytecode: Hex
}
export type ContractName =
  | 'DevnetERC20'
  | 'DevnetPixels'
  | 'DevnetAccount'
  | 'DevnetAccountFactory'
  | 'DevnetMulticall3'
  | 'DevnetPriceFeed'
  | 'DevnetEnsRegistry'
  | 'DevnetPublicResolver'
  | 'DevnetReverseRegistrar'
  | 'DevnetOffchainResolver'
  | 'DevnetUniversalResolver'
  | 'DevnetVerifyingPaymaster'
/**
 * The devnet's own contracts, and ERC-4337's EntryPoint v0.7 as @account-abstraction/contracts
 * ships it compiled (its ABI left out: viem carries it), so the test kit's build inlines it too.
 */
export type Artifacts = Record<ContractName | 'EntryPoint', Artifact>

const here = dirname(fileURLToPath(import.meta.url))
export const CONTRACTS_DIR = join(here, '..', '..', '..', 'contracts')
export const CACHE_DIR = join(here, '..', '..', '..', 'cache')
const SOLC_VERSION = '0.8.28'
/** The EntryPoint v0.7 creation code; its version is part of the cache key. */
const ENTRY_POINT_ARTIFACT = '@account-abstraction/contracts/artifacts/EntryPoint.json'
const ENTRY_POINT_PACKAGE = '@account-abstraction/contracts/package.json'
/** Imports of `solady/...` resolve to the solady package's sources. */
const SOLADY_PREFIX = 'solady/'

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

export async function loadArtifacts(): Promise<Artifacts> {
  const files = (await readdir(CONTRACTS_DIR)).filter((f) => f.endsWith('.sol')).sort()
  const sources: Record<string, { content: string }> = {}
  for (const f of files) sources[f] = { content: await readFile(join(CONTRACTS_DIR, f), 'utf8') }
  const require = createRequire(import.meta.url)
  const soladyVersion = (require('solady/package.json') as { version: string }).version
  const entryPointVersion = (require(ENTRY_POINT_PACKAGE) as { version: string }).version
  const key = createHash('sha256').update(SOLC_VERSION).update(soladyVersion).update(entryPointVersion).update(JSON.stringify(sources)).digest('hex').slice(0, 16)
  const cacheFile = join(CACHE_DIR, `artifacts-${key}.json`)
  try {
    return JSON.parse(await readFile(cacheFile, 'utf8')) as Artifacts
  } catch {
    // not cached yet
  }
  const solc = require('solc') as Solc
  const soladySrc = join(dirname(require.resolve('solady/package.json')), 'src')
  const findImport = (path: string): { contents: string } | { error: string } => {
    if (!path.startsWith(SOLADY_PREFIX)) return { error: `not found: ${path}` }
    try {
      return { contents: readFileSync(join(soladySrc, path.slice(SOLADY_PREFIX.length)), 'utf8') }
    } catch {
      return { error: `not found: ${path}` }
    }
  }
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  const pick = (file: string, name: ContractName): Artifact => {
    const c = output.contracts?.[file]?.[name]
    if (!c) throw new Error(`solc produced no ${name}`)
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }
  }
  const artifacts: Artifacts = {
    DevnetERC20: pick('DevnetERC20.sol', 'DevnetERC20'),
    DevnetPixels: pick('DevnetPixels.sol', 'DevnetPixels'),
    DevnetAccount: pick('DevnetAccount.sol', 'DevnetAccount'),
    DevnetAccountFactory: pick('DevnetAccount.sol', 'DevnetAccountFactory'),
    DevnetMulticall3: pick('DevnetMulticall3.sol', 'DevnetMulticall3'),
    DevnetPriceFeed: pick('DevnetPriceFeed.sol', 'DevnetPriceFeed'),
    DevnetEnsRegistry: pick('DevnetEns.sol', 'DevnetEnsRegistry'),
    DevnetPublicResolver: pick('DevnetEns.sol', 'DevnetPublicResolver'),
    DevnetReverseRegistrar: pick('DevnetEns.sol', 'DevnetReverseRegistrar'),
    DevnetOffchainResolver: pick('DevnetOffchainResolver.sol', 'DevnetOffchainResolver'),
    DevnetUniversalResolver: pick('DevnetUniversalResolver.sol', 'DevnetUniversalResolver'),
    DevnetVerifyingPaymaster: pick('DevnetVerifyingPaymaster.sol', 'DevnetVerifyingPaymaster'),
    EntryPoint: { abi: [], bytecode: (require(ENTRY_POINT_ARTIFACT) as { bytecode: Hex }).bytecode },
  }
  await mkdir(CACHE_DIR, { recursive: true })
  const tmp = `${cacheFile}.${process.pid}.tmp`
  await writeFile(tmp, JSON.stringify(artifacts))
  await rename(tmp, cacheFile)
  // Artifacts of older sources are of no further use.
  for (const f of await readdir(CACHE_DIR)) {
    if (/^artifacts-[0-9a-f]{16}\.json$/.test(f) && join(CACHE_DIR, f) !== cacheFile) await rm(join(CACHE_DIR, f), { force: true })
  }
  return artifacts
}
