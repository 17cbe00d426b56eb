import { afterAll } from 'vitest'
import { Keypair } from '@solana/web3.js'
import { DEVNET_SOLANA_ACCOUNTS, DEVNET_SOLANA_TOKENS } from '../../../devnet/src/config'
import { startSolanaDevnet, type SolanaDevnet } from '../../../devnet/src/chains/solana/server'
import { SolanaTransactionSimulator } from '../../../src/infrastructure/chains/solana/send/solana-transaction-simulator'
import { SolanaRpc } from '../../../src/infrastructure/chains/solana/solana-rpc'
import { aSolanaNetwork } from '../../builders/a-caip-network'
import { freePortPair } from '../../e2e/support/free-port'
import { transferSimulatorContract } from './transaction-simulator.contract'

// Its own Solana chain of the devnet (litesvm behind the devnet's JSON-RPC): account 1 simulates; nothing is sent.
let chain: SolanaDevnet | undefined
afterAll(async () => {
  await chain?.stop()
})

transferSimulatorContract('SolanaTransactionSimulator on the devnet Solana chain', async () => {
  chain ??= await startSolanaDevnet({ port: await freePortPair() })
  const rpc = new SolanaRpc([chain.rpcUrl], { retryCount: 0 })
  const token = DEVNET_SOLANA_TOKENS[0]!
  const sender = DEVNET_SOLANA_ACCOUNTS[1]!.address
  return {
    simulator: new SolanaTransactionSimulator(),
    network: aSolanaNetwork({ rpcUrls: [chain.rpcUrl] }),
    unreachable: aSolanaNetwork({ rpcUrls: ['http://127.0.0.1:9'] }),
    sender,
    receiver: Keypair.generate().publicKey.toBase58(),
    token: token.mint,
    decimals: token.decimals,
    balance: async (address, mint) => {
      if (mint === undefined) return BigInt((await rpc.call<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value)
      const accounts = await rpc.call<{ value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] }>('getTokenAccountsByOwner', [
        address,
        { mint },
        { encoding: 'jsonParsed', commitment: 'confirmed' },
      ])
      return accounts.value.reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n)
    },
  }
})
