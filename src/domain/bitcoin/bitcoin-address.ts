/**
 * Bitcoin address rules: which Bitcoin network an address belongs to (segwit bech32 / bech32m
 * addresses with their checksum, BIP-173 and BIP-350; legacy base58 addresses by their version
 * byte and their Base58Check checksum), and the message for an address of another
 * network than the one in use ("a mainnet bc1 address on regtest"). Whether an address can be used
 * on a network is validate-bitcoin-address.ts.
 */
import { BITCOIN_NETWORK_NAMES, type BitcoinNetworkKind } from './bitcoin-networks'
import { bech32Decode, wordsToBytes } from '../format/bech32'
import { sha256 } from '../format/sha256'

/** The bech32 prefix of each network's segwit addresses (signet shares testnet's). */
const SEGWIT_PREFIXES: Readonly<Record<string, BitcoinNetworkKind>> = { bc: 'mainnet', tb: 'testnet', bcrt: 'regtest' }
/** Legacy base58 version bytes (P2PKH, P2SH); testnet and regtest share theirs. */
const BASE58_VERSIONS: Readonly<Record<number, BitcoinNetworkKind>> = { 0x00: 'mainnet', 0x05: 'mainnet', 0x6f: 'testnet', 0xc4: 'testnet' }

/**
 * The network `address` belongs to, or undefined when it is no Bitcoin address. A base58 address
 * with a testnet version byte reads as `testnet` (regtest uses the same bytes).
 */
export function bitcoinAddressNetwork(address: string): BitcoinNetworkKind | undefined {
  const segwit = bech32Decode(address)
  if (segwit !== undefined) {
    const network = SEGWIT_PREFIXES[segwit.prefix]
    const [version, ...rest] = segwit.words
    if (network === undefined || version === undefined || version > 16) return undefined
    // Version 0 uses bech32, later versions bech32m (BIP-350).
    if ((version === 0) !== (segwit.encoding === 'bech32')) return undefined
    const program = wordsToBytes(rest)
    if (program === undefined || program.length < 2 || program.length > 40) return undefined
    if (version === 0 && program.length !== 20 && program.length !== 32) return undefined
    return network
  }
  if (!/^[1-9A-HJ-NP-Za-km-z]{25,35}$/.test(address)) return undefined
  const bytes = base58Bytes(address)
  if (bytes.length !== 25) return undefined
  // Base58Check: the last four bytes are the first four of the payload's double SHA-256, so a
  // mistyped character is refused, as bech32's checksum refuses one in a segwit address.
  const check = sha256(sha256(Uint8Array.from(bytes.slice(0, 21))))
  if (bytes.slice(21).some((byte, i) => byte !== check[i])) return undefined
  return BASE58_VERSIONS[bytes[0]!]
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Base58 to bytes (leading '1's are zero bytes); the caller checked the alphabet. */
function base58Bytes(text: string): number[] {
  let value = 0n
  for (const c of text) value = value * 58n + BigInt(BASE58.indexOf(c))
  const bytes: number[] = []
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn))
  for (let i = 0; i < text.length && text[i] === '1'; i++) bytes.unshift(0)
  return bytes
}

export function isBitcoinAddress(address: string): boolean {
  return bitcoinAddressNetwork(address) !== undefined
}

/** "This is a Bitcoin Mainnet address" when the address belongs to another network than `caipNetworkId`'s. */
export function otherBitcoinNetworkMessage(network: BitcoinNetworkKind): string {
  return `This is a ${BITCOIN_NETWORK_NAMES[network]} address`
}
