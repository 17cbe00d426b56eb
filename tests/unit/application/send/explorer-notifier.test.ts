import { VirtualTimeScheduler } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { explorerLinkingNotifier, transactionExplorerUrl } from '../../../../src/application/send/explorer-notifier'
import { SNACK_AUTO_CLOSE_MS, SnackStore } from '../../../../src/application/snack-store'

const HASH = `0x${'ab'.repeat(32)}`

describe('explorerLinkingNotifier', () => {
  it('links the snack of a sent transaction to its page on the network\'s explorer', () => {
    const snacks = new SnackStore(new VirtualTimeScheduler())
    explorerLinkingNotifier(snacks, () => 'http://127.0.0.1:8787/explorer/31337/').showSuccess('Sent 1 ETH', HASH)
    expect(snacks.snapshot).toMatchObject({ open: true, message: 'Sent 1 ETH', variant: 'success', link: `http://127.0.0.1:8787/explorer/31337/tx/${HASH}` })
  })

  it('shows no link where the network has no explorer, and errors as they are', () => {
    const scheduler = new VirtualTimeScheduler()
    const snacks = new SnackStore(scheduler)
    const notifier = explorerLinkingNotifier(snacks, () => undefined)
    notifier.showSuccess('Sent 1 ETH', HASH)
    expect(snacks.snapshot.link).toBeUndefined()
    notifier.showError('Transaction failed')
    // The open snack closes first; the next shows 150 ms later (spec section 4).
    scheduler.maxFrames = 200
    scheduler.flush()
    expect(snacks.snapshot).toMatchObject({ message: 'Transaction failed', variant: 'error' })
    expect(transactionExplorerUrl('', HASH)).toBeUndefined()
  })

  it('keeps a snack with a link open long enough to follow it', () => {
    const scheduler = new VirtualTimeScheduler()
    const snacks = new SnackStore(scheduler)
    snacks.showSuccess('Sent 1 ETH', 'https://explorer.example/tx/1')
    scheduler.maxFrames = SNACK_AUTO_CLOSE_MS + 1
    scheduler.flush()
    expect(snacks.snapshot.open).toBe(true)
    scheduler.maxFrames = Infinity
    scheduler.flush()
    expect(snacks.snapshot.open).toBe(false)
  })
})
