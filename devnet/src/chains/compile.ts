/**
 * Compiles devnet/contracts/*.sol in-process with the `solc` npm package (works offline) and caches
 * the artifacts under devnet/cache, keyed by the sources and the compiler version.
 */
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

interface Solc {
  version(): string
  compile(input: string): string
}

export interface Artifact {
  abi: Abi
  bytecode: Hex
}
export type ContractName = 'DevnetERC20' | 'DevnetPixels'
export type Artifacts = Record<ContractName, Artifact>

const here = dirname(fileURLToPath(import.meta.url))
export const CONTRACTS_DIR = join(here, '..', '..', 'contracts')
export const CACHE_DIR = join(here, '..', '..', 'cache')
const SOLC_VERSION = '0.8.28'

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

export async function loadArtifacts(): Promise<Artifacts> {
  const files = (await readdir(CONTRACTS_DIR)).filter((f) => f.endsWith('.sol')).sort()
  const sources: Record<string, { content: string }> = {}
  for (const f of files) sources[f] = { content: await readFile(join(CONTRACTS_DIR, f), 'utf8') }
  const key = createHash('sha256').update(SOLC_VERSION).update(JSON.stringify(sources)).digest('hex').slice(0, 16)
  const cacheFile = join(CACHE_DIR, `artifacts-${key}.json`)
  try {
    return JSON.parse(await readFile(cacheFile, 'utf8')) as Artifacts
  } catch {
    // not cached yet
  }
  const solc = createRequire(import.meta.url)('solc') as Solc
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
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
