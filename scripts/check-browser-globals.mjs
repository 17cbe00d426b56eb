#!/usr/bin/env node
/**
 * Fails when a browser chunk reads one of Node's globals (`Buffer`, `process`, `global`) that a
 * page does not have: a module that does so throws "Buffer is not defined" in a visitor's browser
 * (or in a host's dev server, which loads dependencies whole). Each chunk is parsed and its scopes
 * analysed, so only free references count: a local `process` variable, a property named `global`
 * or the word in a string does not.
 *
 * The package's own chunks (dist/*.js: every dependency left to the host's bundler) may read none.
 * The standalone build (dist/standalone) bundles third-party code; the reads found there were each
 * reviewed (THIRD_PARTY below: on no browser path), and any other fails the build.
 *
 * Usage: node scripts/check-browser-globals.mjs   (after the build: npm run build runs it)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import * as espree from 'espree'
import * as eslintScope from 'eslint-scope'

const NODE_GLOBALS = new Set(['Buffer', 'process', 'global'])
/** dist/testing is the test kit: it runs in Node under Playwright, where these exist. */
const SKIP = [/[\\/]testing[\\/]/, /[\\/]types[\\/]/]

/**
 * Third-party reads in the standalone bundle, each reviewed: `<global>.<property>` (or the bare
 * probe) and why no visitor's browser reaches it. Property names survive minifying; a read not
 * listed here fails the build.
 */
export const THIRD_PARTY = new Map([
  ['Buffer.from', 'borsh (in @solana/web3.js): its BinaryWriter and base58 helpers, which no transfer path calls (web3.js serialises with its own Buffer import)'],
  ['Buffer.alloc', 'borsh (in @solana/web3.js), as above'],
  ['Buffer.concat', 'borsh (in @solana/web3.js), as above'],
  ['global.Linking', "WalletConnect's React Native deep links, behind its react-native platform check"],
  ['global.WebSocket', 'isows: read only when `typeof WebSocket` is undefined, which no browser is'],
  ['global.crypto', "@walletconnect/environment's getBrowerCrypto, which the WalletConnect client does not call (it uses @noble)"],
  ['global.msCrypto', '@walletconnect/environment, as above'],
  ['global (== null)', '@walletconnect/environment, as above: the probe before those two reads'],
  ['process.platform', "detect-browser's NodeInfo, made only when `typeof process` says Node"],
])

function* jsFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* jsFiles(path)
    else if (/\.m?js$/.test(name)) yield path
  }
}

/** The free references to Node's globals in one chunk, with their line numbers. */
export function nodeGlobalsIn(code) {
  const ast = espree.parse(code, { ecmaVersion: 'latest', sourceType: 'module', loc: true, range: true })
  const scopes = eslintScope.analyze(ast, { ecmaVersion: 2022, sourceType: 'module' })
  const global = scopes.globalScope
  const found = []
  const seen = new Set()
  const visit = (scope) => {
    for (const ref of scope.through) {
      const name = ref.identifier.name
      if (!NODE_GLOBALS.has(name)) continue
      const key = `${name}:${ref.identifier.loc.start.line}:${ref.identifier.loc.start.column}`
      if (seen.has(key)) continue
      seen.add(key)
      if (guarded(ref.identifier, name)) continue
      found.push({ name, line: ref.identifier.loc.start.line, shape: shapeOf(ref.identifier, name) })
    }
  }
  // Parent links for the typeof check.
  const link = (node, parent) => {
    if (node === null || typeof node !== 'object') return
    if (typeof node.type === 'string') node.parent = parent
    for (const [key, value] of Object.entries(node)) {
      if (key === 'parent' || key === 'loc' || key === 'range') continue
      if (Array.isArray(value)) value.forEach((child) => link(child, typeof node.type === 'string' ? node : parent))
      else if (value !== null && typeof value === 'object') link(value, typeof node.type === 'string' ? node : parent)
    }
  }
  link(ast, null)
  visit(global)
  return found
}

/** How the global is read: `Buffer.from`, `global (== null)`, or the bare name. */
function shapeOf(identifier, name) {
  const parent = identifier.parent
  if (parent?.type === 'MemberExpression' && parent.object === identifier && !parent.computed) return `${name}.${parent.property.name}`
  if (parent?.type === 'BinaryExpression' && (parent.operator === '==' || parent.operator === '===') && parent.right.type === 'Literal' && parent.right.value === null) return `${name} (== null)`
  return name
}

/** Whether `node` tests for `name` first: `typeof name`, `typeof name?.x`, `globalThis.name`. */
function probes(node, name) {
  if (node === null || typeof node !== 'object') return false
  if (node.type === 'UnaryExpression' && node.operator === 'typeof') {
    let arg = node.argument
    while (arg.type === 'MemberExpression' || arg.type === 'ChainExpression') arg = arg.type === 'ChainExpression' ? arg.expression : arg.object
    if (arg.type === 'Identifier' && arg.name === name) return true
  }
  if (node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.object.name === 'globalThis' && node.property.name === name) return true
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent' || key === 'loc' || key === 'range') continue
    if (Array.isArray(value) ? value.some((child) => probes(child, name)) : value !== null && typeof value === 'object' && probes(value, name)) return true
  }
  return false
}

/**
 * A read that runs only where the global exists never throws: the `typeof` probe itself, or a
 * read in the branch of a test that probes for it first (`typeof Buffer < "u" && Buffer.from(x)`,
 * `globalThis.Buffer ? Buffer.from(x) : ...`, `if (typeof process === "object") process.emit(...)`).
 */
function guarded(identifier, name) {
  let child = identifier
  for (let node = identifier.parent; node !== null && node !== undefined; child = node, node = node.parent) {
    if (node.type === 'UnaryExpression' && node.operator === 'typeof' && child === node.argument) return true
    if (node.type === 'LogicalExpression' && node.operator === '&&' && child === node.right && probes(node.left, name)) return true
    if ((node.type === 'ConditionalExpression' || node.type === 'IfStatement') && child !== node.test && probes(node.test, name)) return true
    // `typeof global < "u" ? global : typeof self ...`: a later alternative of an earlier probe.
    if (node.type === 'ConditionalExpression' && child === node.alternate && probes(node.test, name)) return true
    if (node.type === 'LogicalExpression' && node.operator === '||' && child === node.right && probes(node.left, name)) return true
  }
  return false
}

function main() {
  let problems = 0
  let files = 0
  let reviewed = 0
  for (const file of jsFiles('dist')) {
    if (SKIP.some((pattern) => pattern.test(file))) continue
    files += 1
    const standalone = /[\\/]standalone[\\/]/.test(file)
    for (const { name, line, shape } of nodeGlobalsIn(readFileSync(file, 'utf8'))) {
      if (standalone && THIRD_PARTY.has(shape)) {
        reviewed += 1
        continue
      }
      problems += 1
      console.log(`${relative(process.cwd(), file)}:${line}: reads Node's global \`${name}\` (${shape}), which a browser page does not have`)
    }
  }
  console.log(`browser globals: ${files} chunks checked, ${problems} reads of Node-only globals (${reviewed} reviewed third-party reads in the standalone bundle)`)
  process.exit(files > 0 && problems === 0 ? 0 : 1)
}

if (import.meta.url === `file://${process.argv[1]}`) main()
