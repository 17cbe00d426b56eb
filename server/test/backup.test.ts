/**
 * A backup as server/README.md says to take one, tried once: pg_dump of a server's database, restored
 * with pg_restore into an empty one, which the server then reads as it was (and does not migrate again).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ManualClock } from '../src/clock.js'
import { migrate } from '../src/db/migrations.js'
import { openPostgresDatabase } from '../src/db/postgres-database.js'
import { Projects } from '../src/projects.js'
import { freshPostgresUrl } from './engines.js'
import { postgresBinaries } from './postgres-cluster.js'

const dir = mkdtempSync(join(tmpdir(), 'wg-backup-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a backup', () => {
  it('taken with pg_dump and restored with pg_restore holds the projects, at the same schema', async () => {
    const bin = postgresBinaries() as string
    const source = await freshPostgresUrl()
    const db = await openPostgresDatabase(source)
    await migrate(db)
    await new Projects(db, new ManualClock()).add('shop', ['https://shop.example'])
    await db.close()

    const file = join(dir, 'walletgate.dump')
    execFileSync(join(bin, 'pg_dump'), ['--format=custom', '--file', file, source], { stdio: 'pipe' })
    const target = await freshPostgresUrl()
    execFileSync(join(bin, 'pg_restore'), ['--no-owner', '--dbname', target, file], { stdio: 'pipe' })

    const restored = await openPostgresDatabase(target)
    expect(await migrate(restored)).toEqual([])
    expect(await new Projects(restored, new ManualClock()).list()).toEqual([{ id: 'shop', origins: ['https://shop.example'] }])
    await restored.close()
  }, 60_000)
})
