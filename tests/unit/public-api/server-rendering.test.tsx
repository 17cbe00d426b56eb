import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderToString } from 'react-dom/server'
import { aModalConfig } from '../../builders/config'

// navigator is left out: zod feature-detects with `typeof navigator`, which is harmless on a server.
const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'indexedDB'] as const

describe('server rendering', () => {
  const touched: string[] = []

  afterEach(() => {
    for (const name of BROWSER_GLOBALS) Reflect.deleteProperty(globalThis, name)
    vi.resetModules()
  })

  function trapBrowserGlobals() {
    for (const name of BROWSER_GLOBALS) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          touched.push(name)
          return undefined
        },
      })
    }
  }

  it('imports, creates a modal and renders <ConnectButton> without touching window, document or storage', async () => {
    vi.resetModules()
    trapBrowserGlobals()
    const { createWalletModal } = await import('../../../src/index')
    const { WalletModalProvider, ConnectButton } = await import('../../../src/react')
    const modal = createWalletModal(aModalConfig())
    modal.getState()
    const html = renderToString(
      <WalletModalProvider modal={modal}>
        <ConnectButton />
      </WalletModalProvider>,
    )
    expect(html).toContain('Connect Wallet')
    expect(html).toContain('data-testid="connect-button"')
    expect(touched).toEqual([])
  }, 20_000)
})
