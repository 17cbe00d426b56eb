// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Container } from 'inversify'
import { BehaviorSubject } from 'rxjs'
import type { EmbeddedSession } from '../../../../src/application/embedded-wallet/embedded-session'
import { EmbeddedSessionToken } from '../../../../src/application/embedded-wallet/tokens'
import { DiProvider } from '../../../../src/presentation/di-context'
import { I18nProvider } from '../../../../src/presentation/i18n/i18n'
import { EmbeddedAccountType } from '../../../../src/presentation/views/account/EmbeddedAccountType'
import { EmbeddedEmail } from '../../../../src/presentation/views/account/EmbeddedEmail'
import { createWalletModal, type WalletModal } from '../../../../src/index'
import { ModalStore } from '../../../../src/application/modal-store'
import { ModuleLoader } from '../../../../src/composition/module-loader'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { aNativeBalance, aTokenBalance } from '../../../builders/a-token-balance'
import type { ViewName } from '../../../../src/domain/navigation/views'
import { Analytics } from '../../../../src/ports/analytics'
import { KeyValueStorage } from '../../../../src/ports/key-value-storage'
import { Logger } from '../../../../src/ports/logger'
import { WalletCatalogue } from '../../../../src/ports/wallet-catalogue'
import { ChainFamilies } from '../../../../src/ports/chain-family'
import { en } from '../../../../src/presentation/i18n/catalogue'
import { VIEWS } from '../../../../src/presentation/views/registry'
import { FakeChainFamily, anAnnouncedConnector, familiesOf } from '../../../fakes/fake-chain-family'
import { InMemoryAnalytics } from '../../../fakes/in-memory-analytics'
import { bindInMemoryBlockchainService } from '../../../fakes/blockchain/in-memory-blockchain-service'
import { InMemoryWalletCatalogue } from '../../../fakes/in-memory-wallet-catalogue'
import { aModalConfig } from '../../../builders/config'
import { createTestContainer } from '../../../support/test-container'
import { MemoryStorage, RecordingLogger } from '../../application/connection/world'

/**
 * Every view drawn in a pseudo-language that wraps each text of the catalogue in ⟦…⟧ (through the
 * per-string overrides a host has). A text on screen that is not wrapped did not come from the
 * catalogue: the test names it. Data (wallet, network and token names, addresses, amounts) is
 * marked `data-i18n-data` and exempt. The views come from the registry, so a view added later is
 * covered without touching this test.
 */

const OPEN = '⟦'
const CLOSE = '⟧'
const PSEUDO = Object.fromEntries(Object.entries(en).map(([key, text]) => [key, `${OPEN}${text}${CLOSE}`]))
const LETTER = /\p{L}/u
const ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt']

afterEach(cleanup)

/** Letters outside every ⟦…⟧ of `text`. */
function unwrapped(text: string): string | undefined {
  // Innermost first: a text may hold another as a value ("⟦Switch to ⟦the network⟧⟧").
  let outside = text
  for (let inner = outside.replace(/⟦[^⟦⟧]*⟧/g, ''); inner !== outside; inner = outside.replace(/⟦[^⟦⟧]*⟧/g, '')) outside = inner
  return LETTER.test(outside) ? text.trim() : undefined
}

/** Every text (and named attribute) under `root` that is neither from the catalogue nor data. */
function foreignTexts(root: ParentNode): string[] {
  const found: string[] = []
  for (const element of Array.from(root.querySelectorAll('*'))) {
    if (element.closest('[data-i18n-data]') !== null || element.closest('svg') !== null) continue
    const own = Array.from(element.childNodes)
      .filter((node) => node.nodeType === 3)
      .map((node) => node.textContent ?? '')
      .join('')
    const text = unwrapped(own)
    if (text !== undefined) found.push(`<${element.tagName.toLowerCase()}> ${text}`)
    for (const name of ATTRIBUTES) {
      const value = element.getAttribute(name)
      const bad = value === null ? undefined : unwrapped(value)
      if (bad !== undefined) found.push(`<${element.tagName.toLowerCase()} ${name}> ${bad}`)
    }
  }
  return found
}

async function pseudoModal(
  config: Partial<Parameters<typeof aModalConfig>[0]> = {},
): Promise<{ modal: WalletModal; container: Container; shadow: ShadowRoot; wallets: FakeChainFamily }> {
  const wallets = new FakeChainFamily()
  wallets.add(anAnnouncedConnector())
  let container: Container | undefined
  const modal = createWalletModal(aModalConfig({ locale: 'en', messages: PSEUDO, ...config }), {
    overrides: (c) => {
      c.rebind(ChainFamilies).toConstantValue(familiesOf(wallets))
      c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
      c.rebind(KeyValueStorage).toConstantValue(new MemoryStorage())
      c.rebind(Logger).toConstantValue(new RecordingLogger())
      c.bind(WalletCatalogue).toConstantValue(new InMemoryWalletCatalogue())
      bindInMemoryBlockchainService(c, {
          supportedChains: ['eip155:31337'],
          balances: {
            [`eip155:31337:${wallets.address}`]: [
              aNativeBalance({ value: 3750.5, quantity: { decimals: '18', numeric: '1.5002' } }),
              aTokenBalance({ name: 'Devnet USD', symbol: 'dUSD', value: 10000, quantity: { decimals: '6', numeric: '10000' } }),
            ],
          },
        })
      container = c
    },
  })
  if (container === undefined) throw new Error('overrides not called')
  const element = document.createElement('div')
  document.body.append(element)
  await act(() => modal.mount(element))
  const shadow = element.querySelector('[data-walletgate]')?.shadowRoot
  if (shadow === null || shadow === undefined) throw new Error('no shadow root')
  return { modal, container, shadow, wallets }
}

describe('every text of every view comes from the catalogue', () => {
  it('finds a text that bypasses the catalogue (the check itself can fail)', () => {
    const root = document.createElement('div')
    root.innerHTML = `<p>${OPEN}Connect${CLOSE}</p><p>Hard-coded</p><bdi data-i18n-data="">0xabc</bdi><button aria-label="Close">×</button>`
    expect(foreignTexts(root)).toEqual(['<p> Hard-coded', '<button aria-label> Close'])
  })

  it('draws each registered view, disconnected and connected, in the pseudo-language with no unwrapped text', async () => {
    const { modal, container, shadow, wallets } = await pseudoModal()
    const store = container.get(ModalStore)
    // The account features first, as a connected visitor has them: the areas on top of them bind then.
    await act(() => container.get(ModuleLoader).load('account').then(() => undefined))
    const views = Object.keys(VIEWS) as ViewName[]
    expect(views.length).toBeGreaterThan(10)
    const disconnected = await drawEach(views, store, shadow)
    await act(async () => {
      const flow = await container.get(ModuleLoader).load('connectFlow')
      await flow.connect(wallets.connectors[0]?.id ?? '')
    })
    expect(container.get(ConnectionStore).snapshot.status).toBe('connected')
    const connected = await drawEach(views, store, shadow)
    modal.destroy()
    expect({ disconnected, connected }).toEqual({ disconnected: {}, connected: {} })
  }, 90_000)
})

describe('the shell\'s alert comes from the catalogue by its code', () => {
  it('draws the "Project ID Not Configured" alert in the pseudo-language, keyed alert.<CODE>', async () => {
    const { modal, container, shadow } = await pseudoModal({ projectId: undefined })
    await act(async () => container.get(ModalStore).reset('Connect'))
    await waitFor(() => expect(shadow.querySelector('[data-testid="alert"]')).not.toBeNull())
    expect(shadow.querySelector('[data-testid="alert"]')?.textContent).toBe(
      `${PSEUDO['alert.PROJECT_ID_NOT_CONFIGURED']} ${PSEUDO['alert.PROJECT_ID_NOT_CONFIGURED.long']}`,
    )
    modal.destroy()
  })
})

describe('the embedded wallet\'s parts of Account (email, social, smart account) come from the catalogue', () => {
  /** Draws them for a user and a smart-account status, as an AUTH connection shows them. */
  function drawEmbedded(user: { email?: string; socialProvider?: string; userName?: string }, deployed: boolean | null) {
    const session = {
      user$: new BehaviorSubject(user),
      smartAccount$: new BehaviorSubject(deployed === null ? null : { address: '0x5555555555555555555555555555555555555555', isDeployed: deployed }),
    }
    // The container's locale is the modal's: English with the pseudo catalogue as its messages.
    const container = createTestContainer(aModalConfig({ locale: 'en', messages: PSEUDO }), (c) =>
      c.rebind(EmbeddedSessionToken).toConstantValue(session as unknown as EmbeddedSession),
    )
    const { container: root } = render(
      <DiProvider container={container}>
        <I18nProvider>
          <EmbeddedEmail />
          <EmbeddedAccountType accountType={deployed === null ? 'eoa' : 'smartAccount'} />
        </I18nProvider>
      </DiProvider>,
    )
    return root
  }

  it.each([
    ['an email user with a smart account not deployed yet', { email: 'ada@example.com' }, false],
    ['a social user with a deployed smart account', { socialProvider: 'github', userName: 'ada' }, true],
    ['a social user without a username on the EOA', { socialProvider: 'google' }, null],
  ] as const)('%s', (_, user, deployed) => {
    const root = drawEmbedded(user, deployed)
    expect(root.textContent).toContain(OPEN)
    expect(foreignTexts(root)).toEqual([])
  })
})

/** Shows each view in turn; what each shows that is neither from the catalogue nor data. */
async function drawEach(views: readonly ViewName[], store: ModalStore, shadow: ShadowRoot): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = {}
  for (const view of views) {
    await act(async () => store.reset(view))
    // The view's own root (or the shell's failure notice) once its chunk and bindings are in.
    await waitFor(() => expect(shadow.querySelector(`[data-testid="view-${view}"], [data-testid="view-error"]`)).not.toBeNull(), {
      timeout: 15_000,
    })
    await act(async () => {})
    expect(shadow.querySelector('[data-testid="view-error"]'), `${view} failed to draw`).toBeNull()
    const found = foreignTexts(shadow)
    if (found.length > 0) problems[view] = found
  }
  return problems
}
