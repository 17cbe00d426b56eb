/**
 * Spec section 8: errors from wrapped actions (the modal's public commands disconnect() and
 * switchNetwork()) are reported as telemetry, then rethrown with their own class; a person
 * declining is an event, not telemetry. And the modal's default Telemetry posts to /e of the
 * analytics service.
 */
import { of } from 'rxjs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createWalletModal } from '../../../src/index'
import { DisconnectWallet } from '../../../src/application/connection/disconnect-wallet'
import { SwitchNetworkRejectedError } from '../../../src/application/networks/switch-network'
import { ModuleLoader, type Features } from '../../../src/composition/module-loader'
import { DisconnectError, NetworkNotFoundError } from '../../../src/domain/errors'
import { createContainer } from '../../../src/composition/container'
import { parseConfig } from '../../../src/domain/config'
import { Logger } from '../../../src/ports/logger'
import { Telemetry } from '../../../src/ports/telemetry'
import { aModalConfig } from '../../builders/config'
import { InMemoryTelemetry } from '../../fakes/in-memory-telemetry'
import { ManualClock } from '../../fakes/manual-clock'

afterEach(() => {
  vi.unstubAllGlobals()
})

function aModal(commands: { disconnect?: () => Promise<void>; switchNetwork?: (id: string) => Promise<void> }) {
  const telemetry = new InMemoryTelemetry(new ManualClock())
  const modal = createWalletModal(aModalConfig(), {
    overrides: (c) => {
      c.rebind(Telemetry).toConstantValue(telemetry)
      if (commands.disconnect) c.rebind(DisconnectWallet).toConstantValue({ disconnect: commands.disconnect } as unknown as DisconnectWallet)
      if (commands.switchNetwork) {
        const features: Features = { switchNetwork: commands.switchNetwork, grantPermissions: () => Promise.resolve({}), account$: of({ profileName: null, balance: null }) }
        const loader: ModuleLoader = {
          load: (() => Promise.resolve(features)) as ModuleLoader['load'],
          loaded: () => true,
          loadAt: () => Promise.resolve(),
          dispose() {},
        }
        c.rebind(ModuleLoader).toConstantValue(loader)
      }
    },
  })
  return { modal, telemetry }
}

describe('wrapped public commands', () => {
  it('disconnect(): a "Failed to disconnect" is reported, then rethrown as the same DisconnectError', async () => {
    const error = new DisconnectError({ cause: new Error('relay down') })
    const { modal, telemetry } = aModal({ disconnect: () => Promise.reject(error) })
    try {
      await expect(modal.disconnect()).rejects.toBe(error)
      expect(telemetry.reported).toEqual([{ name: 'DisconnectError', message: 'Failed to disconnect', stack: error.stack }])
    } finally {
      modal.destroy()
    }
  })

  it('switchNetwork(): a network that is not configured is reported; the person declining is not (both rethrown)', async () => {
    const notFound = new NetworkNotFoundError()
    const declined = new SwitchNetworkRejectedError('rejected', 'User rejected the request.')
    const { modal, telemetry } = aModal({
      switchNetwork: (id) => Promise.reject(id === 'eip155:999' ? notFound : declined),
    })
    try {
      await expect(modal.switchNetwork('eip155:999')).rejects.toBe(notFound)
      await expect(modal.switchNetwork('eip155:31337')).rejects.toBe(declined)
      expect(telemetry.reported.map((e) => e.name)).toEqual(['NetworkNotFoundError'])
    } finally {
      modal.destroy()
    }
  })

  it('a command that succeeds reports nothing', async () => {
    const { modal, telemetry } = aModal({ disconnect: () => Promise.resolve(), switchNetwork: () => Promise.resolve() })
    try {
      await modal.disconnect()
      await modal.switchNetwork('eip155:31337')
      expect(telemetry.reported).toEqual([])
    } finally {
      modal.destroy()
    }
  })
})

describe('the default Telemetry binding', () => {
  it('loads its adapter on the first report and posts the error to /e of the analytics service', async () => {
    const posts: { url: string; props: unknown }[] = []
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      posts.push({ url: String(input), props: (JSON.parse(String(init?.body)) as { props: unknown }).props })
      return Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }))
    })
    const container = createContainer(parseConfig(aModalConfig({ services: { analytics: 'http://127.0.0.1:8899' } })), (c) =>
      c.rebind(Logger).toConstantValue({ debug() {}, warn() {}, error() {} }),
    )
    const error = new TypeError('Boom')
    await expect(container.get(Telemetry).reportError(error)).resolves.toBe('sent')
    expect(posts).toHaveLength(1)
    expect(new URL(posts[0]!.url).origin + new URL(posts[0]!.url).pathname).toBe('http://127.0.0.1:8899/e')
    expect(posts[0]!.props).toEqual({ type: 'ERROR', name: 'TypeError', message: 'Boom', stack: error.stack })
  })
})
