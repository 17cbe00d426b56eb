/**
 * The image an ERC-721 transfer's row shows: the token's `tokenURI`, when the token keeps its
 * metadata on chain (a `data:application/json` URI), gives its `image`. The server fetches nothing a
 * token names: metadata off chain (`https:`, `ipfs:`) would make it fetch a URL anyone can put on a
 * chain, from inside the host's network, so such a token shows no preview. What a chain says is
 * anyone's words: an image is kept only when it is an `https:` URL or a raster or SVG `data:image`
 * URL within a bound (the modal checks it again before it shows it).
 */
import { erc721Abi, type Address, type PublicClient } from 'viem'
import { isContractAnswer } from './token-metadata.js'

/** The longest token URI read (the metadata JSON with its image inline). */
export const MAX_TOKEN_URI_LENGTH = 200_000
/** The longest image URL kept. */
export const MAX_PREVIEW_URL_LENGTH = 100_000
const DEFAULT_CACHE_ENTRIES = 10_000

const JSON_DATA = /^data:application\/json(;[a-z0-9=.+-]+)*,/i
const DATA_IMAGE = /^data:image\/(png|jpeg|jpg|gif|webp|avif|svg\+xml)(;[a-z0-9=.+-]+)*,/i

/** The metadata JSON a `data:application/json` URI holds (base64 or percent-encoded); undefined for anything else. */
function inlineJson(uri: string): unknown {
  const head = JSON_DATA.exec(uri)
  if (!head) return undefined
  const body = uri.slice(head[0].length)
  try {
    const text = /;base64$/i.test(head[0].slice(0, -1)) ? Buffer.from(body, 'base64').toString('utf8') : decodeURIComponent(body)
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** The image of on-chain metadata `uri` when it is one to show; an empty string otherwise. */
export function previewOf(uri: unknown): string {
  if (typeof uri !== 'string' || uri.length > MAX_TOKEN_URI_LENGTH) return ''
  const meta = inlineJson(uri.trim())
  const image = typeof meta === 'object' && meta !== null ? (meta as { image?: unknown }).image : undefined
  if (typeof image !== 'string') return ''
  const value = image.trim()
  if (value.length > MAX_PREVIEW_URL_LENGTH) return ''
  if (DATA_IMAGE.test(value)) return value
  try {
    const url = new URL(value)
    return url.protocol === 'https:' ? url.href : ''
  } catch {
    return ''
  }
}

export interface ChainNftPreviewsOptions {
  /** The client of a chain the server reads; undefined for any other. */
  readonly client: (chainId: number) => PublicClient | undefined
  /** Previews kept at most (the oldest read goes first). */
  readonly maxEntries?: number
}

export class ChainNftPreviews {
  private readonly read = new Map<string, Promise<string>>()
  private readonly maxEntries: number

  constructor(private readonly options: ChainNftPreviewsOptions) {
    this.maxEntries = options.maxEntries ?? DEFAULT_CACHE_ENTRIES
  }

  /** The preview of one token; an empty string for none. A node that fails is not remembered. */
  preview(nft: { chainId: number; address: Address; tokenId: bigint }): Promise<string> {
    const key = `${nft.chainId}:${nft.address.toLowerCase()}:${nft.tokenId}`
    const known = this.read.get(key)
    if (known) return known
    const client = this.options.client(nft.chainId)
    if (!client) return Promise.resolve('')
    const reading = client.readContract({ address: nft.address, abi: erc721Abi, functionName: 'tokenURI', args: [nft.tokenId] }).then(previewOf, (error: unknown) => {
      // A token that reverts (burnt, or no tokenURI) has no preview; a node that fails may answer later.
      if (!isContractAnswer(error)) this.read.delete(key)
      return ''
    })
    if (this.read.size >= this.maxEntries) this.read.delete(this.read.keys().next().value!)
    this.read.set(key, reading)
    return reading
  }
}
