/**
 * The server's request log (src/request-log.ts): one JSON line per request in pino's format, the
 * path without its query, written as text; a request's own logger made only when used, with its
 * request id.
 */
import Fastify from 'fastify'
import pino from 'pino'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { lazyChildLogger, OneLinePerRequest } from '../src/request-log.js'

function server() {
  const written: string[] = []
  const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => (written.push(chunk.toString()), done()) })
  const app = Fastify({
    logger: { stream },
    logController: new OneLinePerRequest((line) => void stream.write(line)),
    childLoggerFactory: lazyChildLogger,
  })
  app.get('/quiet/:id', async () => ({ ok: true }))
  app.get('/chatty', async (request) => {
    request.log.warn({ detail: 'x' }, 'something to say')
    return { ok: true }
  })
  app.get('/broken', async () => {
    throw new Error('it broke')
  })
  const lines = () => written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>)
  return { app, lines }
}

describe('the request log', () => {
  it('writes one line per request in pino’s format, the path without its query', async () => {
    const { app, lines } = server()
    const answer = await app.inject({ method: 'GET', url: '/quiet/0xabc?projectId=secret-project&st=x' })
    expect(answer.statusCode).toBe(200)
    const [line, ...more] = lines()
    expect(more).toEqual([])
    const viaPino = JSON.parse(JSON.stringify({ ...pino.levels.values }))
    expect(line).toMatchObject({ level: viaPino.info, pid: process.pid, method: 'GET', path: '/quiet/0xabc', status: 200, msg: 'request' })
    expect(typeof line!.time).toBe('number')
    expect(typeof line!.hostname).toBe('string')
    expect(line!.reqId).toMatch(/^req-/)
    expect(typeof line!.ms).toBe('number')
    expect(JSON.stringify(line)).not.toContain('secret-project')
    await app.close()
  })

  it('keeps a path that needs escaping one valid JSON line', async () => {
    const { app, lines } = server()
    await app.inject({ method: 'GET', url: '/quiet/%22%5C%0A' })
    expect(lines()).toHaveLength(1)
    expect(lines()[0]!.path).toBe('/quiet/%22%5C%0A')
    await app.close()
  })

  it('gives a request that logs its own logger with its request id, and logs an error with it', async () => {
    const { app, lines } = server()
    await app.inject({ method: 'GET', url: '/chatty' })
    await app.inject({ method: 'GET', url: '/broken' })
    const [warned, chatty, errored, broken] = lines()
    expect(warned).toMatchObject({ level: 40, detail: 'x', msg: 'something to say' })
    expect(chatty).toMatchObject({ path: '/chatty', status: 200, msg: 'request', reqId: warned!.reqId })
    // Fastify logs a failure through the request's logger, then the request's line.
    expect(errored).toMatchObject({ level: 50, msg: 'it broke', err: { message: 'it broke' }, reqId: expect.stringMatching(/^req-/) })
    expect(broken).toMatchObject({ level: 30, path: '/broken', status: 500, msg: 'request', reqId: errored!.reqId })
    expect(errored!.reqId).not.toBe(warned!.reqId)
    await app.close()
  })

  it('writes nothing for the requests when the level is above info', async () => {
    const written: string[] = []
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void written.push(line) } }, logController: new OneLinePerRequest((line) => void written.push(line)), childLoggerFactory: lazyChildLogger })
    app.get('/', async () => ({ ok: true }))
    await app.inject({ method: 'GET', url: '/' })
    expect(written).toEqual([])
    await app.close()
  })
})
