import { describe, expect, it } from 'vitest'
import { DVT, DUSD, ETH, pickerWorld as world } from './token-picker-world'

describe('SwapTokenPicker', () => {
  it('opens for a side and lists the held tokens (most valuable first), then the popular ones not held', async () => {
    const w = world()
    await w.flow.start()
    w.picker.open('to')
    expect(w.modal.view).toBe('SwapSelectToken')
    await w.picker.start()
    const rows = w.rows()
    expect(rows.held.map((r) => r.symbol)).toEqual(['ETH', 'dUSD'])
    expect(rows.results.map((r) => r.symbol)).toEqual(['DVT'])
    expect(rows.quick.map((r) => r.symbol)).toEqual(['ETH', 'dUSD', 'DVT'])
    expect(rows.current).toBe(DUSD)
  })

  it('searches once typing pauses, only for the last text, and narrows the held tokens at once', async () => {
    const w = world()
    await w.flow.start()
    w.picker.open('to')
    await w.picker.start()
    const before = w.api.calls.filter((c) => c === 'searchSwapTokens').length
    w.picker.setQuery('d')
    w.picker.setQuery('dv')
    expect(w.picker.snapshot.search).toEqual({ status: 'loading', query: 'dv' })
    expect(w.rows().held).toEqual([])
    await w.settle()
    expect(w.api.calls.filter((c) => c === 'searchSwapTokens').length - before).toBe(1)
    expect(w.rows().results.map((r) => r.symbol)).toEqual(['DVT'])
    w.picker.setQuery('usd')
    expect(w.rows().held.map((r) => r.symbol)).toEqual(['dUSD'])
  })

  it('picks for the side that opened it and goes back to Swap with the amount kept', async () => {
    const w = world()
    await w.flow.start()
    w.flow.setAmount('1.5')
    w.picker.open('to')
    await w.picker.start()
    w.picker.pick(w.rows().results[0]!)
    expect(w.flow.snapshot.to).toBe(DVT)
    expect(w.flow.snapshot.from).toBe(ETH)
    expect(w.flow.snapshot.amount).toBe('1.5')
    expect(w.modal.view).toBe('Swap')
    expect(w.modal.history).toEqual(['Account', 'Swap'])
  })

  it("swaps the sides when the other side's token is picked", async () => {
    const w = world()
    await w.flow.start()
    const { from, to } = w.flow.snapshot
    w.picker.open('from')
    w.picker.pick(w.rows().held.find((r) => r.address === to)!)
    expect(w.flow.snapshot.from).toBe(to)
    expect(w.flow.snapshot.to).toBe(from)
  })

  it('finds a pasted address and says so of an address no token is at', async () => {
    const w = world()
    await w.flow.start()
    w.picker.open('to')
    w.picker.setQuery(` ${DVT.split(':')[2]!.toLowerCase()} `)
    await w.settle()
    expect(w.rows().results.map((r) => r.address)).toEqual([DVT])
    expect(w.rows().unknownAddress).toBe(false)
    w.picker.setQuery('0x000000000000000000000000000000000000dEaD')
    expect(w.rows().unknownAddress).toBe(false)
    await w.settle()
    expect(w.rows().unknownAddress).toBe(true)
    w.picker.setQuery('zzz')
    await w.settle()
    expect(w.rows().unknownAddress).toBe(false)
  })

  it('shows a failed search as an error and finds on retry', async () => {
    const w = world()
    await w.flow.start()
    w.picker.open('to')
    w.api.failNext('searchSwapTokens', new Error('offline'))
    w.picker.setQuery('dvt')
    await w.settle()
    expect(w.picker.snapshot.search).toMatchObject({ status: 'error', error: { code: 'swap.searchFailed' } })
    w.picker.retry()
    await w.settle()
    expect(w.rows().results.map((r) => r.symbol)).toEqual(['DVT'])
  })

  it('with nothing connected asks for a wallet; opened from a host page, a pick lands on Swap', async () => {
    const none = world({ connected: false, openedOn: 'host' })
    await none.picker.start()
    expect(none.picker.snapshot.needsAccount).toBe(true)

    const w = world({ openedOn: 'host' })
    await w.picker.start()
    expect(w.picker.snapshot.needsAccount).toBe(false)
    w.picker.pick(w.rows().results[0]!)
    expect(w.flow.snapshot.to).toBe(DVT)
    expect(w.modal.view).toBe('Swap')
    expect(w.modal.history).toEqual(['Swap'])
  })
})
