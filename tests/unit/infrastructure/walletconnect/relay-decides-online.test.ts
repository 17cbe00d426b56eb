/**
 * The relayer's online check handed to the relay: the browser's offline flag no longer refuses an
 * attempt, and a session restored while the browser said offline gets its connection at once.
 * (The e2e "the browser believes it is offline" test runs it against the real SDK and relay.)
 */
import { describe, expect, it } from 'vitest'
import { relayDecidesOnline } from '../../../../src/infrastructure/wallets/walletconnect/relay-decides-online'

function aRelayer(state: { connected?: boolean; connecting?: boolean; open?: () => Promise<void> } = {}) {
  const relayer = {
    connected: state.connected ?? false,
    connecting: state.connecting ?? false,
    opens: 0,
    confirmOnlineStateOrThrow: (): Promise<void> =>
      Promise.reject(new Error('No internet connection detected. Please restart your network and try again.')),
    transportOpen(): Promise<void> {
      relayer.opens++
      return state.open?.() ?? Promise.resolve()
    },
  }
  return relayer
}

describe('relayDecidesOnline', () => {
  it('lets every attempt through the online check, and undoes that on request', async () => {
    const relayer = aRelayer()
    const original = relayer.confirmOnlineStateOrThrow
    const undo = relayDecidesOnline(relayer, true, () => undefined)
    await expect(relayer.confirmOnlineStateOrThrow()).resolves.toBeUndefined()
    undo()
    expect(relayer.confirmOnlineStateOrThrow).toBe(original)
    await expect(relayer.confirmOnlineStateOrThrow()).rejects.toThrow(/No internet connection/)
  })

  it('opens the connection the check refused at start only when the browser says offline and none is open or opening', () => {
    const offline = aRelayer()
    relayDecidesOnline(offline, true, () => undefined)
    expect(offline.opens).toBe(1)

    const online = aRelayer()
    relayDecidesOnline(online, false, () => undefined)
    expect(online.opens).toBe(0)

    const connected = aRelayer({ connected: true })
    relayDecidesOnline(connected, true, () => undefined)
    expect(connected.opens).toBe(0)

    const connecting = aRelayer({ connecting: true })
    relayDecidesOnline(connecting, true, () => undefined)
    expect(connecting.opens).toBe(0)
  })

  it('reports an open that fails (the relay unreachable) instead of leaving it unhandled', async () => {
    const failure = new Error("Couldn't establish socket connection to the relay server: ws://127.0.0.1:1")
    const relayer = aRelayer({ open: () => Promise.reject(failure) })
    const heard: unknown[] = []
    relayDecidesOnline(relayer, true, (e) => heard.push(e))
    await Promise.resolve()
    await Promise.resolve()
    expect(heard).toEqual([failure])
  })
})
