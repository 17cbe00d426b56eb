import { describe, expect, it } from 'vitest'
import { createRouter, goBack, goBackTo, push, replace, reset } from '../../../../src/domain/navigation/router'

describe('router', () => {
  it('starts on Connect with one history entry', () => {
    const r = createRouter()
    expect(r.view).toBe('Connect')
    expect(r.history).toEqual([{ view: 'Connect' }])
  })

  it('push adds an entry and makes it current, carrying its data', () => {
    const r = push(createRouter('Account'), 'ConnectingExternal', { email: 'a@b.co' })
    expect(r.view).toBe('ConnectingExternal')
    expect(r.data).toEqual({ email: 'a@b.co' })
    expect(r.history.map((e) => e.view)).toEqual(['Account', 'ConnectingExternal'])
  })

  it('pushing the current view is a no-op', () => {
    const r = push(createRouter('Account'), 'Networks')
    expect(push(r, 'Networks')).toBe(r)
    expect(push(r, 'Networks').history).toHaveLength(2)
  })

  it('goBack pops the history', () => {
    const r = push(push(createRouter('Account'), 'Networks'), 'Send')
    const back = goBack(r)
    expect(back.closed).toBe(false)
    expect(back.state.view).toBe('Networks')
    expect(back.state.history).toHaveLength(2)
  })

  it('goBack with one entry closes the modal and leaves the router unchanged', () => {
    const r = createRouter('Account')
    const back = goBack(r)
    expect(back.closed).toBe(true)
    expect(back.state).toBe(r)
  })

  it('goBack restores the data of the entry it returns to', () => {
    const r = push(push(createRouter('Connect'), 'ConnectingWalletConnect', { network: 'eip155:1' }), 'WhatIsAWallet')
    expect(goBack(r).state.data).toEqual({ network: 'eip155:1' })
  })

  it('replace swaps the current entry and keeps the length', () => {
    const r = replace(push(createRouter('Account'), 'Send'), 'SendPreview')
    expect(r.view).toBe('SendPreview')
    expect(r.history.map((e) => e.view)).toEqual(['Account', 'SendPreview'])
  })

  it('reset leaves a single entry', () => {
    const r = reset(push(push(createRouter('Account'), 'Send'), 'SendPreview'), 'Connect')
    expect(r.view).toBe('Connect')
    expect(r.history).toEqual([{ view: 'Connect' }])
  })

  it('goBackTo returns to the latest entry of a view, or stays when absent', () => {
    const r = push(push(push(createRouter('Account'), 'Swap'), 'SwapSelectToken'), 'SwapPreview')
    expect(goBackTo(r, 'Swap').history.map((e) => e.view)).toEqual(['Account', 'Swap'])
    expect(goBackTo(r, 'OnRamp')).toBe(r)
  })

  it('never mutates its input', () => {
    const r = push(createRouter('Account'), 'Send')
    const snapshot = JSON.stringify(r)
    push(r, 'SendPreview')
    replace(r, 'Swap')
    goBack(r)
    reset(r, 'Connect')
    expect(JSON.stringify(r)).toBe(snapshot)
  })
})
