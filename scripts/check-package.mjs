#!/usr/bin/env node
// What `npm pack` would publish, checked against the package's promises: the tarball holds the
// files of the `exports` map (each entry's module and types) and the chunks they load, and nothing
// from src, tests, devnet, demo or source maps; every declared dependency is imported by something
// in dist/ (an installer downloads nothing the package never runs). Run after `npm run build`.
//   node scripts/check-package.mjs
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { posix } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Files `npm pack` would put in the tarball, as paths relative to the package root. */
export function packedFiles(cwd = process.cwd()) {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  const [entry] = JSON.parse(out)
  return entry.files.map((file) => file.path)
}

/** Every file an `exports` map points at (conditions flattened), without the leading `./`. */
export function exportTargets(exportsMap) {
  const targets = []
  const walk = (value) => {
    if (typeof value === 'string') targets.push(value.replace(/^\.\//, ''))
    else if (value !== null && typeof value === 'object') for (const inner of Object.values(value)) walk(inner)
  }
  walk(exportsMap)
  return [...new Set(targets)]
}

const ALWAYS_PACKED = new Set(['package.json', 'README.md', 'LICENSE'])

/** What is wrong with a file list, as sentences (empty when the tarball is as promised). */
export function packProblems(files, exportsMap) {
  const problems = []
  const present = new Set(files)
  for (const target of exportTargets(exportsMap)) {
    if (!present.has(target)) problems.push(`exports points at ${target}, which the tarball does not hold`)
  }
  for (const file of files) {
    if (ALWAYS_PACKED.has(file)) continue
    if (!file.startsWith('dist/')) problems.push(`${file} is packed but lies outside dist/`)
    else if (file.endsWith('.map')) problems.push(`${file} is a source map (it would ship the sources)`)
    else if (!/\.(js|d\.ts)$/.test(file)) problems.push(`${file} is neither a module nor a type declaration`)
  }
  return problems
}

/** Bare module specifiers a piece of ES module code imports (static, side-effect and dynamic). */
export function importedSpecifiers(code) {
  const found = new Set()
  const patterns = [/\bfrom\s*["']([^"']+)["']/g, /\bimport\s*["']([^"']+)["']/g, /\bimport\(\s*["']([^"']+)["']/g]
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.add(match[1])
  return [...found].filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('/'))
}

/** The package a specifier belongs to: `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
export function packageOf(specifier) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

/**
 * Entry points that must never reach a React module, statically or through a lazy chunk: a Vue,
 * Svelte or vanilla host bundles them without React installed.
 */
export const REACT_FREE_ENTRIES = ['dist/headless.js', 'dist/wagmi.js']

/**
 * Entry points that must never reach a chain family's SDK beyond EVM's: a host imports a family
 * (`walletgate/solana`, ...) to use it, and an EVM-only host installs and bundles none of them.
 */
export const FAMILY_FREE_ENTRIES = ['dist/index.js', 'dist/react.js', 'dist/headless.js', 'dist/wagmi.js']

/** The SDKs of the solana, bip122, polkadot and cosmos families (optional peer dependencies). */
export const isFamilyPackage = (name) => /^@(solana|polkadot|cosmjs|wallet-standard)\//.test(name) || name === '@scure/btc-signer' || name === '@noble/curves'

/** Every package a module reaches through its relative imports, static and dynamic. `read(path)` gives a module's code. */
export function reachedPackages(entry, read) {
  const seen = new Set()
  const packages = new Set()
  const visit = (file) => {
    if (seen.has(file)) return
    seen.add(file)
    const code = read(file)
    const relative = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1])
    for (const specifier of importedSpecifiers(code)) packages.add(packageOf(specifier))
    for (const next of relative) visit(posix.join(posix.dirname(file), next))
  }
  visit(entry)
  return [...packages].sort()
}

/** Declared dependencies that no module imports. */
export function unusedDependencies(dependencies, specifiers) {
  const used = new Set(specifiers.map(packageOf))
  return Object.keys(dependencies ?? {}).filter((name) => !used.has(name))
}

function main() {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'))
  const files = packedFiles()
  const problems = packProblems(files, pkg.exports)
  // The standalone build bundles its dependencies, so only the bundler-facing modules count.
  const modules = files.filter((file) => file.endsWith('.js') && !file.startsWith('dist/standalone/'))
  const specifiers = modules.flatMap((file) => importedSpecifiers(readFileSync(file, 'utf8')))
  for (const name of unusedDependencies(pkg.dependencies, specifiers)) {
    problems.push(`dependency ${name} is declared but nothing in dist/ imports it`)
  }
  for (const entry of REACT_FREE_ENTRIES) {
    const react = reachedPackages(entry, (file) => readFileSync(file, 'utf8')).filter((name) => name === 'react' || name === 'react-dom')
    if (react.length > 0) problems.push(`${entry} reaches ${react.join(' and ')} (it must stay usable without React)`)
  }
  for (const entry of FAMILY_FREE_ENTRIES) {
    const sdks = reachedPackages(entry, (file) => readFileSync(file, 'utf8')).filter(isFamilyPackage)
    if (sdks.length > 0) problems.push(`${entry} reaches ${sdks.join(', ')} (a family's SDK loads only through its entry point)`)
  }
  console.log(`package: ${files.length} files in the tarball, ${exportTargets(pkg.exports).length} export targets, ${Object.keys(pkg.dependencies ?? {}).length} dependencies`)
  for (const problem of problems) console.log(`  ${problem}`)
  if (problems.length > 0) process.exit(1)
  console.log('package: ok')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
