/** Gas the app pays (docs/sponsorship.md), for the e2e files that check who paid. */
import { encodeFunctionData, parseAbi, parseUnits, type Address } from 'viem'
import { DEVNET_ACCOUNTS, DEVNET_CONTRACTS, DEVNET_PAYMASTER } from '../../../devnet/src/config'
import { rpc } from './account-helpers'
import { expect } from './fixtures'
import type { E2eWorld } from './world'
import { setTheme } from './theme'
import type { Page } from '@playwright/test'

/** What the devnet paymaster has left on deposit at the EntryPoint (what sponsored operations are paid from). */
export const paymasterDeposit = async (world: E2eWorld): Promise<bigint> =>
  BigInt(await rpc<string>(world.rpcUrls[31337], 'eth_call', [{ to: DEVNET_PAYMASTER.address, data: encodeFunctionData({ abi: parseAbi(['function getDeposit() view returns (uint256)']), functionName: 'getDeposit' }) }, 'latest']))

/** Gives `to` 100 dUSD from a devnet account the node signs for (it picks the nonce, so parallel tests do not collide). */
export async function giveDusd(world: E2eWorld, to: Address): Promise<void> {
  const data = encodeFunctionData({ abi: parseAbi(['function transfer(address to, uint256 amount)']), functionName: 'transfer', args: [to, parseUnits('100', 6)] })
  const hash = await rpc<string>(world.rpcUrls[31337], 'eth_sendTransaction', [{ from: DEVNET_ACCOUNTS[9]!.address, to: DEVNET_CONTRACTS.dUSD, data }])
  await expect.poll(() => rpc<{ status: string } | null>(world.rpcUrls[31337], 'eth_getTransactionReceipt', [hash]).then((r) => r?.status)).toBe('0x1')
}

/** The page loaded again for `account` (still connected and signed in), in `theme`. */
export async function reloaded(page: Page, account: Address, theme: 'light' | 'dark'): Promise<void> {
  await page.reload()
  await expect(page.getByTestId('demo-account')).toContainText(account)
  await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
  await setTheme(page, theme)
}
