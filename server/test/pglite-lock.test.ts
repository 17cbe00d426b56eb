import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DatabaseInUseError, openPgliteDatabase } from '../src/db/pglite-database.js'

const root = mkdtempSync(join(tmpdir(), 'wg-pglite-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe("the embedded database's folder", () => {
  it('is open in one process at a time: a second opener (a CLI command beside a running server) is refused', async () => {
    const dir = join(root, 'busy')
    const first = await openPgliteDatabase(dir)
    await expect(openPgliteDatabase(dir)).rejects.toThrow(DatabaseInUseError)
    await first.close()
    const again = await openPgliteDatabase(dir)
    await again.close()
  }, 60_000)

  it('is taken over from a process that is gone', async () => {
    const dir = join(root, 'stale')
    mkdirSync(dir, { recursive: true })
    // A pid far above Linux's limit: no process has it.
    writeFileSync(join(dir, 'walletgate-server.lock'), '99999999')
    const db = await openPgliteDatabase(dir)
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
    await db.close()
  }, 60_000)
})
