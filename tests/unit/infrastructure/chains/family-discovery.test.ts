// @vitest-environment jsdom
/**
 * The shared discovery of the bip122, polkadot and cosmos wings on a real page: wallets that
 * inject themselves late are found by the rescans, and a page object that starts throwing later
 * leaves the list as it was instead of throwing from a timer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Connector } from '../../../../src/domain/entities'
import { polkadot } from '../../../../src/infrastructure/chains/polkadot/wing'
import { cosmos } from '../../../../src/infrastructure/chains/cosmos/wing'

const page = window as unknown as Record<string, unknown>

afterEach(() => {
  vi.useRealTimers()
  delete page.injectedWeb3
  delete page.keplr
})

describe('family discovery on the page', () => {
  it('finds a Polkadot extension injected after mount on a rescan', async () => {
    vi.useFakeTimers()
    const lists: string[][] = []
    await polkadot.watch({}, (list: Connector[]) => lists.push(list.map((c) => c.id)))
    expect(lists.at(-1)).toEqual([])
    page.injectedWeb3 = { talisman: { enable: () => Promise.resolve({}) } }
    vi.advanceTimersByTime(1000)
    expect(lists.at(-1)).toEqual(['talisman'])
  })

  it('keeps the list when a global starts throwing, and no timer throws', async () => {
    vi.useFakeTimers()
    let hostile = false
    Object.defineProperty(page, 'injectedWeb3', {
      configurable: true,
      get: () => {
        if (hostile) throw new Error('hostile')
        return { talisman: { enable: () => Promise.resolve({}) } }
      },
    })
    const lists: string[][] = []
    await polkadot.watch({}, (list: Connector[]) => lists.push(list.map((c) => c.id)))
    expect(lists).toEqual([['talisman']])
    hostile = true
    expect(() => vi.advanceTimersByTime(3000)).not.toThrow()
    expect(lists).toEqual([['talisman']])
  })

  it('a hostile Keplr-style global is left out', async () => {
    Object.defineProperty(page, 'keplr', {
      configurable: true,
      get: () => {
        throw new Error('hostile')
      },
    })
    const lists: string[][] = []
    await cosmos.watch({ root: () => page }, (list: Connector[]) => lists.push(list.map((c) => c.id)))
    expect(lists).toEqual([[]])
  })
})
