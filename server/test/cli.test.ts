import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { run, UsageError } from '../src/cli.js'
import { migrate, MIGRATIONS } from '../src/db/migrations.js'
import { openPgliteDatabase } from '../src/db/pglite-database.js'
import { systemClock } from '../src/clock.js'
import { LocalKeyEncryption, newKekEntry, parseKeks } from '../src/wallet/key-encryption.js'
import { WalletKeys } from '../src/wallet/wallet-keys.js'
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
    expect(await run(['project', 'add', 'shop', '--origin', 'https://shop.example', '--disable', 'swap,onramp', ...embedded], io)).toBe(0)
    expect(lines.at(-1)).toBe('shop\thttp://localhost:5173 https://shop.example\t(off: swap, onramp)')
    await expect(run(['project', 'add', 'shop', '--origin', 'https://shop.example', '--disable', 'teleport', ...embedded], io)).rejects.toThrow(/unknown features teleport/)
    expect(await run(['project', 'remove', 'shop', ...embedded], io)).toBe(0)
    await expect(run(['project', 'remove', 'shop', ...embedded], io)).rejects.toThrow(UsageError)
  }, 60_000)

  it('imports a catalogue file, and names what is wrong with a bad one', async () => {
    const { lines, io, embedded } = world()
    const dir = dirs.at(-1) as string
    const image = { type: 'image/svg+xml', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }
    const listing = { id: 'w1', name: 'One', homepage: '', image_id: 'i1', order: 1, rdns: null, mobile_link: null, desktop_link: null, webapp_link: null, app_store: null, play_store: null, chrome_store: null, injected: null, chains: [] }
    writeFileSync(join(dir, 'catalogue.json'), JSON.stringify({ wallets: [listing], images: { i1: image } }))
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ wallets: [{ ...listing, order: 'first' }], images: {} }))
    expect(await run(['catalogue', 'import', join(dir, 'catalogue.json'), ...embedded], io)).toBe(0)
    expect(lines.at(-1)).toBe('imported 1 wallets and 1 images')
    await expect(run(['catalogue', 'import', join(dir, 'bad.json'), ...embedded], io)).rejects.toThrow(/wallets\.0\.order/)
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

  it('makes a new KEK entry, and re-wraps every wallet key under the current KEK of WALLETGATE_KEK', async () => {
    const { lines, io, embedded } = world()
    expect(await run(['kek', 'new', 'k1'], io)).toBe(0)
    const k1 = lines.pop()!
    expect(parseKeks(k1).map((entry) => [entry.id, entry.key.length])).toEqual([['k1', 32]])
    await expect(run(['kek', 'new'], io)).rejects.toThrow(UsageError)
    await expect(run(['kek', 'spin'], io)).rejects.toThrow(UsageError)
    await expect(run(['kek', 'rewrap', ...embedded], io)).rejects.toThrow(/set WALLETGATE_KEK/)

    // A wallet made under k1, in the folder the command opens.
    const db = await openPgliteDatabase(embedded[2]!)
    await migrate(db)
    await new WalletKeys(db, new LocalKeyEncryption(parseKeks(k1)), systemClock).create('user-1')
    await db.close()

    const k2 = newKekEntry('k2')
    expect(await run(['kek', 'rewrap', ...embedded], { ...io, env: { WALLETGATE_KEK: `${k2},${k1}` } })).toBe(0)
    expect(lines.at(-1)).toBe('re-wrapped 1 wallet keys under k2 (records by KEK: k2: 1)')
    // Nothing the command printed names a key.
    for (const entry of [k1, k2]) expect(lines.join('\n')).not.toContain(entry.split(':')[1]!.slice(0, 16))
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
