/**
 * Sign-in for the CAIP-122 families (bip122, polkadot, cosmos): what each family's builder writes,
 * the CAIP-122 parser reads back field for field; a session signed with a real key of the family
 * (BIP-322, sr25519/ed25519 over wrapped bytes, ADR-036) verifies, and the same session with its
 * domain, nonce, chain or expiry altered (in the stored data, the signed text, or both) does not.
 */
import { Secp256k1HdWallet, makeSignDoc } from '@cosmjs/amino'
import { toBase64 } from '@cosmjs/encoding'
import { Keyring } from '@polkadot/keyring'
import { stringToU8a, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { signBip322 } from '../../../devnet/src/chains/bip122/bip322'
import { bitcoinDevnetAccount } from '../../../devnet/src/chains/bip122/keys'
import { BITCOIN_DEVNET_CAIP_NETWORK_ID } from '../../../devnet/src/chains/bip122/network'
import { COSMOS_DEVNET_CAIP_NETWORK_ID, DEVNET_COSMOS_MNEMONIC } from '../../../devnet/src/chains/cosmos/network'
import { POLKADOT_DEVNET_CAIP_NETWORK_ID } from '../../../devnet/src/chains/polkadot/network'
import type { CaipNetwork, CaipNetworkId, SiwxMessageData, SiwxSession } from '../../../src/domain/entities'
import type { SiwxFamilyMessenger } from '../../../src/ports/siwx'
import { parseCaip122Message } from '../../../src/domain/siwx/caip122-message'
import { siwxMessageData } from '../../../src/domain/siwx/siwx-message-data'
import { Bip322SiwxMessenger } from '../../../src/infrastructure/chains/bip122/siwx/bip322-siwx-messenger'
import { cosmosSiwxMessenger } from '../../../src/infrastructure/chains/cosmos/siwx/cosmos-siwx-messenger'
import { polkadotSiwxMessenger } from '../../../src/infrastructure/chains/polkadot/siwx/polkadot-siwx-messenger'
import { p2wpkh } from '@scure/btc-signer'

const RUNS = { numRuns: 500 }
const NOW = Date.UTC(2026, 10, 24)
const fromHex = (h: string): Uint8Array => Uint8Array.from(h.match(/../g)!, (b) => parseInt(b, 16))

function network(caipNetworkId: CaipNetworkId, chainNamespace: 'polkadot' | 'cosmos'): CaipNetwork {
  return { id: caipNetworkId.split(':')[1]!, caipNetworkId, chainNamespace, name: caipNetworkId, nativeCurrency: { name: 'X', symbol: 'X', decimals: 6 }, rpcUrls: [] }
}
// A second network of each family, so a tampered chain is still a configured one.
const POLKADOT_OTHER: CaipNetworkId = 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e'
const COSMOS_OTHER: CaipNetworkId = 'cosmos:walletgate-devnet-2'
const BITCOIN_OTHER: CaipNetworkId = 'bip122:000000000019d6689c085ae165831e93'

interface Family {
  readonly kind: string
  readonly messenger: SiwxFamilyMessenger
  readonly chains: readonly [CaipNetworkId, CaipNetworkId]
  /** The family's signers: an address and a function that signs a message as the family's wallets do. */
  readonly signers: () => readonly { readonly address: string; sign(message: string): Promise<string> }[]
}

const signers: Record<string, { address: string; sign(message: string): Promise<string> }[]> = {}

const FAMILIES: readonly Family[] = [
  {
    kind: 'Bitcoin',
    messenger: new Bip322SiwxMessenger(),
    chains: [BITCOIN_DEVNET_CAIP_NETWORK_ID as CaipNetworkId, BITCOIN_OTHER],
    signers: () => signers.Bitcoin!,
  },
  {
    kind: 'Polkadot',
    messenger: polkadotSiwxMessenger([network(POLKADOT_DEVNET_CAIP_NETWORK_ID as CaipNetworkId, 'polkadot'), network(POLKADOT_OTHER, 'polkadot')]),
    chains: [POLKADOT_DEVNET_CAIP_NETWORK_ID as CaipNetworkId, POLKADOT_OTHER],
    signers: () => signers.Polkadot!,
  },
  {
    kind: 'Cosmos',
    messenger: cosmosSiwxMessenger([network(COSMOS_DEVNET_CAIP_NETWORK_ID as CaipNetworkId, 'cosmos'), network(COSMOS_OTHER, 'cosmos')]),
    chains: [COSMOS_DEVNET_CAIP_NETWORK_ID as CaipNetworkId, COSMOS_OTHER],
    signers: () => signers.Cosmos!,
  },
]

beforeAll(async () => {
  await cryptoWaitReady()
  signers.Bitcoin = [0, 1].map((i) => {
    const { payment } = bitcoinDevnetAccount(i)
    const script = p2wpkh(fromHex(payment.publicKey)).script
    return { address: payment.address, sign: (message: string) => Promise.resolve(signBip322(message, script, fromHex(payment.privateKey))) }
  })
  signers.Polkadot = (['sr25519', 'ed25519'] as const).map((type) => {
    const pair = new Keyring({ type, ss58Format: 42 }).addFromUri(`//Walletgate-${type}`)
    // As an extension's signRaw does: the bytes wrapped in <Bytes>…</Bytes>.
    return { address: pair.address, sign: (message: string) => Promise.resolve(u8aToHex(pair.sign(u8aWrapBytes(stringToU8a(message))))) }
  })
  const wallet = await Secp256k1HdWallet.fromMnemonic(DEVNET_COSMOS_MNEMONIC, { prefix: 'cosmos' })
  const address = (await wallet.getAccounts())[0]!.address
  signers.Cosmos = [
    {
      address,
      async sign(message: string) {
        const doc = makeSignDoc([{ type: 'sign/MsgSignData', value: { signer: address, data: toBase64(new TextEncoder().encode(message)) } }], { gas: '0', amount: [] }, '', '', 0, 0)
        return JSON.stringify((await wallet.signAmino(address, doc)).signature)
      },
    },
  ]
})

const label = fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/)
const domain = fc.oneof(
  fc.tuple(label, fc.constantFrom('com', 'test', 'example')).map(([a, b]) => `${a}.${b}`),
  fc.tuple(label, fc.constantFrom('app', 'test'), fc.integer({ min: 1, max: 65535 })).map(([a, b, p]) => `${a}.${b}:${String(p)}`),
  fc.constantFrom('localhost:5173', '127.0.0.1:4173'),
)
const uri = fc.tuple(fc.constantFrom('https', 'http'), domain, fc.stringMatching(/^(\/[a-z0-9]{1,6}){0,2}$/)).map(([s, d, p]) => `${s}://${d}${p}`)
const nonce = fc.stringMatching(/^[A-Za-z0-9]{8,24}$/)
const statement = fc.option(fc.stringMatching(/^[A-Za-z0-9 .,!?'-]{1,60}$/), { nil: undefined })
const expiresInMs = fc.integer({ min: 1000, max: 365 * 86_400_000 })
const family = fc.constantFrom(...FAMILIES)

function dataFor(f: Family, signerIndex: number, chain: number, d: string, u: string, n: string, st: string | undefined, exp: number): SiwxMessageData {
  const list = f.signers()
  const signer = list[signerIndex % list.length]!
  return siwxMessageData({ accountAddress: signer.address, chainId: f.chains[chain]!, domain: d, uri: u, nonce: n, statement: st, nowMs: NOW, expiresInMs: exp })
}

describe('CAIP-122 sign-in messages of bip122, polkadot and cosmos', () => {
  it('round-trip through the CAIP-122 parser', () => {
    fc.assert(
      fc.property(family, fc.nat(), fc.constantFrom(0, 1), domain, uri, nonce, statement, expiresInMs, (f, who, chain, d, u, n, st, exp) => {
        const data = dataFor(f, who, chain, d, u, n, st, exp)
        const message = f.messenger.createMessage(data)
        expect(message.split('\n')[0]).toBe(`${d} wants you to sign in with your ${f.kind} account:`)
        expect(parseCaip122Message(message, f.kind)).toEqual(data)
        // Another family's parser does not read it.
        expect(parseCaip122Message(message, f.kind === 'Cosmos' ? 'Polkadot' : 'Cosmos')).toBeUndefined()
      }),
      RUNS,
    )
  })

  type Tamper = (data: SiwxMessageData, f: Family) => SiwxMessageData
  const tampers: Record<string, Tamper> = {
    domain: (d) => ({ ...d, domain: d.domain === 'evil.example' ? 'evil.example:1' : 'evil.example' }),
    nonce: (d) => ({ ...d, nonce: `${d.nonce}0` }),
    chain: (d, f) => ({ ...d, chainId: d.chainId === f.chains[0] ? f.chains[1] : f.chains[0] }),
    expiry: (d) => ({ ...d, expirationTime: new Date(Date.parse(d.expirationTime ?? '') + 86_400_000).toISOString() }),
  }

  it('a session altered in its domain, nonce, chain or expiry does not verify; the signed one does', async () => {
    await fc.assert(
      fc.asyncProperty(
        family, fc.nat(), fc.constantFrom(0, 1), domain, uri, nonce, statement, expiresInMs,
        fc.constantFrom(...Object.keys(tampers)),
        fc.constantFrom('data', 'message', 'both'),
        async (f, who, chain, d, u, n, st, exp, what, where) => {
          const data = dataFor(f, who, chain, d, u, n, st, exp)
          const list = f.signers()
          const signer = list[who % list.length]!
          const message = f.messenger.createMessage(data)
          const signed: SiwxSession = { data, message, signature: await signer.sign(message) }
          expect(await f.messenger.verify(signed, NOW)).toBe(true)

          const altered = (tampers[what] as Tamper)(data, f)
          const tampered: SiwxSession = {
            data: where === 'message' ? data : altered,
            message: where === 'data' ? message : f.messenger.createMessage(altered),
            signature: signed.signature,
          }
          expect(await f.messenger.verify(tampered, NOW)).toBe(false)
        },
      ),
      RUNS,
    )
  })

  it('the parser refuses what is not exactly a message: a forged line, a missing field, fields out of order', () => {
    const data = siwxMessageData({ accountAddress: 'cosmos1xyz', chainId: 'cosmos:walletgate-devnet-1', domain: 'app.test', uri: 'https://app.test', nonce: 'abcdefgh', statement: undefined, nowMs: NOW, expiresInMs: 1000 })
    const lines = [
      'app.test wants you to sign in with your Cosmos account:', 'cosmos1xyz', '',
      'URI: https://app.test', 'Version: 1', 'Chain ID: cosmos:walletgate-devnet-1', 'Nonce: abcdefgh', `Issued At: ${data.issuedAt!}`, `Expiration Time: ${data.expirationTime!}`,
    ]
    expect(parseCaip122Message(lines.join('\n'), 'Cosmos')).toEqual(data)
    expect(parseCaip122Message([...lines, 'Evil: yes'].join('\n'), 'Cosmos')).toBeUndefined()
    expect(parseCaip122Message(lines.filter((l) => !l.startsWith('Nonce')).join('\n'), 'Cosmos')).toBeUndefined()
    const swapped = [...lines]
    ;[swapped[4], swapped[5]] = [swapped[5]!, swapped[4]!]
    expect(parseCaip122Message(swapped.join('\n'), 'Cosmos')).toBeUndefined()
  })
})
