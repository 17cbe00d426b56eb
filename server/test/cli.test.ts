import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { run, UsageError } from '../src/cli.js'
import { MIGRATIONS } from '../src/db/migrations.js'
import { freshPostgresUrl } from './engines.js'

const MIGRATED = `migrated the database to version ${MIGRATIONS.at(-1)?.version}`

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function world() {
  const dir = mkdtempSync(join(tmpdir(), 'wg-cli-'))
  dirs.push(dir)
  const lines: string[] = []
  const io = { out: (line: string) => void lines.push(line), env: {} }
  const embedded = ['--embedded', '--data-dir', join(dir, 'data')]
  return { lines, io, embedded }
}

describe('the command line', () => {
  it('adds, lists and removes projects in the embedded database, which keeps them across restarts', async () => {
    const { lines, io, embedded } = world()
    expect(await run(['project', 'add', 'shop', '--origin', 'https://shop.example', '--origin', 'http://localhost:5173', ...embedded], io)).toBe(0)
    expect(lines).toContain(MIGRATED)
    // A new process on the same folder: what was added is still there.
    lines.length = 0
    expect(await run(['project', 'list', ...embedded], io)).toBe(0)
    expect(lines).toEqual(['shop\thttp://localhost:5173 https://shop.example'])
    expect(await run(['project', 'remove', 'shop', ...embedded], io)).toBe(0)
    await expect(run(['project', 'remove', 'shop', ...embedded], io)).rejects.toThrow(UsageError)
  }, 60_000)

  it('refuses to start without a database rather than fall back to an embedded one', async () => {
    const { io } = world()
    await expect(run(['serve'], io)).rejects.toThrow(/no database: set DATABASE_URL/)
    await expect(run(['migrate'], io)).rejects.toThrow(UsageError)
  })

  it('refuses what it does not know', async () => {
    const { io, embedded } = world()
    await expect(run(['deploy', ...embedded], io)).rejects.toThrow(/unknown command deploy/)
    await expect(run(['project', 'add', 'shop', ...embedded], io)).rejects.toThrow(/--origin/)
    await expect(run(['--port', 'x', '--nope'], io)).rejects.toThrow()
  }, 60_000)
})

describe('the command line on PostgreSQL', () => {
  it('migrates the database named by DATABASE_URL once, and its projects outlive the process', async () => {
    const lines: string[] = []
    const io = { out: (line: string) => void lines.push(line), env: { DATABASE_URL: await freshPostgresUrl() } }
    expect(await run(['project', 'add', 'shop', '--origin', 'https://shop.example'], io)).toBe(0)
    expect(await run(['migrate'], io)).toBe(0)
    expect(lines.filter((line) => line.startsWith('migrated'))).toEqual([MIGRATED])
    lines.length = 0
    expect(await run(['project', 'list'], io)).toBe(0)
    expect(lines).toEqual(['shop\thttps://shop.example'])
  }, 60_000)
})
