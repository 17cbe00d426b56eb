import { describe, expect, it } from 'vitest'
import { denyListParts } from '../../../../src/domain/preview/deny-list'
import { DENY_LIST_RETRY_MS, DENY_LIST_TTL_MS, HostDenyList } from '../../../../src/application/preview/host-deny-list'
import type { DenyListSource } from '../../../../src/ports/deny-list-source'
import { RecordingLogger } from '../../../fakes/recording-logger'
import { DUSD, TO, aSendWorld, fill, previewOf } from '../send/support'

function aSource(answers: (() => Promise<readonly string[]>)[]): DenyListSource & { calls: number } {
  const source = {
    calls: 0,
    load: () => answers[Math.min(source.calls++, answers.length - 1)]!(),
  }
  return source
}

describe('the deny-list the host serves', () => {
  it('the Send review warns about a receiver on the served list', async () => {
    const world = aSendWorld({ previews: { servedDenyList: () => Promise.resolve([TO.toUpperCase().replace('0X', '0x')]) } })
    world.modal.push('Send')
    fill(world, { token: DUSD, amount: '1', receiver: TO })
    expect(await world.review.review()).toBe(true)
    expect(previewOf(world)?.risks).toEqual([{ kind: 'deniedReceiver' }])
  })

  it('is read once, kept for its time, and read again after', async () => {
    let now = 0
    const source = aSource([() => Promise.resolve(['0xa']), () => Promise.resolve(['0xb'])])
    const list = new HostDenyList({ source, url: 'https://host.example/deny.json', clock: { now: () => now }, logger: new RecordingLogger() })
    expect(await list.list()).toEqual(['0xa'])
    now = DENY_LIST_TTL_MS - 1
    expect(await list.list()).toEqual(['0xa'])
    expect(source.calls).toBe(1)
    now = DENY_LIST_TTL_MS
    expect(await list.list()).toEqual(['0xb'])
  })

  it('a file that cannot be had adds nothing, is logged, and is asked again only after a pause', async () => {
    let now = 0
    const logger = new RecordingLogger()
    const source = aSource([() => Promise.reject(new Error('offline')), () => Promise.resolve(['0xc'])])
    const list = new HostDenyList({ source, url: 'https://host.example/deny.json', clock: { now: () => now }, logger })
    expect(await list.list()).toEqual([])
    expect(logger.warnings).toHaveLength(1)
    now = DENY_LIST_RETRY_MS - 1
    expect(await list.list()).toEqual([])
    expect(source.calls).toBe(1)
    now = DENY_LIST_RETRY_MS
    expect(await list.list()).toEqual(['0xc'])
  })
})

describe("the config's deny-list entries", () => {
  it('an http(s) URL names a file; anything else is an address; at most 4 files', () => {
    const files = Array.from({ length: 6 }, (_, i) => `https://host.example/deny-${i}.json`)
    expect(denyListParts(['0xdead', ' HTTPS://host.example/a.json ', 'javascript:alert(1)', ...files])).toEqual({
      addresses: ['0xdead', 'javascript:alert(1)'],
      files: ['HTTPS://host.example/a.json', ...files.slice(0, 3)],
    })
  })
})
