import { describe, expect, it } from 'vitest'
import { getAddress, parseEther } from 'viem'
import { escapeHtml } from '../../../devnet/src/service/routes/explorer'
import { clients, devnet } from './helpers'

const chainId = 31337
const sender = devnet.accounts[9]!
// An address no other suite touches: its page lists this suite's transfer.
const receiver = { address: getAddress('0x00000000000000000000000000000000000e4910') }

async function html(path: string): Promise<{ status: number; text: string; type: string | null }> {
  const res = await fetch(`${devnet.serviceUrl}${path}`)
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') }
}

// On the project's devnet: ether sent from account #9.
describe('the devnet explorer pages', () => {
  it('shows a transaction receipt, and the address with its balance and that transaction', async () => {
    const { publicClient, walletClient } = clients(chainId, sender.privateKey)
    const hash = await walletClient.sendTransaction({ to: receiver.address, value: parseEther('0.01') })
    await publicClient.waitForTransactionReceipt({ hash })

    const tx = await html(`/explorer/${chainId}/tx/${hash}`)
    expect(tx.status).toBe(200)
    expect(tx.type).toContain('text/html')
    expect(tx.text).toContain(hash)
    expect(tx.text).toContain('<span data-testid="explorer-status">Success</span>')
    expect(tx.text).toContain('0.01 ETH')

    await expect
      .poll(async () => (await html(`/explorer/${chainId}/address/${receiver.address}`)).text, { timeout: 10_000 })
      .toContain(`../tx/${hash}`)
    const address = await html(`/explorer/${chainId}/address/${receiver.address}`)
    expect(address.text).toContain(receiver.address)
    expect(address.text).toMatch(/<li>[\d.]+ ETH<\/li>/)
  })

  it('answers an unknown transaction, a chain the devnet does not run and a malformed address plainly', async () => {
    expect((await html(`/explorer/${chainId}/tx/0x${'ab'.repeat(32)}`)).status).toBe(404)
    expect((await html(`/explorer/1/address/${receiver.address}`)).status).toBe(404)
    expect((await html(`/explorer/${chainId}/address/<script>`)).status).toBe(400)
  })

  it('escapes every value it puts into a page', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe('&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;')
  })
})
