/**
 * Attacks on the transaction preview through what the chain says of a token: anyone can deploy a
 * token whose `symbol()` is a page of HTML, bidi overrides or megabytes of text, and get it into a
 * visitor's simulated transfers. The simulator cuts what it reads to a short line, and the review
 * draws it as text, never markup. A request with more calls than a review ever makes is not sent
 * to the chain at all.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { createElement } from 'react'
import { Container } from 'inversify'
import { of } from 'rxjs'
import { createPublicClient, encodeAbiParameters, http, keccak256, padHex, toHex, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { TransactionPreview } from '../../src/application/preview/transaction-preview'
import { DisplayCurrencyStore } from '../../src/application/display-currency/display-currency-store'
import { USD_DISPLAY } from '../../src/domain/format/fiat'
import { ViemTransactionSimulator } from '../../src/infrastructure/chains/eip155/viem-transaction-simulator'
import { DiProvider } from '../../src/presentation/di-context'
import { addEnglish } from '../../src/presentation/i18n/i18n'
import { send } from '../../src/presentation/i18n/messages/send'
import { TransactionPreviewPanel } from '../../src/presentation/views/send/TransactionPreviewPanel'
import { aCaipNetwork } from '../builders/a-caip-network'
import { RecordingLogger } from '../fakes/recording-logger'

const HOSTILE_SYMBOL = `<img src=x onerror=alert(1)>\u202Egnp.exe${'A'.repeat(5_000)}`

/** Storage of a Solidity `string` at `slot` holding `text` (a long string: length word, then its bytes at keccak(slot)). */
function stringSlots(slot: bigint, text: string): [Hex, Hex][] {
  const bytes = toHex(new TextEncoder().encode(text)).slice(2)
  const at = BigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }], [slot])))
  const words: [Hex, Hex][] = [[padHex(toHex(slot), { size: 32 }), padHex(toHex(BigInt(bytes.length / 2) * 2n + 1n), { size: 32 })]]
  for (let i = 0; i * 64 < bytes.length; i++) words.push([padHex(toHex(at + BigInt(i)), { size: 32 }), `0x${bytes.slice(i * 64, i * 64 + 64).padEnd(64, '0')}`])
  return words
}

describe('a hostile token symbol in a simulated transfer', () => {
  it('is cut by the simulator and drawn by the review as text', async () => {
    const devnet = inject('devnet')
    const rpcUrl = devnet.rpcUrls[31337]!
    const chain = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
    const rpc = (method: string, params: unknown[]) => chain.request({ method, params } as never)
    // A copy of the devnet's ERC-20 at a fresh address, with the hostile symbol (slot 1) and a balance for the sender (balanceOf: slot 3).
    const token = privateKeyToAccount(generatePrivateKey()).address
    const sender = privateKeyToAccount(generatePrivateKey()).address
    await rpc('anvil_setCode', [token, await chain.getCode({ address: devnet.contracts.dUSD })])
    for (const [slot, value] of stringSlots(1n, HOSTILE_SYMBOL)) await rpc('anvil_setStorageAt', [token, slot, value])
    const balanceSlot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [sender, 3n]))
    await rpc('anvil_setStorageAt', [token, balanceSlot, padHex(toHex(1_000_000n), { size: 32 })])
    await rpc('anvil_setBalance', [sender, toHex(10n ** 18n)])

    const receiver: Address = privateKeyToAccount(generatePrivateKey()).address
    const data = `0xa9059cbb${receiver.slice(2).padStart(64, '0')}${(5n).toString(16).padStart(64, '0')}`
    const network = aCaipNetwork({ name: 'Devnet A', rpcUrls: [rpcUrl] })
    const simulator = new ViemTransactionSimulator()
    const outcome = await simulator.simulate(network, { from: sender, calls: [{ to: token, data }] })
    expect(outcome.status).toBe('ok')
    const told = outcome.status === 'ok' ? outcome.tokens[0]?.symbol : undefined
    expect(told).toBe(HOSTILE_SYMBOL.slice(0, 24))

    // The review, through the application, as the visitor would see it.
    const preview = new TransactionPreview({ simulator, network: () => network, logger: new RecordingLogger() })
    const state = await preview.preview({ chainId: network.caipNetworkId, from: sender, calls: [{ to: token, data }], tokens: [] })
    expect(state).toMatchObject({ status: 'ready', changes: [{ delta: -5n }] })
    addEnglish(send)
    const container = new Container()
    const money = { currency: 'USD', chosenBy: 'default', rates: { status: 'idle' }, display: USD_DISPLAY }
    container.bind(DisplayCurrencyStore).toConstantValue({ state$: of(money), snapshot: money } as unknown as DisplayCurrencyStore)
    const html = renderToStaticMarkup(createElement(DiProvider, { container, children: createElement(TransactionPreviewPanel, { state }) }))
    expect(html).not.toMatch(/<img/i)
    // One line: the symbol is cut again for the row and drawn inside its own isolate, as text.
    expect(html).toMatch(/<bdi[^>]*>−0\.000005 &lt;img src=x onerr…<\/bdi>/)
  })

  it('a request with more calls than any review makes is not sent to the chain', async () => {
    let asked = 0
    const counting = aCaipNetwork({ rpcUrls: ['http://127.0.0.1:9'] })
    const simulator = new ViemTransactionSimulator()
    const original = globalThis.fetch
    globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
      asked++
      return original(...args)
    }) as typeof fetch
    try {
      const calls = Array.from({ length: 17 }, () => ({ to: `0x${'11'.repeat(20)}`, value: 1n }))
      expect(await simulator.simulate(counting, { from: `0x${'22'.repeat(20)}`, calls })).toEqual({ status: 'unavailable', cause: 'call count out of range' })
      expect(asked).toBe(0)
    } finally {
      globalThis.fetch = original
    }
  })
})
