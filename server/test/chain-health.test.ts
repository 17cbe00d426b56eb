/**
 * /readyz reports each configured chain: an eip155 RPC that names its own chain is `ok`, one that
 * names another is `wrong chain`, one that does not answer is `unreachable` (the next URL is tried
 * first); a Solana network must say `getHealth` ok, a Bitcoin one give its Esplora tip height;
 * another namespace is `unchecked`; the replica is then `degraded` for those chains only, and
 * none of them makes a replica with a good database unready.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../src/db/database.js'
import { migratedDatabase, serverWithProject } from './support.js'

/** A JSON-RPC endpoint that answers eth_chainId with `chainIdHex`. */
function rpc(chainIdHex: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: chainIdHex }))
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })))
}

let db: Database
let app: FastifyInstance
const servers: Server[] = []

beforeAll(async () => {
  const one = await rpc('0x1')
  const other = await rpc('0xa')
  const healthy = await rpc('ok')
  // An Esplora API: its tip height.
  const esplora = createServer((request, response) => response.end(request.url === '/api/blocks/tip/height' ? '840000' : 'not found'))
  await new Promise<void>((resolve) => esplora.listen(0, '127.0.0.1', resolve))
  const esploraUrl = `http://127.0.0.1:${(esplora.address() as AddressInfo).port}/api`
  servers.push(one.server, other.server, healthy.server, esplora)
  // A port nobody listens on: the closed server's.
  const gone = await rpc('0x1')
  await new Promise<void>((resolve) => gone.server.close(() => resolve()))
  db = await migratedDatabase()
  ;({ app } = await serverWithProject(db, {
    chains: [
      { id: 'eip155:1', rpcUrls: [gone.url, one.url] },
      { id: 'eip155:10', rpcUrls: [one.url] },
      { id: 'eip155:8453', rpcUrls: [gone.url] },
      { id: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', rpcUrls: [gone.url, healthy.url] },
      { id: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', rpcUrls: [other.url] },
      { id: 'bip122:000000000019d6689c085ae165831e93', rpcUrls: [esploraUrl] },
      { id: 'cosmos:cosmoshub-4', rpcUrls: [one.url] },
    ],
  }))
}, 60_000)
afterAll(async () => {
  await app?.close()
  await db?.close()
  for (const server of servers) server.close()
})

describe('/readyz', () => {
  it("reports each configured chain, and stays ready on a good database whatever the chains' state", async () => {
    const ready = await app.inject('/readyz')
    expect(ready.statusCode).toBe(200)
    expect(ready.json().chains).toEqual([
      { id: 'eip155:1', status: 'ok' },
      { id: 'eip155:10', status: 'wrong chain' },
      { id: 'eip155:8453', status: 'unreachable' },
      { id: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', status: 'ok' },
      // A node that is not healthy (here: not Solana at all).
      { id: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', status: 'unreachable' },
      { id: 'bip122:000000000019d6689c085ae165831e93', status: 'ok' },
      { id: 'cosmos:cosmoshub-4', status: 'unchecked' },
    ])
    // Degraded for those chains only: the replica stays in the load balancer.
    expect(ready.json()).toMatchObject({ status: 'degraded', degraded: ['eip155:10', 'eip155:8453', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'] })
  })
})
