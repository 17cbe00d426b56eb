/**
 * Balances on a Solana network read through its standard JSON-RPC, as a host's server reads any: the
 * devnet's Solana chain (litesvm behind JSON-RPC) started on its own, with its funded accounts and
 * SPL mints. Lamports and the listed mints' amounts, priced by a price source; a dead first RPC URL
 * falls over to the next; another network, or an address that is none, is not read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSolanaDevnet, type SolanaDevnet } from '../../../devnet/src/chains/solana/server.js'
import { DEVNET_SOLANA_ACCOUNTS, DEVNET_SOLANA_TOKENS, SOLANA_DEVNET_CAIP_NETWORK_ID } from '../../../devnet/src/config.js'
import { solanaChainData } from '../../src/chains/solana-chain-data.js'
import { configuredChainData } from '../../src/chains/configured.js'
import { ManualClock } from '../../src/clock.js'
import { parseServerConfig } from '../../src/config.js'
import type { ChainDataPort } from '../../src/chain-data.js'
import { freePort, freePortPair } from '../../../tests/e2e/support/free-port.js'

let solana: SolanaDevnet
let source: ChainDataPort
const owner = DEVNET_SOLANA_ACCOUNTS[1]!.address
const [dusd, dvt] = DEVNET_SOLANA_TOKENS

beforeAll(async () => {
  solana = await startSolanaDevnet({ port: await freePortPair() })
  const dead = `http://127.0.0.1:${await freePort()}`
  source = solanaChainData({
    chains: [{ id: SOLANA_DEVNET_CAIP_NETWORK_ID, rpcUrls: [dead, solana.rpcUrl], tokens: DEVNET_SOLANA_TOKENS, prices: { prices: async () => new Map([['native', 150], [dusd!.mint, 1]]) } }],
    iconUrl: (symbol) => `https://icons.example/${symbol}`,
  })
}, 60_000)
afterAll(async () => {
  await solana?.stop()
})

const balance = (address: string, query = '') => source.balance!({ params: { address }, query: new URLSearchParams(query), body: undefined, headers: {}, baseUrl: 'http://127.0.0.1' })

describe('Solana balances through JSON-RPC', () => {
  it("gives the account's SOL and listed SPL tokens, priced where a price is known and 0 where not", async () => {
    expect((await balance(owner)).json).toEqual({
      balances: [
        { name: 'Solana', symbol: 'SOL', chainId: SOLANA_DEVNET_CAIP_NETWORK_ID, value: 15_000, price: 150, quantity: { decimals: '9', numeric: '100' }, iconUrl: 'https://icons.example/SOL' },
        { name: dusd!.name, symbol: 'dUSD', chainId: SOLANA_DEVNET_CAIP_NETWORK_ID, address: `${SOLANA_DEVNET_CAIP_NETWORK_ID}:${dusd!.mint}`, value: 1000, price: 1, quantity: { decimals: String(dusd!.decimals), numeric: '1000' }, iconUrl: 'https://icons.example/dUSD' },
        { name: dvt!.name, symbol: 'DVT', chainId: SOLANA_DEVNET_CAIP_NETWORK_ID, address: `${SOLANA_DEVNET_CAIP_NETWORK_ID}:${dvt!.mint}`, value: 0, price: 0, quantity: { decimals: String(dvt!.decimals), numeric: '1000' }, iconUrl: 'https://icons.example/DVT' },
      ],
    })
    // The same account named by CAIP-10.
    expect((await balance(`${SOLANA_DEVNET_CAIP_NETWORK_ID}:${owner}`)).json).toEqual((await balance(owner)).json)
  })

  it('gives nothing for an account with nothing, another network, or what is no Solana address', async () => {
    expect((await balance('11111111111111111111111111111112')).json).toEqual({ balances: [] })
    expect((await balance(owner, 'chainId=solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).json).toEqual({ balances: [] })
    expect((await balance('not-an-address')).json).toEqual({ balances: [] })
  })

  it('refuses a currency it has no rate for', async () => {
    await expect(balance(owner, 'currency=eur')).rejects.toMatchObject({ status: 400, message: 'Unsupported currency eur' })
  })

  it("prices in a display currency at the rate it is given (the EVM chains' currency feeds)", async () => {
    const inEuro = solanaChainData({
      chains: [{ id: SOLANA_DEVNET_CAIP_NETWORK_ID, rpcUrls: [solana.rpcUrl], tokens: DEVNET_SOLANA_TOKENS, prices: { prices: async () => new Map([['native', 150]]) } }],
      iconUrl: () => '',
      currencyRate: async (currency) => {
        if (currency?.toUpperCase() === 'EUR') return 1.25
        throw Object.assign(new Error(`Unsupported currency ${currency}`), { status: 400 })
      },
    })
    const answer = await inEuro.balance!({ params: { address: owner }, query: new URLSearchParams('currency=eur'), body: undefined, headers: {}, baseUrl: '' })
    const sol = (answer.json as { balances: { symbol: string; price: number; value: number }[] }).balances.find((b) => b.symbol === 'SOL')
    expect(sol).toMatchObject({ price: 120, value: 12_000 })
  })
})

describe('a Solana network in the configuration', () => {
  it('is read by the configured source: its listed mints, no fiat value without a feed', async () => {
    const config = parseServerConfig({ chains: [{ id: SOLANA_DEVNET_CAIP_NETWORK_ID, rpcUrls: [solana.rpcUrl], tokens: [{ address: dusd!.mint, name: 'Devnet USD', symbol: 'dUSD', decimals: dusd!.decimals }] }] })
    const configured = configuredChainData(config, new ManualClock(Date.now()))
    const answer = await configured.balance!({ params: { address: owner }, query: new URLSearchParams('projectId=p'), body: undefined, headers: {}, baseUrl: 'http://127.0.0.1' })
    expect((answer.json as { balances: { symbol: string; price: number; quantity: { numeric: string } }[] }).balances.map((b) => [b.symbol, b.price, b.quantity.numeric])).toEqual([
      ['SOL', 0, '100'],
      ['dUSD', 0, '1000'],
    ])
    expect((await configured.supportedChains!({ params: {}, query: new URLSearchParams(), body: undefined, headers: {}, baseUrl: '' })).json).toEqual({ http: [SOLANA_DEVNET_CAIP_NETWORK_ID], ws: [SOLANA_DEVNET_CAIP_NETWORK_ID] })
  })
})

describe('Solana history through JSON-RPC', () => {
  it("lists what the network's own ledger records for the account: the same transactions, kinds and transfers", async () => {
    // Two receipts from the faucet, one after the other (the funded start holds no transactions).
    const fresh = DEVNET_SOLANA_ACCOUNTS[5]!.address
    await solana.ledger.airdrop(fresh, 2_000_000_000n)
    await solana.ledger.airdrop(fresh, 500_000_000n)
    const config = parseServerConfig({ chains: [{ id: SOLANA_DEVNET_CAIP_NETWORK_ID, rpcUrls: [solana.rpcUrl], tokens: DEVNET_SOLANA_TOKENS.map(({ mint, ...token }) => ({ address: mint, ...token })) }] })
    const configured = configuredChainData(config, new ManualClock(Date.now()))
    type Page = { data: { id: string; metadata: { operationType: string; status: string }; transfers: { fungible_info?: { symbol: string }; direction: string; quantity: { numeric: string } }[] }[]; next: string | null }
    const answer = (await configured.history!({ params: { address: fresh }, query: new URLSearchParams('projectId=p'), body: undefined, headers: {}, baseUrl: 'http://127.0.0.1' })).json as Page
    expect(answer.data.map((row) => [row.metadata.operationType, row.metadata.status, row.transfers.map((t) => [t.fungible_info?.symbol, t.direction, t.quantity.numeric])])).toEqual([
      ['receive', 'confirmed', [['SOL', 'in', '0.5']]],
      ['receive', 'confirmed', [['SOL', 'in', '2']]],
    ])
    // The same transactions as the network's own ledger records for the account, newest first.
    expect(answer.data.map((row) => row.id)).toEqual(solana.ledger.signaturesFor(fresh).map((record) => record.signature))
    expect(answer.next).toBeNull()
  })

  it('refuses a cursor that is no signature', async () => {
    const config = parseServerConfig({ chains: [{ id: SOLANA_DEVNET_CAIP_NETWORK_ID, rpcUrls: [solana.rpcUrl] }] })
    const configured = configuredChainData(config, new ManualClock(Date.now()))
    await expect(configured.history!({ params: { address: owner }, query: new URLSearchParams('cursor=abc'), body: undefined, headers: {}, baseUrl: '' })).rejects.toMatchObject({ status: 400, message: 'Invalid cursor' })
  })
})
