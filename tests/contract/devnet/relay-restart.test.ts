/**
 * A relay restart while clients are coming back: the listener must stop before the sockets are
 * dropped, or a client reconnecting during the close lands on the old listener, keeps it open and
 * the restart never finishes.
 */
import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { WebSocket } from 'ws'
import { startRelay, type RelayHandle } from '../../../devnet/src/relay'
import { freePort } from '../global-setup'

async function authToken(relayUrl: string): Promise<string> {
  const keyPair = generateKeyPair()
  return signJWT(randomBytes(32).toString('hex'), relayUrl, 86_400, keyPair)
}

/**
 * A client that completes the WebSocket upgrade and then never answers anything, not even the
 * close frame: the relay has to give up on it by itself, which keeps its close step open a while.
 */
async function stubbornClient(port: number, auth: string): Promise<Socket> {
  const socket = connect({ host: '127.0.0.1', port })
  socket.on('error', () => undefined)
  socket.write(
    [
      `GET /?auth=${encodeURIComponent(auth)} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  )
  await new Promise<void>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => (chunk.toString().startsWith('HTTP/1.1 101') ? resolve() : reject(new Error(chunk.toString()))))
  })
  return socket
}

/** Opens a WebSocket to the relay, trying again whenever the port refuses, until it is open. */
function connectUntilOpen(url: string, give: { up: boolean }): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const attempt = (): void => {
      if (give.up) return reject(new Error('gave up'))
      const socket = new WebSocket(url)
      socket.once('open', () => resolve(socket))
      socket.once('error', () => setImmediate(attempt))
    }
    attempt()
  })
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms)
    }),
  ])
}

let relay: RelayHandle | undefined
const sockets: { close(): void }[] = []

afterEach(async () => {
  for (const s of sockets.splice(0)) s.close()
  await relay?.stop()
  relay = undefined
})

describe('devnet relay restart', () => {
  it('finishes while a client reconnects during the close, and that client ends up on the new listener', async () => {
    const port = await freePort()
    relay = await startRelay({ port })
    const auth = await authToken(relay.url)
    const stubborn = await stubbornClient(port, auth)
    sockets.push({ close: () => stubborn.destroy() })
    expect(relay.connections()).toBe(1)

    const restarting = relay.restart()
    const give = { up: false }
    const comingBack = connectUntilOpen(`${relay.url}/?auth=${encodeURIComponent(auth)}`, give)
    try {
      await within(restarting, 5_000, 'the restart')
      const client = await within(comingBack, 5_000, 'the reconnect')
      sockets.push(client)
      // The stubborn socket was dropped; the client that came back is served by the new listener.
      expect(relay.connections()).toBe(1)
      const answer = new Promise<unknown>((resolve) => client.once('message', (data) => resolve(JSON.parse(String(data)))))
      client.send(JSON.stringify({ id: 7, jsonrpc: '2.0', method: 'irn_batchFetchMessages', params: { topics: [] } }))
      expect(await within(answer, 5_000, 'the answer')).toEqual({ id: 7, jsonrpc: '2.0', result: { messages: [], hasMore: false } })
      expect(stubborn.destroyed || stubborn.readableEnded).toBe(true)
    } finally {
      give.up = true
    }
  })
})
