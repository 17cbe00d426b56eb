import { FakeTokenTransfers } from '../../fakes/fake-token-transfers'
import { tokenTransfersContract } from './token-transfers.contract'

tokenTransfersContract({ label: 'FakeTokenTransfers' }, () => {
  const sender = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const receiver = '0x000000000000000000000000000000000000c0DE'
  const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
  const transfers = new FakeTokenTransfers()
  transfers.autoMine = true
  transfers.fund(sender, 10_000n * 10n ** 18n)
  transfers.fund(sender, 10_000n * 10n ** 6n, token)
  let reverted = 0
  return Promise.resolve({
    transfers,
    chainId: 'eip155:31337',
    sender,
    receiver,
    token,
    unseenHash: `0x${'ab'.repeat(32)}`,
    balance: (address: string, tokenAddress?: string) => Promise.resolve(transfers.balanceOf(address, tokenAddress)),
    wallet: {
      requests: () => transfers.estimates.length + transfers.sends.length + transfers.receiptChecks.length,
      prompts: () => transfers.sends.length,
      declineNext: () => transfers.failNextSend({ code: 4001, message: 'User rejected the request.' }),
      failNext: (words: string) => transfers.failNextSend(Object.assign(new Error(words), { code: -32603 })),
    },
    pauseMining() {
      transfers.autoMine = false
      return Promise.resolve()
    },
    mineAndResume() {
      transfers.mine()
      transfers.autoMine = true
      return Promise.resolve()
    },
    revertedTransaction() {
      const hash = `0x${(++reverted).toString(16).padStart(64, 'd')}`
      transfers.receipts.set(hash, 'failed')
      return Promise.resolve(hash)
    },
  })
})
