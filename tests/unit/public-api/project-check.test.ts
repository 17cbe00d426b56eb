// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createWalletModal } from '../../../src/index'
import { ALERT_ERRORS } from '../../../src/domain/messages'
import { Analytics } from '../../../src/ports/analytics'
import { ChainFamilies } from '../../../src/ports/chain-family'
import { HttpError, ServiceUnreachableError } from '../../../src/ports/http-errors'
import { KeyValueStorage } from '../../../src/ports/key-value-storage'
import { Logger } from '../../../src/ports/logger'
import { WalletCatalogue } from '../../../src/ports/wallet-catalogue'
import { WalletConnectPairings } from '../../../src/ports/wallet-connectors'
import { FakeChainFamily, familiesOf } from '../../fakes/fake-chain-family'
import { FakeWalletConnectPairings } from '../../fakes/fake-walletconnect-pairings'
import { InMemoryAnalytics } from '../../fakes/in-memory-analytics'
import { InMemoryKeyValueStorage } from '../../fakes/in-memory-key-value-storage'
import { InMemoryWalletCatalogue } from '../../fakes/in-memory-wallet-catalogue'
import { RecordingLogger } from '../../fakes/recording-logger'
import { aModalConfig } from '../../builders/config'

/**
 * Issue 41 item 12: a project id the service does not know, or a page its project does not allow,
 * is said when the visitor first opens the modal (never by a request at page load), in the words
 * that are true: "Project ID Not Configured" or "Invalid App Configuration".
 */
function aModal(catalogue: InMemoryWalletCatalogue, analytics = new InMemoryAnalytics()) {
  vi.stubGlobal('location', { ...window.location, hostname: 'localhost', origin: 'http://localhost:5173' })
  const modal = createWalletModal(aModalConfig({ projectId: 'no-such-project' }), {
    overrides: (c) => {
      c.rebind(ChainFamilies).toConstantValue(familiesOf(new FakeChainFamily()))
      c.rebind(Analytics).toConstantValue(analytics)
      c.rebind(KeyValueStorage).toConstantValue(new InMemoryKeyValueStorage())
      c.rebind(WalletConnectPairings).toConstantValue(new FakeWalletConnectPairings())
      c.rebind(Logger).toConstantValue(new RecordingLogger())
      c.bind(WalletCatalogue).toConstantValue(catalogue)
    },
  })
  return modal
}

const forbidden = () => new HttpError(new Response('{"message":"Invalid projectId"}', { status: 403 }), { message: 'Invalid projectId' })

afterEach(() => vi.unstubAllGlobals())

describe('the project, checked at the first open', () => {
  it('an unknown project id: nothing at page load, "Project ID Not Configured" at the first open', async () => {
    const catalogue = new InMemoryWalletCatalogue()
    catalogue.failNext('getAllowedOrigins', forbidden())
    const modal = aModal(catalogue)
    await modal.mount()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(catalogue.calls).not.toContain('getAllowedOrigins')
    expect(modal.getState().alert).toBeNull()

    await modal.open()
    await vi.waitFor(() => expect(modal.getState().alert?.shortMessage).toBe('Project ID Not Configured'))
    expect(modal.getState().alert).toEqual(ALERT_ERRORS.projectIdNotConfigured)
    modal.destroy()
  })

  it('a known project that does not list this origin: "Invalid App Configuration" at the first open', async () => {
    const catalogue = new InMemoryWalletCatalogue({ allowedOrigins: ['https://shop.example'] })
    const modal = aModal(catalogue)
    await modal.open()
    await vi.waitFor(() => expect(modal.getState().alert).toEqual(ALERT_ERRORS.invalidAppConfiguration))
    modal.destroy()
  })

  it('a project that lists this origin (by pattern) or lists none: no alert, and one check per modal', async () => {
    const catalogue = new InMemoryWalletCatalogue({ allowedOrigins: ['https://shop.example', 'http://localhost:*'] })
    const modal = aModal(catalogue)
    await modal.open()
    modal.close()
    await modal.open()
    await vi.waitFor(() => expect(catalogue.calls.filter((c) => c === 'getAllowedOrigins')).toHaveLength(1))
    expect(modal.getState().alert).toBeNull()
    modal.destroy()

    const empty = new InMemoryWalletCatalogue({ allowedOrigins: [] })
    const open = aModal(empty)
    await open.open()
    await vi.waitFor(() => expect(empty.calls).toContain('getAllowedOrigins'))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(open.getState().alert).toBeNull()
    open.destroy()
  })

  it('a service that cannot be reached says nothing about the project', async () => {
    const catalogue = new InMemoryWalletCatalogue()
    catalogue.failNext('getAllowedOrigins', new ServiceUnreachableError('http://127.0.0.1:1/projects/v1/origins', new TypeError('fetch failed')))
    const modal = aModal(catalogue)
    await modal.open()
    await vi.waitFor(() => expect(catalogue.calls).toContain('getAllowedOrigins'))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(modal.getState().alert).toBeNull()
    modal.destroy()
  })

  it('an analytics 403 for an unknown project says what is true: "Project ID Not Configured"', async () => {
    const catalogue = new InMemoryWalletCatalogue()
    catalogue.failNext('getAllowedOrigins', forbidden())
    const analytics = new InMemoryAnalytics()
    analytics.rejectWith403()
    const modal = aModal(catalogue, analytics)
    await modal.mount()
    await modal.open()
    void analytics.sendEvent({ event: 'SELECT_WALLET' })
    await vi.waitFor(() => expect(modal.getState().alert).toEqual(ALERT_ERRORS.projectIdNotConfigured))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(modal.getState().alert).toEqual(ALERT_ERRORS.projectIdNotConfigured)
    modal.destroy()
  })
})
