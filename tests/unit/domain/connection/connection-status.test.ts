import { describe, expect, it } from 'vitest'
import {
  INITIAL_CONNECTION_STATE,
  nextConnectionState,
  type ConnectionEvent,
  type ConnectionMachineState,
} from '../../../../src/domain/connection/connection-status'

const desktop = { isSafariIos: false, isTelegram: false }
const safariIos = { isSafariIos: true, isTelegram: false }
const telegram = { isSafariIos: false, isTelegram: true }

function run(events: ConnectionEvent[]): ConnectionMachineState {
  return events.reduce(nextConnectionState, INITIAL_CONNECTION_STATE)
}

describe('connection status machine', () => {
  it('starts disconnected', () => {
    expect(INITIAL_CONNECTION_STATE.status).toBe('disconnected')
  })

  it('is connecting while a connect request is in flight, then connected', () => {
    const connecting = run([{ type: 'CONNECT_REQUESTED', path: 'injected', platform: desktop }])
    expect(connecting.status).toBe('connecting')
    expect(nextConnectionState(connecting, { type: 'CONNECT_RESOLVED' }).status).toBe('connected')
  })

  it('returns to disconnected when the request fails', () => {
    expect(
      run([{ type: 'CONNECT_REQUESTED', path: 'walletConnect', platform: desktop }, { type: 'CONNECT_FAILED' }]).status,
    ).toBe('disconnected')
  })

  it.each([
    ['Safari iOS', safariIos],
    ['Telegram', telegram],
  ])('on %s the WalletConnect path stays connecting until the pairing completes', (_name, platform) => {
    const resolved = run([{ type: 'CONNECT_REQUESTED', path: 'walletConnect', platform }, { type: 'CONNECT_RESOLVED' }])
    expect(resolved.status).toBe('connecting')
    expect(nextConnectionState(resolved, { type: 'PAIRING_COMPLETED' }).status).toBe('connected')
  })

  it('on Safari iOS an injected wallet connects without waiting for a pairing', () => {
    expect(
      run([{ type: 'CONNECT_REQUESTED', path: 'injected', platform: safariIos }, { type: 'CONNECT_RESOLVED' }]).status,
    ).toBe('connected')
  })

  it('disconnect always returns to disconnected', () => {
    expect(
      run([
        { type: 'CONNECT_REQUESTED', path: 'injected', platform: desktop },
        { type: 'CONNECT_RESOLVED' },
        { type: 'DISCONNECTED' },
      ]),
    ).toEqual(INITIAL_CONNECTION_STATE)
  })

  it('ignores stray events outside connecting', () => {
    expect(run([{ type: 'CONNECT_RESOLVED' }]).status).toBe('disconnected')
    expect(run([{ type: 'PAIRING_COMPLETED' }]).status).toBe('disconnected')
    const connected = run([{ type: 'ACCOUNT_RESTORED' }])
    expect(connected.status).toBe('connected')
    expect(nextConnectionState(connected, { type: 'CONNECT_FAILED' }).status).toBe('connected')
  })
})
