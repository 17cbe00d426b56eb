import { afterEach, describe, expect, it, vi } from 'vitest'

class FakeSheet {
  text = ''
  replaceSync(text: string): void {
    this.text = text
  }
}

function fakeRoot(shell: FakeSheet[]) {
  return { adoptedStyleSheets: [...shell] } as unknown as ShadowRoot & { adoptedStyleSheets: FakeSheet[] }
}

async function freshModule() {
  vi.resetModules()
  vi.stubGlobal('CSSStyleSheet', FakeSheet)
  return import('../../../../src/presentation/styles/area-styles')
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("an area's stylesheet", () => {
  it('is adopted by every mounted modal once, after the shell sheets, and by a modal mounted later', async () => {
    const { adoptAreaStyles, registerStyleRoot } = await freshModule()
    const shell = [new FakeSheet()]
    const first = fakeRoot(shell)
    const second = fakeRoot(shell)
    registerStyleRoot(first)
    registerStyleRoot(second)
    adoptAreaStyles('.wg-account-header{}')
    adoptAreaStyles('.wg-account-header{}')
    for (const root of [first, second]) {
      expect(root.adoptedStyleSheets.map((s) => s.text)).toEqual(['', '.wg-account-header{}'])
    }
    const later = fakeRoot(shell)
    registerStyleRoot(later)
    expect(later.adoptedStyleSheets.map((s) => s.text)).toEqual(['', '.wg-account-header{}'])
  })

  it('is not pushed into a modal that was unmounted', async () => {
    const { adoptAreaStyles, registerStyleRoot } = await freshModule()
    const root = fakeRoot([])
    const release = registerStyleRoot(root)
    release()
    adoptAreaStyles('.wg-send-form{}')
    expect(root.adoptedStyleSheets).toEqual([])
  })
})
