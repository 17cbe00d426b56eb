// @vitest-environment jsdom
import type { Container } from 'inversify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createWalletModal, type WalletModal } from '../../../src/index'
import { ConnectionStore } from '../../../src/application/connection-store'
import { SnackStore } from '../../../src/application/snack-store'
import { Analytics } from '../../../src/ports/analytics'
import { KeyValueStorage } from '../../../src/ports/key-value-storage'
import { SiwxMessengers, SiwxStorage } from '../../../src/ports/siwx'
import { Clock } from '../../../src/ports/clock'
import { ChainFamilies } from '../../../src/ports/chain-family'
import { aModalConfig } from '../../builders/config'
import { FakeChainFamily, anAnnouncedConnector, familiesOf } from '../../fakes/fake-chain-family'
import { InMemoryAnalytics } from '../../fakes/in-memory-analytics'
import { InMemoryKeyValueStorage } from '../../fakes/in-memory-key-value-storage'
import { InMemorySiwxStorage } from '../../fakes/in-memory-siwx-storage'
import { ManualClock } from '../../fakes/manual-clock'

const modals: WalletModal[] = []
afterEach(() => modals.splice(0).forEach((m) => m.destroy()))

describe('modal.siwx', () => {
  it('without siwx in the config: state disabled, and every call rejects with "SIWX is not enabled"', async () => {
    const modal = createWalletModal(aModalConfig())
    modals.push(modal)
    expect(modal.getState().siwx).toEqual({ status: 'disabled' })
    await expect(modal.siwx.signIn()).rejects.toThrow('SIWX is not enabled')
    await expect(modal.siwx.getSessions()).rejects.toMatchObject({ name: 'SiwxNotEnabledError' })
    await expect(modal.siwx.signOut()).rejects.toThrow('SIWX is not enabled')
  })

  it('with siwx: signed-out, then signed-in through signIn() with the session stored', async () => {
    const clock = new ManualClock()
    const storage = new InMemorySiwxStorage(clock)
    const evm = new FakeChainFamily('eip155')
    let container: Container | undefined
    const events: string[] = []
    const modal = createWalletModal(
      { ...aModalConfig(), siwx: { required: false, domain: 'app.test', uri: 'https://app.test' }, onEvent: (e) => events.push(e.type) },
      {
        overrides: (c) => {
          container = c
          c.rebind(Clock).toConstantValue(clock)
          c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
          c.rebind(KeyValueStorage).toConstantValue(new InMemoryKeyValueStorage())
          c.rebind(ChainFamilies).toConstantValue(familiesOf(evm))
          c.bind(SiwxStorage).toConstantValue(storage)
          c.bind(SiwxMessengers).toConstantValue({
            get: () =>
              Promise.resolve({
                createMessage: (data) => `sign in ${data.accountAddress} ${data.nonce}`,
                verify: (session) => Promise.resolve(session.signature.startsWith('signed(')),
              }),
          })
        },
      },
    )
    modals.push(modal)
    expect(modal.getState().siwx).toEqual({ status: 'signed-out' })
    const connector = { ...anAnnouncedConnector(), provider: { request: () => Promise.resolve(null) } }
    evm.add(connector)
    container!.get(ConnectionStore).upsert({
      connectorId: connector.id,
      namespace: 'eip155',
      address: evm.address,
      caipAddress: `${evm.caipNetworkId}:${evm.address}`,
      caipNetworkId: evm.caipNetworkId,
    })
    evm.signAnswers.push(`signed(${evm.address})`)
    const session = await modal.siwx.signIn()
    expect(session.data).toMatchObject({ accountAddress: evm.address, domain: 'app.test', uri: 'https://app.test', chainId: evm.caipNetworkId })
    expect(modal.getState().siwx).toEqual({ status: 'signed-in', session })
    expect(await modal.siwx.getSessions({ address: evm.address.toUpperCase().replace('0X', '0x') })).toEqual([session])
    expect(events).toContain('siwx_success')
    await modal.siwx.signOut()
    expect(await modal.siwx.getSessions()).toEqual([])
    expect(modal.getState().siwx.status).toBe('signed-out')
  })

  describe('with serverUrl: nonces, verification and sessions from the host server', () => {
    const answer = (status: number, body: unknown) => Promise.resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }))

    function serverWorld(fetch: (url: string, init: RequestInit) => Promise<Response>) {
      const evm = new FakeChainFamily('eip155')
      let container: Container | undefined
      const messages: string[] = []
      const modal = createWalletModal(
        { ...aModalConfig(), siwx: { required: false, domain: 'app.test', uri: 'https://app.test', serverUrl: 'https://auth.example/api/' } },
        {
          overrides: (c) => {
            container = c
            c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
            c.rebind(KeyValueStorage).toConstantValue(new InMemoryKeyValueStorage())
            c.rebind(ChainFamilies).toConstantValue(familiesOf(evm))
            c.bind(SiwxMessengers).toConstantValue({
              get: () =>
                Promise.resolve({
                  createMessage: (data) => {
                    messages.push(`sign in ${data.accountAddress} ${data.nonce}`)
                    return messages.at(-1)!
                  },
                  verify: () => Promise.resolve(true),
                }),
            })
          },
        },
      )
      modals.push(modal)
      vi.stubGlobal('fetch', (url: string, init: RequestInit) => fetch(url, init))
      const connector = { ...anAnnouncedConnector(), provider: { request: () => Promise.resolve(null) } }
      evm.add(connector)
      container!.get(ConnectionStore).upsert({ connectorId: connector.id, namespace: 'eip155', address: evm.address, caipAddress: `${evm.caipNetworkId}:${evm.address}`, caipNetworkId: evm.caipNetworkId })
      evm.signAnswers.push('0xsigned')
      return { modal, evm, messages, snack: () => container!.get(SnackStore).snapshot }
    }
    afterEach(() => vi.unstubAllGlobals())

    it("takes the server's nonce, hands it the signed message and reads the session back with the token", async () => {
      const calls: string[] = []
      let stored: unknown
      const w = serverWorld((url, init) => {
        calls.push(`${init.method ?? 'GET'} ${url}`)
        if (url.endsWith('/auth/v1/nonce')) return answer(201, { nonce: 'srvNonce42' })
        if (url.endsWith('/auth/v1/authenticate')) {
          const body = JSON.parse(init.body as string) as { message: string; signature: string; data: unknown }
          stored = { data: body.data, message: body.message, signature: body.signature }
          return answer(201, { token: 'tok-1234567890abcdef', session: stored })
        }
        if (url.endsWith('/auth/v1/me')) return (init.headers as Record<string, string>).authorization === 'Bearer tok-1234567890abcdef' ? answer(200, { session: stored }) : answer(401, {})
        return answer(404, {})
      })
      const session = await w.modal.siwx.signIn()
      expect(w.messages).toEqual([`sign in ${w.evm.address} srvNonce42`])
      expect(session.data.nonce).toBe('srvNonce42')
      expect(await w.modal.siwx.getSessions()).toEqual([stored])
      expect(calls).toEqual([
        'POST https://auth.example/api/auth/v1/nonce',
        'POST https://auth.example/api/auth/v1/authenticate',
        'GET https://auth.example/api/auth/v1/me',
      ])
    })

    for (const [what, nonceAnswer] of [
      ['a 5xx', () => answer(503, { message: 'down' })],
      ['malformed JSON', () => answer(200, '{"nonce": tru')],
      ['a dead service', () => Promise.reject(new TypeError('Failed to fetch'))],
    ] as const) {
      it(`a nonce the server cannot give (${what}): "A problem occurred while trying initialize authentication"`, async () => {
        const w = serverWorld(() => nonceAnswer())
        await expect(w.modal.siwx.signIn()).rejects.toBeInstanceOf(Error)
        expect(w.snack()).toMatchObject({ message: 'A problem occurred while trying initialize authentication' })
        expect(w.messages).toEqual([])
      })
    }
  })
})
