/**
 * The e2e world as a process of its own, for a runner that uses one world more than once
 * (scripts/test.mjs: the vitest contract project, then the two Playwright lanes, then the faults
 * alone). Starts it, writes the world, the demo's build environment and the devnet's info as JSON
 * to the file named by its argument once everything answers, and stops it when its standard input
 * closes (the runner is done, or died) or on SIGTERM or SIGINT.
 */
import { renameSync, writeFileSync } from 'node:fs'
import { startE2eWorld, type RunningE2eWorld } from './e2e-world'

const readyFile = process.argv[2]
if (readyFile === undefined) {
  process.stderr.write('usage: tsx tests/e2e/support/world-process.ts <ready-file>\n')
  process.exit(2)
}

let running: RunningE2eWorld | undefined
let stopping: Promise<void> | undefined
const stop = (): Promise<void> =>
  (stopping ??= (async () => {
    await running?.stop().catch((error: unknown) => process.stderr.write(`e2e world: stopping failed: ${String(error)}\n`))
    process.exit(0)
  })())

process.stdin.on('end', () => void stop())
process.stdin.on('close', () => void stop())
process.stdin.resume()
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())

try {
  running = await startE2eWorld()
} catch (error) {
  process.stderr.write(`e2e world: could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
}
if (stopping === undefined) {
  writeFileSync(`${readyFile}.tmp`, JSON.stringify({ world: running.world, demoEnv: running.demoEnv, devnet: running.devnet }))
  renameSync(`${readyFile}.tmp`, readyFile)
}
