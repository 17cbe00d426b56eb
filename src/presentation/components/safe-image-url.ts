/**
 * Wallet metadata (EIP-6963 icons, catalogue answers) is untrusted. An image URL is used only when
 * it is a raster or SVG `data:image/...` URL, an `https:` URL, or comes from one of the configured
 * service origins (the wallet catalogue). Anything else (`javascript:`, `http:` elsewhere, relative
 * paths, blobs) yields undefined. An `<img>` never runs script, even from an SVG with `<script>`.
 */
const DATA_IMAGE = /^data:image\/(png|jpeg|jpg|gif|webp|avif|svg\+xml)(;[a-z0-9=.+-]+)*,/i

export function safeImageUrl(url: unknown, allowedOrigins: readonly string[] = []): string | undefined {
  if (typeof url !== 'string') return undefined
  const value = url.trim()
  if (value === '' || value.length > 200_000) return undefined
  if (DATA_IMAGE.test(value)) return value
  let parsed: URL
  try {
    parsed = new URL(value)
  } catch {
    return undefined
  }
  if (parsed.protocol === 'https:') return parsed.href
  if (parsed.protocol === 'http:' && allowedOrigins.includes(parsed.origin)) return parsed.href
  return undefined
}

/** Links the modal opens (wallet homepages, store pages): http(s) only. */
export function safeLinkUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined
  try {
    const parsed = new URL(url.trim())
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined
  } catch {
    return undefined
  }
}

/** The origin of a configured service URL, or undefined when it is not a URL. */
export function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}
