import { inject } from 'vitest'
import { createPublicClient, createWalletClient, erc20Abi, http, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { devnetViemChain } from '../../../devnet/src/config'
import { ViemTokenTransfers } from '../../../src/infrastructure/chains/eip155/send/viem-token-transfers'
import { DevWalletProvider } from './dev-wallet-provider'
import { tokenTransfersContract } from './token-transfers.contract'

// On the project's devnet: ether and tokens sent from account #1, and mined blocks.
tokenTransfersContract({ label: 'ViemTokenTransfers (eip155) over a signing wallet on Devnet A' }, () => {
  const devnet = inject('devnet')
  const chainId = 31337
  const rpcUrl = devnet.rpcUrls[chainId]!
  const chain = devnetViemChain(chainId, rpcUrl)
  // Account 1 sends nowhere else in the contract run; the receiver is new on every run.
  const sender = devnet.accounts[1]!
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const token = devnet.contracts.dUSD
  const wallet = new DevWalletProvider(rpcUrl, sender.privateKey, chain)
  const chainClient = createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 0 }) })
  const rpc = (method: string, params: unknown[] = []) =>
    chainClient.request({ method, params } as unknown as Parameters<typeof chainClient.request>[0])

  return Promise.resolve({
    transfers: new ViemTokenTransfers(() => Promise.resolve(wallet)),
    chainId: `eip155:${chainId}`,
    sender: sender.address,
    receiver,
    token,
    unseenHash: `0x${'ab'.repeat(32)}`,
    balance: (address: string, tokenAddress?: string) =>
      tokenAddress === undefined
        ? chainClient.getBalance({ address: address as Address })
        : chainClient.readContract({
            address: tokenAddress as Address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [address as Address],
          }),
    wallet: {
      requests: () => wallet.methods.length,
      prompts: () => wallet.prompts,
      declineNext: () => wallet.declineNext(),
      failNext: (words: string) => wallet.failNext(words),
    },
    async pauseMining() {
      await rpc('evm_setAutomine', [false])
    },
    async mineAndResume() {
      await rpc('evm_mine')
      await rpc('evm_setAutomine', [true])
    },
    async revertedTransaction() {
      // Signed outside the adapter with a fixed gas limit (nothing estimates it away first) and
      // mined from the pool, so the chain keeps it as a reverted transaction.
      const signer = createWalletClient({
        account: privateKeyToAccount(sender.privateKey),
        chain,
        transport: http(rpcUrl, { retryCount: 0 }),
      })
      const held = await chainClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [sender.address] })
      await rpc('evm_setAutomine', [false])
      let hash: Hex
      try {
        hash = await signer.writeContract({
          address: token,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [receiver, held + 1n],
          gas: 100_000n,
        })
        await rpc('evm_mine')
      } finally {
        await rpc('evm_setAutomine', [true])
      }
      const receipt = await chainClient.getTransactionReceipt({ hash })
      if (receipt.status !== 'reverted') throw new Error('the over-balance transfer did not revert')
      return hash
    },
  })
})
