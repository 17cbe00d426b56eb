/**
 * Activity from its two sources on a fresh Anvil, where the test deploys an ERC-20 and an ERC-721
 * and makes transfers: the Otterscan source (Anvil serves the API) and the indexer on each database
 * engine give the same rows on the defined row set, the Otterscan source alone has the native
 * transfers inside calls, a reorganised block's rows go from both, and two indexers at once neither
 * duplicate nor skip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, custom, encodeAbiParameters, encodeFunctionData, erc20Abi, getAddress, http, parseEther, parseUnits, type Address, type Hex, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { loadArtifacts } from '../../../devnet/src/chains/eip155/compile.js'
import { InvalidActivityCursorError, type ActivityPage, type ActivityToken, type ActivitySource, type ActivityTransaction } from '../../src/chains/activity/activity.js'
import { ActivityIndexer, type IndexedChain } from '../../src/chains/activity/indexer.js'
import { OTTERSCAN_API_LEVEL, OtterscanActivity, otterscanApiLevel } from '../../src/chains/activity/otterscan.js'
import { ChainTokenMetadata } from '../../src/chains/activity/token-metadata.js'
import { tokensByChain } from '../../src/chains/token-list.js'
import { ManualClock } from '../../src/clock.js'
import { ENGINES } from '../engines.js'
import { migratedDatabase } from '../support.js'
import { ANVIL_KEY, startAnvil, type Anvil } from '../anvil.js'

const CHAIN_ID = 31_998
const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 }
/** Anvil's second default account: the on-ramp's treasury here. */
const TREASURY_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
/**
 * A forwarder: sends the value it is paid to the address in its calldata (a call inside a call:
 * an internal native transfer). Creation code, then runtime:
 * CALL(gas, calldataload(0), callvalue, 0, 0, 0, 0), reverting when the call fails.
 */
const FORWARDER: Hex = '0x6018600c60003960186000f36000600060006000346000355af160165760006000fd5b00'

let anvil: Anvil
let client: PublicClient
const me = privateKeyToAccount(generatePrivateKey())
const other = privateKeyToAccount(generatePrivateKey())
const deployer = privateKeyToAccount(ANVIL_KEY)
const treasury = privateKeyToAccount(TREASURY_KEY)
let token: Address
let pixels: Address
let forwarder: Address
let evil: Address
/** The transaction that paid `me` only inside a call (the Otterscan source alone sees it). */
let internalOnly: Hex

const chain = { id: CHAIN_ID, name: 'anvil', nativeCurrency: ETHER, rpcUrls: { default: { http: [] as string[] } } }
const walletOf = (account: typeof me) => createWalletClient({ account, transport: http(anvil.url), chain })
const rpc = (method: string, params: unknown[]) => client.request({ method: method as never, params: params as never })

async function send(from: typeof me, tx: { to: Address; data?: Hex; value?: bigint; gas?: bigint }): Promise<Hex> {
  const hash = await walletOf(from).sendTransaction(tx)
  await client.waitForTransactionReceipt({ hash })
  return hash
}

async function deploy(bytecode: Hex): Promise<Address> {
  const hash = await walletOf(deployer).sendTransaction({ data: bytecode, to: null })
  return getAddress((await client.waitForTransactionReceipt({ hash })).contractAddress!)
}

const presentation = () => ({
  tokens: new ChainTokenMetadata({
    client: (id: number) => (id === CHAIN_ID ? client : undefined),
    tokens: tokensByChain({ name: 'test', tokens: [{ chainId: CHAIN_ID, address: token, name: 'Devnet USD', symbol: 'dUSD', decimals: 6, logoURI: 'https://tokens.example/dusd.svg' }] }),
  }),
  iconUrl: (t: { symbol: string; logoURI?: string }) => t.logoURI ?? `https://icons.example/${t.symbol}.svg`,
})
const activityChain = () => ({ chainId: CHAIN_ID, client, native: ETHER, onrampSenders: [treasury.address] })
const otterscan = () => new OtterscanActivity({ ...presentation(), chains: [activityChain()] })

/** Every row, a page of `limit` at a time, following `next`. */
async function allRows(source: ActivitySource, account: Address, limit = 100, onrampOnly = false, token?: ActivityToken): Promise<ActivityTransaction[]> {
  const rows: ActivityTransaction[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 100; pages++) {
    const page: ActivityPage = await source.page({ account, chainId: CHAIN_ID, cursor, limit, onrampOnly, ...(token === undefined ? {} : { token }) })
    rows.push(...page.data)
    if (page.next === null) return rows
    cursor = page.next
  }
  throw new RangeError('more than 100 pages')
}

/** A row as words: what the modal shows of it. */
const summary = (t: ActivityTransaction) =>
  [t.metadata.operationType, t.metadata.status, ...t.transfers.map((x) => `${x.direction} ${x.quantity.numeric} ${x.fungible_info?.symbol ?? x.nft_info?.name}`)].join(' ')

/**
 * The defined row set of an account's Otterscan rows: without the native transfers inside calls
 * (those not from the sender to the recipient of the transaction), and so without a row that had
 * only those and that the account did not send.
 */
function topLevelOnly(rows: readonly ActivityTransaction[], account: Address): ActivityTransaction[] {
  const same = (a?: string, b?: string) => a?.toLowerCase() === b?.toLowerCase()
  return rows
    .map((t) => ({
      ...t,
      transfers: t.transfers.filter((x) => !(x.fungible_info?.symbol === 'ETH' && !(same(x.sender, t.metadata.sentFrom) && same(x.recipient, t.metadata.sentTo)))),
    }))
    .filter((t) => t.transfers.length > 0 || same(t.metadata.sentFrom, account))
}

beforeAll(async () => {
  anvil = await startAnvil(CHAIN_ID)
  chain.rpcUrls.default.http = [anvil.url]
  client = createPublicClient({ transport: http(anvil.url, { batch: true }), pollingInterval: 50 })
  const { DevnetERC20, DevnetPixels } = await loadArtifacts()
  const deployed = async (artifact: typeof DevnetERC20, args: unknown[]) =>
    deploy(encodeDeploy(artifact.bytecode, artifact.abi, args))
  token = await deployed(DevnetERC20, ['Test USD', 'TUSD', 6, [deployer.address], [parseUnits('1000000', 6)]])
  pixels = await deployed(DevnetPixels, [[deployer.address, me.address, deployer.address]])
  forwarder = await deploy(FORWARDER)
  await send(deployer, { to: me.address, value: parseEther('2') })
  await send(deployer, { to: other.address, value: parseEther('1') })
  await send(treasury, { to: me.address, value: parseEther('0.5') })
  await send(deployer, { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [me.address, parseUnits('100', 6)] }) })
  await send(me, { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [other.address, parseUnits('25.5', 6)] }) })
  await send(me, { to: other.address, value: parseEther('0.1') })
  await send(me, { to: pixels, data: encodeFunctionData({ abi: DevnetPixels.abi, functionName: 'transferFrom', args: [me.address, other.address, 2n] }) })
  await send(deployer, { to: pixels, data: encodeFunctionData({ abi: DevnetPixels.abi, functionName: 'transferFrom', args: [deployer.address, me.address, 1n] }) })
  await send(me, { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [other.address, 5n] }) })
  await send(me, { to: forwarder, value: parseEther('0.2'), data: encodeAbiParameters([{ type: 'address' }], [other.address]) })
  internalOnly = await send(deployer, { to: forwarder, value: parseEther('0.3'), data: encodeAbiParameters([{ type: 'address' }], [me.address]) })
  // Refused by the token (more than the balance): listed as failed, with no transfers.
  await send(me, { to: token, gas: 100_000n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [other.address, parseUnits('1000000', 6)] }) })
  await send(me, { to: me.address, value: 1n })
  // A token whose name and symbol are hostile: a NUL, a right-to-left override, far too long.
  evil = await deployed(DevnetERC20, [`\u0000Evil\u202e Token ${'x'.repeat(500)}`, `\u0000${'S'.repeat(100)}`, 18, [me.address], [parseEther('7')]])
  // Three transfers in one block: newest first by their index in it.
  await rpc('evm_setAutomine', [false])
  const hashes: Hex[] = []
  for (const value of [1n, 2n, 3n]) hashes.push(await walletOf(deployer).sendTransaction({ to: me.address, value }))
  await rpc('evm_mine', [])
  await rpc('evm_setAutomine', [true])
  for (const hash of hashes) await client.waitForTransactionReceipt({ hash })
}, 120_000)
afterAll(async () => {
  await anvil?.stop()
})

function encodeDeploy(bytecode: Hex, abi: unknown, args: unknown[]): Hex {
  const constructor = (abi as { type: string; inputs?: { type: string; name: string }[] }[]).find((item) => item.type === 'constructor')
  return `${bytecode}${encodeAbiParameters(constructor?.inputs ?? [], args).slice(2)}` as Hex
}

const EXPECTED_ROWS = [
  'receive confirmed in 0.000000000000000003 ETH',
  'receive confirmed in 0.000000000000000002 ETH',
  'receive confirmed in 0.000000000000000001 ETH',
  'mint confirmed in 7 SSSSSSSSSSSSSSSS',
  'send confirmed self 0.000000000000000001 ETH',
  'execute failed',
  'receive confirmed in 0.3 ETH',
  'send confirmed out 0.2 ETH',
  'execute confirmed',
  'receive confirmed in 1 Devnet Pixels #1',
  'send confirmed out 1 Devnet Pixels #2',
  'send confirmed out 0.1 ETH',
  'send confirmed out 25.5 dUSD',
  'receive confirmed in 100 dUSD',
  'receive confirmed in 0.5 ETH',
  'receive confirmed in 2 ETH',
  'mint confirmed in 1 Devnet Pixels #2',
]

describe('the Otterscan source', () => {
  it("lists the account's transfers and calls newest first, native transfers inside calls too", async () => {
    const rows = await allRows(otterscan(), me.address)
    expect(rows.map(summary)).toEqual(EXPECTED_ROWS)
    const inside = rows.find((t) => t.id === internalOnly)!
    expect(inside.transfers).toEqual([{ fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'https://icons.example/ETH.svg' } }, direction: 'in', quantity: { numeric: '0.3' }, sender: forwarder, recipient: me.address }])
    expect(inside.metadata).toMatchObject({ sentFrom: deployer.address, sentTo: forwarder, chain: `eip155:${CHAIN_ID}`, status: 'confirmed' })
    const listed = rows.find((t) => summary(t) === 'receive confirmed in 100 dUSD')!
    expect(listed.transfers[0]!.fungible_info).toEqual({ name: 'Devnet USD', symbol: 'dUSD', icon: { url: 'https://tokens.example/dusd.svg' } })
    // Read from the hostile token itself: no NUL or override, cut to its bound.
    const hostile = rows.find((t) => t.metadata.operationType === 'mint' && t.transfers[0]?.fungible_info)!
    expect(hostile.transfers[0]!.fungible_info!.name).toBe(`Evil Token ${'x'.repeat(53)}`)
    expect(hostile.metadata.sentTo).toBe(evil)
  })

  it("is offered by Anvil, and a node without the API says so", async () => {
    expect(await otterscanApiLevel(client)).toBe(OTTERSCAN_API_LEVEL)
    const plain = createPublicClient({ transport: custom({ request: async () => Promise.reject(Object.assign(new Error('Method not found'), { code: -32601 })) }) })
    expect(await otterscanApiLevel(plain)).toBeNull()
    const down = createPublicClient({ transport: http('http://127.0.0.1:9', { retryCount: 0 }) })
    await expect(otterscanApiLevel(down)).rejects.toThrow()
  })

  it('pages with cursors: small pages give the same rows, each once', async () => {
    const whole = await allRows(otterscan(), me.address)
    expect(await allRows(otterscan(), me.address, 4)).toEqual(whole)
    expect(await allRows(otterscan(), me.address, 1)).toEqual(whole)
  })

  it('keeps only on-ramp purchases when asked', async () => {
    expect((await allRows(otterscan(), me.address, 20, true)).map(summary)).toEqual(['receive confirmed in 0.5 ETH'])
  })

  it("keeps only a token's rows when asked (its transfers, and the calls the account sent its contract), paging within the filter", async () => {
    const dusd = { kind: 'contract', address: token } as const
    const tokenRows = ['execute failed', 'execute confirmed', 'send confirmed out 25.5 dUSD', 'receive confirmed in 100 dUSD']
    expect((await allRows(otterscan(), me.address, 100, false, dusd)).map(summary)).toEqual(tokenRows)
    expect((await allRows(otterscan(), me.address, 1, false, { kind: 'contract', address: getAddress(token.toLowerCase()) })).map(summary)).toEqual(tokenRows)
    const native = await allRows(otterscan(), me.address, 3, false, { kind: 'native' })
    expect(native.map(summary)).toEqual(EXPECTED_ROWS.filter((row) => row.endsWith(' ETH')))
    expect((await allRows(otterscan(), me.address, 100, false, { kind: 'contract', address: pixels })).map(summary)).toEqual(['receive confirmed in 1 Devnet Pixels #1', 'send confirmed out 1 Devnet Pixels #2', 'mint confirmed in 1 Devnet Pixels #2'])
  })

  it("refuses a cursor given out with another filter: a token's, none, or the on-ramp's", async () => {
    const source = otterscan()
    const dusd = { kind: 'contract', address: token } as const
    const plain = await source.page({ account: me.address, chainId: CHAIN_ID, limit: 2 })
    const filtered = await source.page({ account: me.address, chainId: CHAIN_ID, limit: 1, token: dusd })
    expect(plain.next).not.toBeNull()
    expect(filtered.next).not.toBeNull()
    await expect(source.page({ account: me.address, chainId: CHAIN_ID, cursor: plain.next, token: dusd })).rejects.toThrow(InvalidActivityCursorError)
    await expect(source.page({ account: me.address, chainId: CHAIN_ID, cursor: filtered.next })).rejects.toThrow(InvalidActivityCursorError)
    await expect(source.page({ account: me.address, chainId: CHAIN_ID, cursor: filtered.next, token: { kind: 'native' } })).rejects.toThrow(InvalidActivityCursorError)
    await expect(source.page({ account: me.address, chainId: CHAIN_ID, cursor: filtered.next, token: { kind: 'contract', address: pixels } })).rejects.toThrow(InvalidActivityCursorError)
    await expect(source.page({ account: me.address, chainId: CHAIN_ID, cursor: filtered.next, token: dusd, onrampOnly: true })).rejects.toThrow(InvalidActivityCursorError)
    await expect(source.page({ account: me.address, chainId: CHAIN_ID, cursor: filtered.next, limit: 1, token: dusd })).resolves.toMatchObject({ data: [expect.anything()] })
  })

  it("refuses a forged cursor or another account's, and answers an unknown chain empty", async () => {
    const source = otterscan()
    const first = await source.page({ account: me.address, chainId: CHAIN_ID, limit: 2 })
    await expect(source.page({ account: other.address, chainId: CHAIN_ID, cursor: first.next })).rejects.toThrow(InvalidActivityCursorError)
    for (const cursor of ['nonsense', Buffer.from(`a1.${CHAIN_ID}.${me.address.toLowerCase()}.1.-1`).toString('base64url'), 'x'.repeat(5000)]) {
      await expect(source.page({ account: me.address, chainId: CHAIN_ID, cursor })).rejects.toMatchObject({ status: 400, message: 'Invalid cursor' })
    }
    expect(await source.page({ account: me.address, chainId: 1 })).toEqual({ data: [], next: null })
  })
})

describe.each(ENGINES)('the indexer on $name', ({ name, open }) => {
  let db: Awaited<ReturnType<typeof migratedDatabase>>
  const indexers: ActivityIndexer[] = []
  const indexer = (chainOptions: Partial<IndexedChain> = {}, options: { blocksPerRange?: number; rangesPerSync?: number; advisoryLock?: boolean } = {}) => {
    const made = new ActivityIndexer({ ...presentation(), ...options, db, clock: new ManualClock(), chains: [{ ...activityChain(), startBlock: 0n, confirmations: 0, ...chainOptions }] })
    indexers.push(made)
    return made
  }

  beforeAll(async () => {
    db = await migratedDatabase(open)
  })
  afterAll(async () => {
    for (const made of indexers) await made.stop()
    await db?.close()
  })

  it('gives the Otterscan rows of the defined row set, row for row: all but native transfers inside calls', async () => {
    const source = indexer()
    expect(await source.follow(CHAIN_ID, me.address)).toBe(true)
    expect(await source.sync(CHAIN_ID)).toBe('synced')
    const indexed = await allRows(source, me.address)
    const exact = await allRows(otterscan(), me.address)
    expect(indexed).toEqual(topLevelOnly(exact, me.address))
    expect(exact.filter((t) => !indexed.some((i) => i.id === t.id)).map((t) => t.id)).toEqual([internalOnly])
    expect(await allRows(source, me.address, 3)).toEqual(indexed)
    expect((await allRows(source, me.address, 20, true)).map(summary)).toEqual(['receive confirmed in 0.5 ETH'])
    const first = await source.page({ account: me.address, chainId: CHAIN_ID, limit: 2 })
    await expect(source.page({ account: other.address, chainId: CHAIN_ID, cursor: first.next })).rejects.toThrow(InvalidActivityCursorError)
    // A token's history, from the database as the node gives it (a JSON containment, no text of the caller's in the query).
    for (const filter of [{ kind: 'contract', address: token }, { kind: 'contract', address: pixels }, { kind: 'native' }] as const) {
      const fromIndex = await allRows(source, me.address, 2, false, filter)
      expect(fromIndex.length).toBeGreaterThan(0)
      expect(fromIndex).toEqual(topLevelOnly(await allRows(otterscan(), me.address, 100, false, filter), me.address).filter((t) => filter.kind !== 'native' || t.transfers.length > 0))
    }
    const filtered = await source.page({ account: me.address, chainId: CHAIN_ID, limit: 1, token: { kind: 'contract', address: token } })
    await expect(source.page({ account: me.address, chainId: CHAIN_ID, cursor: filtered.next })).rejects.toThrow(InvalidActivityCursorError)
  })

  it('follows an account on its first page and reads it in the background from the start block', async () => {
    const source = indexer()
    // The forwarder was paid at top level twice, and paid on inside those calls (which the indexer does not see).
    expect(await source.page({ account: forwarder, chainId: CHAIN_ID })).toEqual({ data: [], next: null })
    expect(await source.follow(CHAIN_ID, forwarder)).toBe(false)
    await source.sync(CHAIN_ID)
    const rows = await allRows(source, forwarder)
    expect(rows.map(summary)).toEqual(['receive confirmed in 0.3 ETH', 'receive confirmed in 0.2 ETH'])
    expect(rows).toEqual(topLevelOnly(await allRows(otterscan(), forwarder), forwarder))
  })

  it('stays its confirmation depth behind the head, and rolls back the rows of reorganised blocks', async () => {
    const payee = privateKeyToAccount(generatePrivateKey()).address
    const source = indexer({ confirmations: 1 })
    await source.follow(CHAIN_ID, payee)
    await send(treasury, { to: payee, value: parseEther('1') })
    await source.sync(CHAIN_ID)
    expect(await allRows(source, payee)).toEqual([])
    await rpc('evm_mine', [])
    await source.sync(CHAIN_ID)
    expect((await allRows(source, payee)).map(summary)).toEqual(['receive confirmed in 1 ETH'])
    expect((await allRows(otterscan(), payee)).map(summary)).toEqual(['receive confirmed in 1 ETH'])
    // The payment's block and the one after it are replaced by empty ones.
    await rpc('anvil_reorg', [2, []])
    await rpc('evm_mine', [])
    await source.sync(CHAIN_ID)
    expect(await allRows(source, payee)).toEqual([])
    expect(await allRows(otterscan(), payee)).toEqual([])
    // The other accounts' rows, in older blocks, stay whole.
    expect(await allRows(source, me.address)).toEqual(topLevelOnly(await allRows(otterscan(), me.address), me.address))
  })

  it('run twice at once (a lost lock) neither duplicates nor skips a row', async () => {
    const accounts = [deployer.address, other.address, treasury.address]
    const one = indexer({}, { blocksPerRange: 2, advisoryLock: false })
    const two = indexer({}, { blocksPerRange: 3, advisoryLock: false })
    for (const account of accounts) await one.follow(CHAIN_ID, account)
    expect(await Promise.all([one.sync(CHAIN_ID), two.sync(CHAIN_ID)])).toEqual(['synced', 'synced'])
    let total = 0
    for (const account of accounts) {
      const expected = topLevelOnly(await allRows(otterscan(), account), account)
      expect(await allRows(one, account)).toEqual(expected)
      total += expected.length
    }
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM activity_rows WHERE chain_id = $1 AND account = ANY($2::text[])', [
      CHAIN_ID,
      accounts.map((a) => a.toLowerCase()),
    ])
    expect(rows[0]!.n).toBe(total)
    expect(total).toBeGreaterThan(10)
  })

  it('keeps the accounts that follow the head first: one read from the start block waits for them', async () => {
    const source = indexer({}, { rangesPerSync: 1, blocksPerRange: 100 })
    await source.sync(CHAIN_ID)
    const late = privateKeyToAccount(generatePrivateKey()).address
    await send(deployer, { to: late, value: 5n })
    await send(deployer, { to: me.address, value: 4n })
    await source.follow(CHAIN_ID, late)
    await source.sync(CHAIN_ID)
    expect((await allRows(source, me.address)).map(summary)[0]).toBe('receive confirmed in 0.000000000000000004 ETH')
    expect(await allRows(source, late)).toEqual([])
    await source.sync(CHAIN_ID)
    expect((await allRows(source, late)).map(summary)).toEqual(['receive confirmed in 0.000000000000000005 ETH'])
  })

  // PostgreSQL only: PGlite is one process's database, whose indexer takes no lock (nothing to test there, rather than a skipped test).
  if (name === 'postgres')
    it('lets one replica index a chain: another finds it locked', async () => {
      const key = `walletgate-activity:${CHAIN_ID}`
      await db.session(async (connection) => {
        await connection.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key])
        try {
          expect(await indexer().sync(CHAIN_ID)).toBe('busy')
        } finally {
          await connection.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key])
        }
      })
      expect(await indexer().sync(CHAIN_ID)).toBe('synced')
    })
})
