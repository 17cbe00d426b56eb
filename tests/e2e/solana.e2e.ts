/**
 * Solana end to end on the devnet's Solana chain: the Devnet Wallet's Solana side (a Wallet
 * Standard wallet) connects with its EVM side as one wallet, shows SOL and both SPL balances, sends
 * SOL and an SPL token, previewed by simulateTransaction (creating the receiver's token account), refuses a rejected approval,
 * sends once on a double click, switches between an EVM and the Solana network without a
 * reconnect, and survives a reload. Each test uses its own Solana devnet account.
 */
import type { Page } from '@playwright/test'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Keypair, PublicKey } from '@solana/web3.js'
import { DEVNET_SOLANA_ACCOUNTS, DEVNET_SOLANA_TOKENS, SOLANA_DEVNET_CAIP_NETWORK_ID } from '../../devnet/src/config'
import { rpc, threeDecimals } from './support/account-helpers'
import { expect, snapshot, test } from './support/fixtures'
import type { E2eWorld } from './support/world'

const WALLET = 'dev.walletgate.devnet'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const LAMPORTS = 1_000_000_000n
const [DUSD, DVT] = DEVNET_SOLANA_TOKENS as [(typeof DEVNET_SOLANA_TOKENS)[number], (typeof DEVNET_SOLANA_TOKENS)[number]]

async function solBalance(world: E2eWorld, address: string): Promise<bigint> {
  return BigInt((await rpc<{ value: number }>(world.solanaRpcUrl, 'getBalance', [address])).value)
}

/** The owner's balance of a mint: its token accounts' amounts (0 when it has none). */
async function tokenBalance(world: E2eWorld, owner: string, mint: string): Promise<bigint> {
  const accounts = await rpc<{ value: { pubkey: string }[] }>(world.solanaRpcUrl, 'getTokenAccountsByOwner', [
    owner,
    { mint },
    { encoding: 'base64' },
  ])
  let total = 0n
  for (const { pubkey } of accounts.value) {
    total += BigInt((await rpc<{ value: { amount: string } }>(world.solanaRpcUrl, 'getTokenAccountBalance', [pubkey])).value.amount)
  }
  return total
}

async function signaturesOf(world: E2eWorld, address: string): Promise<string[]> {
  const list = await rpc<{ signature: string }[]>(world.solanaRpcUrl, 'getSignaturesForAddress', [address])
  return list.map((s) => s.signature)
}

async function feeOf(world: E2eWorld, signature: string): Promise<bigint> {
  const tx = await rpc<{ meta: { fee: number } }>(world.solanaRpcUrl, 'getTransaction', [signature, { encoding: 'json' }])
  return BigInt(tx.meta.fee)
}

/** Opens the demo with the Devnet Wallet on Solana account `index`, connects both families and shows Account on the Solana devnet. */
async function connectSolana(page: Page, index: number, mode: 'approve' | 'manual' = 'approve'): Promise<void> {
  await page.addInitScript((init) => {
    ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = init
  }, { mode, solanaAccountIndex: index })
  await page.goto('/')
  await page.waitForFunction(() => (window as unknown as { devWallet?: unknown }).devWallet !== undefined)
  await page.getByTestId('connect-button').click()
  const row = page.getByTestId(`wallet-${WALLET}`)
  // One row for both sides of the wallet.
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Solana')
  await row.click()
  await expect(page.getByTestId('demo-account')).toContainText('eip155:31337')
  await switchTo(page, SOLANA_DEVNET_CAIP_NETWORK_ID)
  await expect(page.getByTestId('demo-account')).toContainText(`${SOLANA_DEVNET_CAIP_NETWORK_ID}`)
}

async function switchTo(page: Page, caipNetworkId: string): Promise<void> {
  if (!(await page.getByTestId('view-Account').isVisible())) await page.getByTestId('connect-button').click()
  await page.getByTestId('account-network-button').click()
  await page.getByTestId(`network-${caipNetworkId}`).click()
  await expect(page.getByTestId('view-Account')).toBeVisible()
}

async function selectToken(page: Page, symbol: string): Promise<void> {
  const select = page.getByTestId('send-token')
  const label = await select.locator('option', { hasText: `${symbol} ·` }).textContent()
  await select.selectOption({ label: label ?? '' })
}

async function send(page: Page, symbol: string, amount: string, receiver: string): Promise<void> {
  await page.getByTestId('account-send').click()
  await expect(page.getByTestId('view-Send')).toBeVisible()
  await selectToken(page, symbol)
  await page.getByTestId('send-amount').fill(amount)
  await page.getByTestId('send-receiver').fill(receiver)
  await page.getByTestId('send-review').click()
  await expect(page.getByTestId('view-SendPreview')).toBeVisible()
  await expect(page.getByTestId('send-preview-amount')).toHaveText(`${amount} ${symbol}`)
  await expect(page.getByTestId('send-preview-fee')).toContainText('SOL')
}

test.describe('solana', () => {
  test('SOL and both SPL balances as on the chain; 0.5 SOL and 12.5 dUSD to a fresh address are exact; Activity lists both', async ({
    page,
    world,
  }) => {
    const sender = DEVNET_SOLANA_ACCOUNTS[2]!.address
    const receiver = Keypair.generate().publicKey.toBase58()
    const before = {
      sol: await solBalance(world, sender),
      dusd: await tokenBalance(world, sender, DUSD.mint),
      dvt: await tokenBalance(world, sender, DVT.mint),
      signatures: new Set(await signaturesOf(world, sender)),
    }

    await connectSolana(page, 2)
    await expect(page.getByTestId('account-address')).toContainText(sender.slice(0, 4))
    await expect(page.getByTestId('account-balance')).toHaveText(`${threeDecimals(before.sol, 9)} SOL`)
    await expect(page.getByTestId('token-dUSD')).toContainText(`${threeDecimals(before.dusd, DUSD.decimals)} dUSD`)
    await expect(page.getByTestId('token-DVT')).toContainText(`${threeDecimals(before.dvt, DVT.decimals)} DVT`)
    await snapshot(page, 'solana-account')

    await send(page, 'SOL', '0.5', receiver)
    // The preview, from simulateTransaction: what leaves the account, the fee shown apart.
    await expect(page.getByTestId('preview-changes')).toBeVisible()
    expect(await page.getByTestId('preview-change-amount').allTextContents()).toEqual(['−0.5 SOL'])
    await snapshot(page, 'solana-send-preview')
    await page.getByTestId('send-confirm').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await expect(page.getByTestId('snack')).toHaveText(/Sent 0\.5 SOL/)

    await send(page, 'dUSD', '12.5', receiver)
    // The receiver's new token account's rent leaves with the tokens.
    await expect(page.getByTestId('preview-changes')).toBeVisible()
    expect(await page.getByTestId('preview-change-amount').allTextContents()).toEqual(expect.arrayContaining(['−12.5 dUSD', expect.stringMatching(/^−0\.00[0-9]* SOL$/)]))
    await page.getByTestId('send-confirm').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await expect(page.getByTestId('snack')).toHaveText(/Sent 12\.5 dUSD/)

    // The chain: exactly those amounts, and the sender paid both fees and the new token account's rent.
    await expect.poll(async () => (await signaturesOf(world, sender)).filter((s) => !before.signatures.has(s)).length).toBe(2)
    const sent = (await signaturesOf(world, sender)).filter((s) => !before.signatures.has(s))
    const fees = (await feeOf(world, sent[0]!)) + (await feeOf(world, sent[1]!))
    const rent = BigInt(await rpc<number>(world.solanaRpcUrl, 'getMinimumBalanceForRentExemption', [165]))
    expect(await solBalance(world, receiver)).toBe(LAMPORTS / 2n)
    expect(await tokenBalance(world, receiver, DUSD.mint)).toBe(12_500_000n)
    expect(await solBalance(world, sender)).toBe(before.sol - LAMPORTS / 2n - fees - rent)
    expect(await tokenBalance(world, sender, DUSD.mint)).toBe(before.dusd - 12_500_000n)
    const receiverAccounts = await rpc<{ value: { account: { owner: string } }[] }>(world.solanaRpcUrl, 'getTokenAccountsByOwner', [
      receiver,
      { programId: TOKEN_PROGRAM },
      { encoding: 'base64' },
    ])
    expect(receiverAccounts.value).toHaveLength(1)

    await page.getByTestId('account-tab-Activity').click()
    for (const signature of sent) {
      const row = page.getByTestId(`activity-${signature.toLowerCase()}`)
      await expect(row).toHaveCount(1)
      await expect(row.getByTestId('activity-status')).toHaveText('Confirmed')
    }
    await snapshot(page, 'solana-activity')
  })

  test('a wrong-family or off-curve receiver says so; a rejected approval sends nothing; a double click on Send sends once', async ({
    page,
    world,
  }) => {
    const sender = DEVNET_SOLANA_ACCOUNTS[3]!.address
    const receiver = DEVNET_SOLANA_ACCOUNTS[9]!.address
    const before = { sol: await solBalance(world, sender), signatures: (await signaturesOf(world, sender)).length }

    await connectSolana(page, 3)
    await page.getByTestId('account-send').click()
    await selectToken(page, 'SOL')
    await page.getByTestId('send-amount').fill('0.2')
    await page.getByTestId('send-receiver').fill(world.accounts[6]!.address)
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('send-error')).toHaveText('This is not a Solana address')
    // A token account is a valid key, but no wallet holds it.
    await page.getByTestId('send-receiver').fill(getAssociatedTokenAddressSync(new PublicKey(DUSD.mint), new PublicKey(receiver)).toBase58())
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('send-error')).toContainText('not a wallet address')
    await page.getByTestId('modal-back').click()
    await send(page, 'SOL', '0.2', receiver)
    await page.evaluate(() => (window as unknown as { devWallet: { setMode(m: string): void } }).devWallet.setMode('reject'))
    await page.getByTestId('send-confirm').click()
    await expect(page.getByTestId('send-error')).toHaveText('Transaction rejected')
    expect(await solBalance(world, sender)).toBe(before.sol)
    expect(await signaturesOf(world, sender)).toHaveLength(before.signatures)

    await page.evaluate(() => (window as unknown as { devWallet: { setMode(m: string): void } }).devWallet.setMode('approve'))
    await page.getByTestId('send-confirm').dblclick()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await expect.poll(async () => (await signaturesOf(world, sender)).length).toBe(before.signatures + 1)
    const sends = await page.evaluate(
      () =>
        (window as unknown as { devWallet: { solana: { requests: { method: string; outcome: string }[] } } }).devWallet.solana.requests.filter(
          (r) => r.method === 'solana:signAndSendTransaction' && r.outcome === 'ok',
        ).length,
    )
    expect(sends).toBe(1)
  })

  test('EVM and Solana at once: switching Devnet A ↔ Solana devnet changes address and balance without a reconnect; a reload keeps Solana', async ({
    page,
    world,
  }) => {
    const solana = DEVNET_SOLANA_ACCOUNTS[4]!.address
    const evm = world.accounts[0]!.address
    await connectSolana(page, 4)
    const sol = await solBalance(world, solana)
    await expect(page.getByTestId('account-balance')).toHaveText(`${threeDecimals(sol, 9)} SOL`)
    const connects = () =>
      page.evaluate(() => {
        const w = (window as unknown as { devWallet: { requests: { method: string }[]; solana: { requests: { method: string }[] } } }).devWallet
        return [...w.requests, ...w.solana.requests].filter((r) => r.method === 'eth_requestAccounts' || r.method === 'standard:connect').length
      })
    const connectsBefore = await connects()

    await switchTo(page, 'eip155:31337')
    await expect(page.getByTestId('demo-account')).toContainText(`${evm} on eip155:31337`)
    await expect(page.getByTestId('account-balance')).toContainText('ETH')
    await switchTo(page, SOLANA_DEVNET_CAIP_NETWORK_ID)
    await expect(page.getByTestId('demo-account')).toContainText(`${solana} on ${SOLANA_DEVNET_CAIP_NETWORK_ID}`)
    await expect(page.getByTestId('account-balance')).toHaveText(`${threeDecimals(sol, 9)} SOL`)
    expect(await connects()).toBe(connectsBefore)

    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(`${solana} on ${SOLANA_DEVNET_CAIP_NETWORK_ID}`)
    expect(
      await page.evaluate(() => (window as unknown as { devWallet: { solana: { requests: { method: string }[] } } }).devWallet.solana.requests.map((r) => r.method)),
    ).toContain('standard:connect')
  })
})
