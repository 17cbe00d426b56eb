/**
 * The wallet catalogue: 130 fictional wallets generated from the fixture lists below plus the
 * "Devnet Wallet", each with a generated SVG icon. Nothing here names a real product.
 */
import { keccak256, stringToHex } from 'viem'
import { DEVNET_CHAINS, DEVNET_WALLET } from '../config'

export interface Wallet {
  id: string
  name: string
  homepage: string
  image_id: string
  order: number
  rdns: string | null
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  chrome_store: string | null
  injected: { injected_id: string; namespace: string }[] | null
  chains: string[]
}

const STEMS = [
  'Aurora', 'Basalt', 'Cobalt', 'Drift', 'Ember', 'Fathom', 'Glacier', 'Harbor', 'Indigo', 'Juniper',
  'Kestrel', 'Lumen', 'Meridian', 'Nimbus', 'Onyx', 'Pebble', 'Quartz', 'Ripple', 'Sable', 'Tundra',
  'Umbra', 'Vertex', 'Willow', 'Xenon', 'Yonder', 'Zephyr', 'Anchor', 'Beacon', 'Cinder', 'Delta',
  'Echo', 'Fable', 'Granite', 'Halo', 'Iris', 'Jade', 'Kite', 'Lagoon', 'Mosaic', 'Nova',
]
const SUFFIXES = ['Wallet', 'Vault', 'Pay', 'Keys']
export const GENERATED_WALLET_COUNT = 130

const DEVNET_CAIP = DEVNET_CHAINS.map((c) => c.caip)

function hashHex(text: string): string {
  return keccak256(stringToHex(text)).slice(2)
}

function imageIdFor(name: string): string {
  const h = hashHex(`image:${name}`)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`
}

function generated(i: number): Wallet {
  const name = `${STEMS[i % STEMS.length]} ${SUFFIXES[Math.floor(i / STEMS.length) % SUFFIXES.length]}`
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '')
  const chains: string[] = []
  const solanaOnly = i % 7 === 3
  if (!solanaOnly) chains.push('eip155:1', 'eip155:10', 'eip155:8453', ...DEVNET_CAIP)
  if (solanaOnly || i % 5 === 0) chains.push('solana:5eykt4UsFv8P1NJdTREpY1vzqKqZKvdp')
  if (i % 11 === 0) chains.push('bip122:000000000019d6689c085ae165831e93')
  if (i % 13 === 0) chains.push('polkadot:91b171bb158e2d3848fa23a9f1c25182')
  if (i % 17 === 0) chains.push('cosmos:cosmoshub-4')
  const injectable = i % 3 === 0
  const mobile = i % 2 === 0
  return {
    id: hashHex(name),
    name,
    homepage: `https://${slug}.example`,
    image_id: imageIdFor(name),
    order: i + 2,
    rdns: injectable ? `example.${slug}` : null,
    // Phone wallets: a custom scheme, or (every other one) a universal link the app claims.
    mobile_link: mobile ? (i % 4 === 2 ? `https://${slug}.example/app` : `${slug}://`) : null,
    desktop_link: i % 4 === 1 ? `${slug}-desktop://` : null,
    webapp_link: i % 5 === 2 ? `https://app.${slug}.example` : null,
    app_store: mobile ? `https://apps.example/ios/${slug}` : null,
    play_store: mobile ? `https://apps.example/android/${slug}` : null,
    chrome_store: injectable ? `https://extensions.example/${slug}` : null,
    injected: injectable ? [{ injected_id: `example.${slug}`, namespace: solanaOnly ? 'solana' : 'eip155' }] : null,
    chains,
  }
}

export const DEVNET_WALLET_ENTRY: Wallet = {
  id: DEVNET_WALLET.id,
  name: DEVNET_WALLET.name,
  homepage: 'https://walletgate.example/devnet',
  image_id: imageIdFor(DEVNET_WALLET.name),
  order: 1,
  rdns: DEVNET_WALLET.rdns,
  mobile_link: 'walletgate-devnet://',
  desktop_link: null,
  webapp_link: null,
  app_store: null,
  play_store: null,
  chrome_store: null,
  injected: [{ injected_id: DEVNET_WALLET.rdns, namespace: 'eip155' }],
  chains: [...DEVNET_CAIP],
}

export const WALLETS: readonly Wallet[] = [
  DEVNET_WALLET_ENTRY,
  ...Array.from({ length: GENERATED_WALLET_COUNT }, (_, i) => generated(i)),
]

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A square icon: a two-colour gradient from the seed's hash and up to two initials. */
export function iconSvg(seed: string, label: string): string {
  const h = hashHex(seed)
  const hue1 = parseInt(h.slice(0, 4), 16) % 360
  const hue2 = (hue1 + 40 + (parseInt(h.slice(4, 6), 16) % 120)) % 360
  const initials = escapeXml(
    label
      .split(/[\s\-_.]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?',
  )
  const gid = `g${h.slice(0, 6)}`
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">',
    `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="hsl(${hue1},70%,55%)"/><stop offset="1" stop-color="hsl(${hue2},70%,40%)"/>`,
    '</linearGradient></defs>',
    `<rect width="96" height="96" rx="22" fill="url(#${gid})"/>`,
    `<text x="48" y="60" font-family="system-ui,sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text>`,
    '</svg>',
  ].join('')
}

/**
 * The catalogue as a host's catalogue file (walletgate-server's `catalogue import FILE`): every
 * wallet, and each one's generated icon under its image id.
 */
export function catalogueFile(): { wallets: Wallet[]; images: Record<string, { type: 'image/svg+xml'; svg: string }> } {
  return {
    wallets: [...WALLETS],
    images: Object.fromEntries(WALLETS.map((w) => [w.image_id, { type: 'image/svg+xml' as const, svg: iconSvg(w.image_id, w.name) }])),
  }
}
