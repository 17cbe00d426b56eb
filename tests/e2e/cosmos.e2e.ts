/**
 * Cosmos end to end: the Devnet Wallet's Keplr-style side (`window.keplr`, the devnet's test
 * mnemonic) connects from its own row, its account shows with no balance (no Cosmos chain runs
 * offline), it signs in with a CAIP-122 message signed with ADR-036 that the test verifies with
 * @cosmjs, stays connected across a reload, and stays disconnected after a disconnect.
 */
import type { Page } from '@playwright/test'
import { makeSignDoc, pubkeyToAddress, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import { COSMOS_DEVNET_CAIP_NETWORK_ID, DEVNET_COSMOS_ADDRESS } from '../../devnet/src/chains/cosmos/network'
import { initDevWallet, showEveryWallet } from './support/dev-wallet'
import { expect, snapshot, test } from './support/fixtures'

const ROW = 'wallet-keplr'

interface Session {
  data: { accountAddress: string; chainId: string }
  message: string
  signature: string
}

async function sessions(page: Page): Promise<Session[]> {
  return page.evaluate(() =>
    (window as unknown as { walletgateDemo: { siwx: { getSessions(): Promise<Session[]> } } }).walletgateDemo.siwx.getSessions(),
  )
}

/** ADR-036 as Keplr's verifyADR36Amino checks it, with CosmJS only. */
async function adr36Verified(signer: string, message: string, signature: string): Promise<boolean> {
  const { pub_key: pubKey, signature: sig } = JSON.parse(signature) as { pub_key: { type: string; value: string }; signature: string }
  if (pubkeyToAddress(pubKey, 'cosmos') !== signer) return false
  const doc = makeSignDoc([{ type: 'sign/MsgSignData', value: { signer, data: toBase64(new TextEncoder().encode(message)) } }], { gas: '0', amount: [] }, '', '', 0, 0)
  return Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(fromBase64(sig)), sha256(serializeSignDoc(doc)), fromBase64(pubKey.value))
}

test.describe('cosmos', () => {
  test('connect, see the account, sign in (verified here), reload, disconnect', async ({ page }) => {
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/?siwx=required')
    await page.getByTestId('connect-button').click()
    await showEveryWallet(page)
    const row = page.getByTestId(ROW)
    await expect(row).toContainText('Devnet Wallet (Cosmos)')
    await row.click()

    await expect(page.getByTestId('view-SIWXSignMessage')).toBeVisible()
    await page.getByTestId('siwx-sign').click()
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    await expect(page.getByTestId('demo-account')).toContainText(`${DEVNET_COSMOS_ADDRESS} on ${COSMOS_DEVNET_CAIP_NETWORK_ID}`)

    const [session] = await sessions(page)
    expect(session?.data).toMatchObject({ accountAddress: DEVNET_COSMOS_ADDRESS, chainId: COSMOS_DEVNET_CAIP_NETWORK_ID })
    expect(session?.message).toContain(`wants you to sign in with your Cosmos account:\n${DEVNET_COSMOS_ADDRESS}`)
    expect(await adr36Verified(DEVNET_COSMOS_ADDRESS, session!.message, session!.signature)).toBe(true)
    expect(await adr36Verified(DEVNET_COSMOS_ADDRESS, `${session!.message}.`, session!.signature)).toBe(false)

    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await expect(page.getByTestId('account-address')).toContainText(DEVNET_COSMOS_ADDRESS.slice(0, 6))
    await expect(page.getByTestId('account-balance')).toHaveCount(0)
    await snapshot(page, 'cosmos-account')
    await page.keyboard.press('Escape')

    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(DEVNET_COSMOS_ADDRESS)
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')

    await page.getByTestId('demo-disconnect').click()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    // The wallet was asked to forget the chain.
    expect(await page.evaluate(() => (window as unknown as { devWallet: { cosmos: { enabled: string[] } } }).devWallet.cosmos.enabled)).toEqual([])
    await page.reload()
    await page.waitForFunction(() => (window as unknown as { devWallet?: unknown }).devWallet !== undefined)
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  })
})
