/**
 * An attack on the server's history rows (server/src/chains/activity/nft-previews.ts): anyone can
 * deploy an ERC-721 whose `tokenURI` names a URL inside the host's network (a metadata service, a
 * cloud metadata address) and send a token to a visitor. Showing that visitor's Activity must not
 * make the server fetch it (a request forgery from inside the network), nor pass a script or a
 * plain-http image on to the modal: the row's preview stays empty.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PublicClient } from 'viem'
import { ChainNftPreviews } from '../../server/src/chains/activity/nft-previews.js'

let server: Server
let hits = 0
let inside = ''

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ image: 'data:image/svg+xml;base64,PHN2Zy8+' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  inside = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

/** A chain whose token answers `tokenURI` with what the attacker chose. */
function chainAnswering(uri: string): PublicClient {
  return { readContract: async () => uri } as unknown as PublicClient
}

const json = (meta: unknown) => `data:application/json;base64,${Buffer.from(JSON.stringify(meta)).toString('base64')}`

describe("an NFT whose metadata names a URL inside the host's network", () => {
  it('is not fetched, and its row shows no preview', async () => {
    const uris = [
      `${inside}/meta.json`,
      `${inside.replace('http:', 'https:')}/meta.json`,
      json({ image: `${inside}/image.png` }),
      json({ image: 'javascript:fetch("/")' }),
      `data:application/json,${encodeURIComponent(JSON.stringify({ image: `${inside}/image.svg` }))}`,
    ]
    for (const [i, uri] of uris.entries()) {
      const previews = new ChainNftPreviews({ client: () => chainAnswering(uri) })
      expect(await previews.preview({ chainId: 1, address: '0x1111111111111111111111111111111111111111', tokenId: BigInt(i) }), uri).toBe('')
    }
    // Give a stray request time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(hits).toBe(0)
  })

  it('an on-chain image is shown: the defence does not hide every preview', async () => {
    const image = 'data:image/svg+xml;base64,PHN2Zy8+'
    const previews = new ChainNftPreviews({ client: () => chainAnswering(json({ image })) })
    expect(await previews.preview({ chainId: 1, address: '0x1111111111111111111111111111111111111111', tokenId: 1n })).toBe(image)
  })
})
