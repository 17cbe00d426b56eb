// @vitest-environment jsdom
import { act, cleanup, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Container } from 'inversify'
import type { ViewName } from '../../../../src/domain/navigation/views'
import { en } from '../../../../src/presentation/i18n/catalogue'

/**
 * English comes in parts: the shell's with the shell, every other area's with the module of the view
 * that shows it (src/presentation/i18n/english.ts). Each view is drawn here first thing in a fresh
 * module graph (so no other view has brought its texts before it), in English with no host words,
 * disconnected and connected: a key on screen, or a text the view left empty, means its texts did
 * not come with it.
 */

const KEYS = new Set(Object.keys(en).flatMap((key) => [key, key.split('#')[0] ?? key]))
const ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt']

afterEach(cleanup)

/** Every text node or named attribute under `root` that is a catalogue key, or an empty label. */
export function rawKeys(root: ParentNode): string[] {
  const found: string[] = []
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const node of Array.from(element.childNodes)) {
      const text = node.nodeType === 3 ? (node.textContent ?? '').trim() : ''
      if (KEYS.has(text)) found.push(`<${element.tagName.toLowerCase()}> ${text}`)
    }
    for (const name of ATTRIBUTES) {
      const value = element.getAttribute(name)
      // An empty alt marks a picture as decoration, which is right.
      if (value !== null && (KEYS.has(value.trim()) || (name !== 'alt' && value.trim() === ''))) found.push(`<${element.tagName.toLowerCase()} ${name}> "${value}"`)
    }
  }
  return found
}

/** A modal built from modules loaded afresh: no view has been loaded yet, no area's English is here. */
async function freshModal() {
  vi.resetModules()
  const [
    { createWalletModal },
    { ModalStore },
    { ModuleLoader },
    { ConnectionStore },
    { Analytics },
    { KeyValueStorage },
    { Logger },
    { WalletCatalogue },
    { ChainFamilies },
    { FakeChainFamily, anAnnouncedConnector, familiesOf },
    { InMemoryAnalytics },
    { bindInMemoryBlockchainService },
    { InMemoryWalletCatalogue },
    { aNativeBalance },
    { aModalConfig },
    { MemoryStorage, RecordingLogger },
    { hasEnglish },
  ] = await Promise.all([
    import('../../../../src/index'),
    import('../../../../src/application/modal-store'),
    import('../../../../src/composition/module-loader'),
    import('../../../../src/application/connection-store'),
    import('../../../../src/ports/analytics'),
    import('../../../../src/ports/key-value-storage'),
    import('../../../../src/ports/logger'),
    import('../../../../src/ports/wallet-catalogue'),
    import('../../../../src/ports/chain-family'),
    import('../../../fakes/fake-chain-family'),
    import('../../../fakes/in-memory-analytics'),
    import('../../../fakes/blockchain/in-memory-blockchain-service'),
    import('../../../fakes/in-memory-wallet-catalogue'),
    import('../../../builders/a-token-balance'),
    import('../../../builders/config'),
    import('../../application/connection/world'),
    import('../../../../src/presentation/i18n/english'),
  ])
  const wallets = new FakeChainFamily()
  wallets.add(anAnnouncedConnector())
  let container: Container | undefined
  const modal = createWalletModal(aModalConfig({ locale: 'en' }), {
    overrides: (c) => {
      c.rebind(ChainFamilies).toConstantValue(familiesOf(wallets))
      c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
      c.rebind(KeyValueStorage).toConstantValue(new MemoryStorage())
      c.rebind(Logger).toConstantValue(new RecordingLogger())
      c.bind(WalletCatalogue).toConstantValue(new InMemoryWalletCatalogue())
      bindInMemoryBlockchainService(c, {
          supportedChains: ['eip155:31337'],
          balances: { [`eip155:31337:${wallets.address}`]: [aNativeBalance({ value: 3750.5, quantity: { decimals: '18', numeric: '1.5002' } })] },
        })
      container = c
    },
  })
  if (container === undefined) throw new Error('overrides not called')
  const world = container
  const element = document.createElement('div')
  document.body.append(element)
  await act(() => modal.mount(element))
  const shadow = element.querySelector('[data-walletgate]')?.shadowRoot
  if (shadow === null || shadow === undefined) throw new Error('no shadow root')
  return {
    modal,
    shadow,
    hasEnglish,
    store: world.get(ModalStore),
    loadFeatures: () => world.get(ModuleLoader).load('account'),
    connect: () => world.get(ModuleLoader).load('connectFlow').then((flow) => flow.connect(wallets.connectors[0]?.id ?? '')),
    connected: () => world.get(ConnectionStore).snapshot.status === 'connected',
  }
}

async function draw(view: ViewName, fresh: Awaited<ReturnType<typeof freshModal>>): Promise<string[]> {
  await act(async () => fresh.store.reset(view))
  await waitFor(() => expect(fresh.shadow.querySelector(`[data-testid="view-${view}"], [data-testid="view-error"]`)).not.toBeNull(), { timeout: 60_000 })
  await act(async () => {})
  expect(fresh.shadow.querySelector('[data-testid="view-error"]'), `${view} failed to draw`).toBeNull()
  // The header's title came with the view too (it redraws when the view's English arrives).
  const title = (en as Record<string, string | undefined>)[`title.${view}`]
  const shown = fresh.shadow.querySelector('.wg-title')?.textContent
  return [...rawKeys(fresh.shadow), ...(title === undefined || shown === title ? [] : [`title "${shown}", not "${title}"`])]
}

describe('each view brings the English of its texts', () => {
  it('finds a key on screen and an empty label (the check itself can fail)', () => {
    const root = document.createElement('div')
    root.innerHTML = '<p>shell.close</p><p>Close</p><button aria-label="">x</button><button aria-label="Back">x</button>'
    expect(rawKeys(root)).toEqual(['<p> shell.close', '<button aria-label> ""'])
  })

  it('starts with only the shell\'s English: the other areas are not loaded before a view is', async () => {
    const fresh = await freshModal()
    expect([fresh.hasEnglish('shell.close'), fresh.hasEnglish('connect.getWallet'), fresh.hasEnglish('title.Connect')]).toEqual([true, true, true])
    // (The shared components' English is here too in this unbundled graph: the components' index
    // loads them all. A bundle leaves them out of the shell; scripts/size-budget.mjs counts what it holds.)
    expect([fresh.hasEnglish('send.send'), fresh.hasEnglish('title.ConnectingExternal'), fresh.hasEnglish('error.INSUFFICIENT_FUNDS')]).toEqual([false, false, false])
    fresh.modal.destroy()
  }, 60_000) // a fresh module graph: every module transformed again, many seconds on a cold cache or a busy box

  it('draws each registered view first thing in a fresh module graph, disconnected and connected, with no key on screen', async () => {
    const { VIEWS } = await import('../../../../src/presentation/views/registry')
    const views = Object.keys(VIEWS) as ViewName[]
    expect(views.length).toBeGreaterThan(10)
    const problems: Record<string, string[]> = {}
    for (const view of views) {
      const fresh = await freshModal()
      await act(() => fresh.loadFeatures().then(() => undefined))
      const disconnected = await draw(view, fresh)
      await act(async () => {
        await fresh.connect()
      })
      expect(fresh.connected()).toBe(true)
      const connected = await draw(view, fresh)
      fresh.modal.destroy()
      if (disconnected.length + connected.length > 0) problems[view] = [...disconnected, ...connected]
    }
    expect(problems).toEqual({})
  }, 600_000)
})

describe('English growing redraws the modals only when a text they drew was missing', () => {
  it('a part nobody asked for yet (the social buttons\' on Connect) redraws nothing; one with a text that was missing (a view\'s title) does', async () => {
    vi.resetModules()
    const { addEnglish, englishText, redraw, subscribeEnglish } = await import('../../../../src/presentation/i18n/english')
    const redraws = vi.fn()
    subscribeEnglish(redraws)
    addEnglish({ 'shell.close': 'Close' })
    expect(englishText('shell.close')).toBe('Close')
    addEnglish({ 'social.more': 'More' })
    expect(redraws).not.toHaveBeenCalled()

    // The header asked for a title whose view's chunk is on its way: the next part redraws.
    expect(englishText('title.Networks')).toBeUndefined()
    addEnglish({ 'networks.search': 'Search' })
    expect(redraws).toHaveBeenCalledTimes(1)
    // That redraw asked again and still missed it: the part with the title redraws once more.
    expect(englishText('title.Networks')).toBeUndefined()
    addEnglish({ 'title.Networks': 'Networks' })
    expect(redraws).toHaveBeenCalledTimes(2)
    // Drawn again with it: nothing is missing any more.
    expect(englishText('title.Networks')).toBe('Networks')
    addEnglish({ 'swap.title': 'Swap' })
    expect(redraws).toHaveBeenCalledTimes(2)

    // A failure whose words are not here yet (its area's chunk on its way) redraws when they come.
    expect(englishText('send.insufficient')).toBeUndefined()
    addEnglish({ 'send.insufficient': 'Not enough funds.' })
    expect(redraws).toHaveBeenCalledTimes(3)
    // A language that arrived redraws whatever was drawn.
    redraw()
    expect(redraws).toHaveBeenCalledTimes(4)
  })
})
