/**
 * The Solana devnet server on the wire: JSON-RPC details (batches, CORS, u64 numbers, errors) and
 * the PubSub side, with @solana/kit as a second client (it needs rpcSubscriptions to confirm).
 */
import {
  address,
  airdropFactory,
  appendTransactionMessageInstruction,
  assertIsTransactionWithBlockhashLifetime,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { DEVNET_SOLANA_ACCOUNTS, DEVNET_SOLANA_TOKENS } from '../../../devnet/src/config'
import { startSolanaDevnet, stringifyJson, type SolanaDevnet } from '../../../devnet/src/chains/solana/server'
import { freePortPair } from '../../e2e/support/free-port'

let chain: SolanaDevnet

beforeAll(async () => {
  // Its own Solana chain: a fixed clock, which the wire's answers show.
  chain = await startSolanaDevnet({ port: await freePortPair(), now: () => Date.UTC(2026, 0, 2, 3, 4, 5) })
})

afterAll(async () => {
  await chain?.stop()
})

async function rpc(body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return { status: res.status, text: await res.text(), headers: res.headers }
}

describe('JSON-RPC wire', () => {
  it('answers a batch in order, with a validator-shaped error for an unknown method', async () => {
    const { text } = await rpc([
      { jsonrpc: '2.0', id: 1, method: 'getHealth' },
      { jsonrpc: '2.0', id: 2, method: 'getNoSuchThing' },
      { jsonrpc: '2.0', id: 3, method: 'getSlot' },
    ])
    expect(JSON.parse(text)).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'ok' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
      { jsonrpc: '2.0', id: 3, result: chain.ledger.slot },
    ])
  })

  it('answers a parse error for a body that is not JSON', async () => {
    const res = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
  })

  it('lets a browser page on another origin call it (CORS preflight and answer)', async () => {
    const pre = await fetch(chain.rpcUrl, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,solana-client' } })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type,solana-client')
    const { headers } = await rpc({ jsonrpc: '2.0', id: 1, method: 'getHealth' }, { origin: 'http://localhost:5173' })
    expect(headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  })

  it('writes the u64 rentEpoch as a bare number, and token accounts parsed', async () => {
    const owner = DEVNET_SOLANA_ACCOUNTS[2]!.address
    const { text } = await rpc({ jsonrpc: '2.0', id: 1, method: 'getAccountInfo', params: [owner, { encoding: 'base64' }] })
    expect(text).toContain('"rentEpoch":18446744073709551615')
    expect(stringifyJson({ a: 2n ** 64n - 1n, b: 'x' })).toBe('{"a":18446744073709551615,"b":"x"}')
    const mint = DEVNET_SOLANA_TOKENS[1]!
    const tokens = JSON.parse((await rpc({ jsonrpc: '2.0', id: 2, method: 'getTokenAccountsByOwner', params: [owner, { mint: mint.mint }, { encoding: 'jsonParsed' }] })).text)
    expect(tokens.result.value[0].account.data.parsed.info.tokenAmount).toEqual({ amount: '1000000000000', decimals: 9, uiAmount: 1000, uiAmountString: '1000' })
    const mintInfo = JSON.parse((await rpc({ jsonrpc: '2.0', id: 3, method: 'getAccountInfo', params: [mint.mint, { encoding: 'jsonParsed' }] })).text)
    expect(mintInfo.result.value.data.parsed).toMatchObject({ type: 'mint', info: { decimals: 9, supply: '10000000000000', isInitialized: true } })
  })

  it('refuses a malformed key or transaction with invalid params, not a crash', async () => {
    const bad = JSON.parse((await rpc({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: ['not-a-key'] })).text)
    expect(bad.error.code).toBe(-32602)
    const junk = JSON.parse((await rpc({ jsonrpc: '2.0', id: 2, method: 'sendTransaction', params: ['AAAA', { encoding: 'base64' }] })).text)
    expect(junk.error.code).toBe(-32602)
    expect(JSON.parse((await rpc({ jsonrpc: '2.0', id: 3, method: 'getHealth' })).text).result).toBe('ok')
  })
})

describe('PubSub and @solana/kit', () => {
  it('airdrops and sends with kit, confirmed through signatureNotifications', async () => {
    const rpcClient = createSolanaRpc(chain.rpcUrl)
    const rpcSubscriptions = createSolanaRpcSubscriptions(chain.wsUrl)
    const payer = await generateKeyPairSigner()
    const to = await generateKeyPairSigner()
    await airdropFactory({ rpc: rpcClient, rpcSubscriptions })({ recipientAddress: payer.address, lamports: lamports(2_000_000_000n), commitment: 'confirmed' })
    const { value: latestBlockhash } = await rpcClient.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: payer, destination: to.address, amount: 1_000_000_000n }), m),
    )
    const signed = await signTransactionMessageWithSigners(message)
    assertIsTransactionWithBlockhashLifetime(signed)
    await sendAndConfirmTransactionFactory({ rpc: rpcClient, rpcSubscriptions })(signed, { commitment: 'confirmed' })
    const got = await rpcClient.getTransaction(getSignatureFromTransaction(signed), { maxSupportedTransactionVersion: 0, encoding: 'json' }).send()
    expect(got?.meta?.fee).toBe(5000n)
    expect(got?.blockTime).toBe(BigInt(Date.UTC(2026, 0, 2, 3, 4, 5) / 1000))
    expect((await rpcClient.getBalance(to.address).send()).value).toBe(1_000_000_000n)
    expect((await rpcClient.getBalance(address(payer.address)).send()).value).toBe(1_000_000_000n - 5000n)
  })

  it('pushes an account change to accountSubscribe on the port after the RPC port', async () => {
    expect(chain.wsPort).toBe(chain.port + 1)
    const watched = DEVNET_SOLANA_ACCOUNTS[3]!.address
    const socket = new WebSocket(chain.wsUrl)
    type Message = { id?: number; result?: unknown; method?: string; params?: { result: { value: { lamports: number } } } }
    const next = (): Promise<Message> =>
      new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))))
    await new Promise((resolve) => socket.once('open', resolve))
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'accountSubscribe', params: [watched, { encoding: 'base64', commitment: 'confirmed' }] }))
    const ack = await next()
    expect(ack).toMatchObject({ id: 7, result: expect.any(Number) })
    const notified = next()
    await chain.ledger.airdrop(watched, 1_000n)
    const note = await notified
    expect(note.method).toBe('accountNotification')
    expect(note.params?.result.value.lamports).toBe(100_000_000_000 + 1_000)
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'accountUnsubscribe', params: [ack.result] }))
    expect(await next()).toEqual({ jsonrpc: '2.0', id: 8, result: true })
    socket.close()
  })
})
