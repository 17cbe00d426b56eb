import { describe, expect, it } from 'vitest'
import { MIGRATIONS, migrate, schemaVersion, type Migration } from '../src/db/migrations.js'
import { ENGINES } from './engines.js'

describe.each(ENGINES)('migrations on $name', ({ open }) => {
  it('apply once: a second run, or a second replica starting at the same time, finds nothing to do', async () => {
    const db = await open()
    expect(await schemaVersion(db)).toBe(0)
    const [first, second] = await Promise.all([migrate(db), migrate(db)])
    expect([...first, ...second]).toEqual(MIGRATIONS.map((m) => m.version))
    expect(await migrate(db)).toEqual([])
    expect(await schemaVersion(db)).toBe(MIGRATIONS.at(-1)?.version)
    await db.close()
  })

  it('leave nothing half-way when one fails: its changes are rolled back and it is not recorded', async () => {
    const db = await open()
    const broken: Migration[] = [...MIGRATIONS, { version: 999, name: 'broken', sql: 'CREATE TABLE half_way (id int); SELECT no_such_function();' }]
    await expect(migrate(db, broken)).rejects.toThrow()
    expect(await schemaVersion(db)).toBe(MIGRATIONS.at(-1)?.version)
    const { rows } = await db.query<{ present: boolean }>("SELECT to_regclass('half_way') IS NOT NULL AS present")
    expect(rows[0]?.present).toBe(false)
    // The lock was released: the next run goes on.
    expect(await migrate(db)).toEqual([])
    await db.close()
  })
})
