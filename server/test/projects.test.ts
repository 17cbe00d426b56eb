import { describe, expect, it } from 'vitest'
import { ManualClock } from '../src/clock.js'
import { originOf, ProjectInputError, Projects } from '../src/projects.js'
import { ENGINES } from './engines.js'
import { migratedDatabase } from './support.js'

describe('origins', () => {
  it('are scheme, host and a port that is not the default, as browsers send them', () => {
    expect(originOf('https://app.example')).toBe('https://app.example')
    expect(originOf('https://app.example/')).toBe('https://app.example')
    expect(originOf('https://app.example:443')).toBe('https://app.example')
    expect(originOf('http://localhost:5173')).toBe('http://localhost:5173')
  })

  it.each(['https://app.example/path', 'https://*.example', 'null', 'https://user:pw@app.example', 'javascript:alert(1)', 'app.example', 'https://app.example?x=1'])(
    'refuse %s',
    (value) => {
      expect(() => originOf(value)).toThrow(ProjectInputError)
    },
  )
})

describe.each(ENGINES)('projects on $name', ({ open }) => {
  it('are added with their origins, listed, and removed with them', async () => {
    const db = await migratedDatabase(open)
    const projects = new Projects(db, new ManualClock())
    await projects.add('shop', ['https://shop.example'])
    await projects.add('shop', ['https://shop.example', 'http://localhost:5173'])
    await projects.add('blog', ['https://blog.example'])
    expect(await projects.list()).toEqual([
      { id: 'blog', origins: ['https://blog.example'] },
      { id: 'shop', origins: ['http://localhost:5173', 'https://shop.example'] },
    ])
    expect(await projects.origins('nope')).toBeUndefined()
    expect(await projects.remove('shop')).toBe(true)
    expect(await projects.remove('shop')).toBe(false)
    expect(await projects.origins('shop')).toBeUndefined()
    await expect(projects.add("x'; DROP TABLE projects; --", ['https://a.example'])).rejects.toThrow(ProjectInputError)
    expect((await projects.list()).map((p) => p.id)).toEqual(['blog'])
    await db.close()
  })
})
