/**
 * WalletConnect across two chain families: one pairing, one session, an EVM and a Solana account.
 * The devnet's wallet peer (with a Solana key) approves eip155 and solana; the modal connects both
 * families through the one WalletConnect row, signs with the Solana side, keeps both across a
 * reload, and one disconnect ends both.
 */
import { createPublicKey, verify } from 'node:crypto'
import type { Page } from '@playwright/test'
import { PublicKey } from '@solana/web3.js'
import { startWalletPeer, type WalletPeer } from '../../devnet/src/wc-wallet'
import { DEVNET_SOLANA_ACCOUNTS, SOLANA_DEVNET_CAIP_NETWORK_ID } from '../../devnet/src/config'
import { expect, test } from './support/fixtures'

interface DemoState {
  status: string
  namespaces: Record<string, { address?: string; connectorId?: string } | undefined>
}
interface StandardWallet {
  accounts: { address: string }[]
  features: Record<string, { signMessage(...inputs: unknown[]): Promise<{ signature: Uint8Array }[]> }>
}
interface DemoWindow {
  walletgateDemo: { getState(): DemoState; getProvider(namespace: 'solana'): Promise<StandardWallet | undefined> }
}

const EVM_INDEX = 6
const SOLANA_INDEX = 8
let peer: WalletPeer | undefined

test.afterEach(async () => {
  await peer?.stop()
  peer = undefined
})

function namespaces(page: Page) {
  return page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.getState().namespaces)
}

test('one WalletConnect pairing connects the EVM and the Solana account; the Solana side signs; reload keeps both; one disconnect ends both', async ({
  page,
  world,
}) => {
  test.setTimeout(120_000)
  const solanaKey = DEVNET_SOLANA_ACCOUNTS[SOLANA_INDEX]!
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const row = page.getByTestId('wallet-walletConnect')
  // One row for both families.
  await expect(row).toContainText('Solana')
  await row.click()
  const qr = page.getByTestId('walletconnect-qr')
  await expect(qr).toBeVisible({ timeout: 20_000 })
  peer = await startWalletPeer({
    relayUrl: world.relayUrl,
    rpcUrls: { 31337: world.rpcUrls[31337], 31338: world.rpcUrls[31338] },
    privateKey: world.accounts[EVM_INDEX]!.privateKey,
    projectId: 'walletgate-test',
    mode: 'approve',
    solana: { secretKey: solanaKey.secretKey, rpcUrls: { [SOLANA_DEVNET_CAIP_NETWORK_ID]: world.solanaRpcUrl } },
  })
  await peer.pair((await qr.getAttribute('data-uri'))!)

  await expect.poll(() => namespaces(page).then((n) => n.solana?.address), { timeout: 30_000 }).toBe(solanaKey.address)
  expect((await namespaces(page)).eip155?.address).toBe(world.accounts[EVM_INDEX]!.address)
  expect((await namespaces(page)).solana?.connectorId).toBe('walletConnect')

  // The Solana side signs over the session: an ed25519 signature of the exact bytes by the peer's key.
  const message = 'Walletgate over WalletConnect'
  const signature = await page.evaluate(async (text) => {
    const wallet = await (window as unknown as DemoWindow).walletgateDemo.getProvider('solana')
    if (wallet === undefined) throw new Error('no Solana provider')
    const [out] = await wallet.features['solana:signMessage']!.signMessage({ account: wallet.accounts[0], message: new TextEncoder().encode(text) })
    return Array.from(out!.signature)
  }, message)
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), new PublicKey(solanaKey.address).toBuffer()])
  expect(verify(null, Buffer.from(message), createPublicKey({ key: spki, format: 'der', type: 'spki' }), Buffer.from(signature))).toBe(true)
  await expect.poll(() => peer!.activity().filter((a) => a.type === 'request' && a.method === 'solana_signMessage' && a.outcome === 'approved').length).toBe(1)

  await page.reload()
  await expect.poll(() => namespaces(page).then((n) => [n.eip155?.address, n.solana?.address]), { timeout: 30_000 }).toEqual([
    world.accounts[EVM_INDEX]!.address,
    solanaKey.address,
  ])

  await page.getByTestId('demo-disconnect').click()
  await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  await expect.poll(() => namespaces(page).then((n) => [n.eip155?.address, n.solana?.address])).toEqual([undefined, undefined])
  await expect.poll(() => peer!.sessions().length, { timeout: 20_000 }).toBe(0)
})
