import { VirtualTimeScheduler } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { connectedCalls, followCalls } from '../../../../src/application/calls/connected-calls'
import type { CallsStatus } from '../../../../src/domain/calls/wallet-calls'
import type { WalletCalls } from '../../../../src/ports/wallet-calls'

/** A status source answering from a script, one answer per question (a thrown answer rejects). */
function script(answers: readonly (CallsStatus['outcome'] | Error)[]) {
  let asked = 0
  const status = () => {
    const answer = answers[Math.min(asked++, answers.length - 1)]!
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve({ outcome: answer, transactionHashes: answer === 'pending' ? [] : ['0x01'] })
  }
  return { status, asked: () => asked }
}

/** Waits on a virtual clock the test moves; records each wait. */
function virtualWait() {
  const scheduler = new VirtualTimeScheduler()
  const waits: number[] = []
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      waits.push(ms)
      scheduler.schedule(() => resolve(), ms)
    })
  const run = async <T>(promise: Promise<T>): Promise<T> => {
    let done = false
    void promise.finally(() => (done = true))
    for (let i = 0; i < 1000 && !done; i++) {
      scheduler.flush()
      await new Promise((resolve) => setImmediate(resolve))
    }
    return promise
  }
  return { wait, waits, run, scheduler }
}

describe('following a batch', () => {
  it('asks until the wallet says the batch is settled, one poll interval apart, the first at once', async () => {
    const s = script(['pending', 'pending', 'confirmed'])
    const v = virtualWait()
    const settled = await v.run(followCalls(s.status, v.wait, { pollMs: 1000, polls: 10 }))
    expect(settled).toEqual({ outcome: 'confirmed', transactionHashes: ['0x01'] })
    expect(s.asked()).toBe(3)
    expect(v.waits).toEqual([1000, 1000])
    expect(v.scheduler.now()).toBe(2000)
  })

  it('stops at a failure or a partial batch, and counts a question that failed as still pending', async () => {
    const v = virtualWait()
    expect((await v.run(followCalls(script(['failed']).status, v.wait)))?.outcome).toBe('failed')
    const errors: unknown[] = []
    const s = script([new Error('bundler blinked'), 'partial'])
    expect((await v.run(followCalls(s.status, v.wait, { onError: (e) => errors.push(e) })))?.outcome).toBe('partial')
    expect(errors).toHaveLength(1)
  })

  it('gives up after the last poll with undefined while the batch is still pending', async () => {
    const s = script(['pending'])
    const v = virtualWait()
    expect(await v.run(followCalls(s.status, v.wait, { pollMs: 500, polls: 4 }))).toBeUndefined()
    expect(s.asked()).toBe(4)
    expect(v.scheduler.now()).toBe(1500)
  })
})

describe('the connected wallet\'s batches', () => {
  const account = { connectorId: 'dev' }
  const confirmed = () => Promise.resolve({ outcome: 'confirmed' as const, transactionHashes: [] })

  it('offers none without the port or a connection, and none when asking fails (never rejects)', async () => {
    const failures: unknown[] = []
    expect(await connectedCalls({ account: () => account }, undefined, (e) => failures.push(e)).capabilities('eip155:31337', '0x1')).toBeUndefined()
    const offline: WalletCalls = { namespace: 'eip155', callsCapabilities: () => Promise.reject(new Error('offline')), sendCalls: () => Promise.resolve('0x1'), callsStatus: confirmed }
    expect(await connectedCalls({ account: () => undefined }, offline, (e) => failures.push(e)).capabilities('eip155:31337', '0x1')).toBeUndefined()
    expect(await connectedCalls({ account: () => account }, offline, (e) => failures.push(e)).capabilities('eip155:31337', '0x1')).toBeUndefined()
    expect(failures).toHaveLength(1)
    await expect(connectedCalls({ account: () => undefined }, offline, () => undefined).send({ chainId: 'eip155:31337', from: '0x1', atomicRequired: false, calls: [{ to: '0x1' }] })).rejects.toThrow()
  })

  it('reads the network\'s entry of the answer and sends through the connector connected in the port\'s family', async () => {
    const asked: unknown[] = []
    const namespaces: string[] = []
    const port: WalletCalls = {
      namespace: 'eip155',
      callsCapabilities: (id, address, chains) => {
        asked.push([id, address, chains])
        return Promise.resolve({ 'eip155:31337': { atomic: 'supported' } })
      },
      sendCalls: (id) => Promise.resolve(`batch-of-${id}`),
      callsStatus: confirmed,
    }
    const calls = connectedCalls({ account: (namespace) => (namespaces.push(namespace), account) }, port, () => undefined)
    expect(await calls.capabilities('eip155:31337', '0xme')).toEqual({ atomic: 'supported' })
    expect(await calls.capabilities('eip155:1', '0xme')).toBeUndefined()
    expect(asked[0]).toEqual(['dev', '0xme', ['eip155:31337']])
    expect(await calls.send({ chainId: 'eip155:31337', from: '0xme', atomicRequired: true, calls: [{ to: '0x1' }] })).toBe('batch-of-dev')
    expect(new Set(namespaces)).toEqual(new Set(['eip155']))
  })
})
