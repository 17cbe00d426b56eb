/**
 * The TokenTransfers contract against solana's adapter (Web3SolanaTransfers) over the demo's Devnet
 * Wallet, Solana side (a Wallet Standard wallet that signs and sends itself), on the contract
 * devnet's Solana chain. The accounts and the SPL token are this run's own: a fresh sender funded
 * by airdrop holding a fresh mint, and a fresh receiver that holds lamports (a transfer to a new
 * account must cover its rent).
 */
import { createMint, getOrCreateAssociatedTokenAccount, mintTo } from '@solana/spl-token'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { inject } from 'vitest'
import { ProviderRpcError } from '../../../demo/src/dev-wallet/rpc-error'
import { DevSolanaWallet } from '../../../demo/src/dev-wallet/solana/solana-wallet'
import { SOLANA_DEVNET_CAIP_NETWORK_ID } from '../../../devnet/src/chains/solana/network'
import type { WalletStandardWallet } from '../../../src/domain/chains/wallet-providers'
import type { CaipNetwork } from '../../../src/domain/entities'
import { base58Encode } from '../../../src/domain/format/base58'
import { Web3SolanaTransfers } from '../../../src/infrastructure/chains/solana/send/web3-solana-transfers'
import { tokenTransfersContract } from './token-transfers.contract'

// On the project's devnet: SOL airdropped to fresh Solana keys and sent between them.
tokenTransfersContract(
  {
    label: 'Web3SolanaTransfers (solana) over a Wallet Standard wallet on the devnet Solana chain',
    notApplicable: {
      'pending-until-mined': 'the Solana devnet lands each transaction as it arrives: it holds no pool to pause',
    },
    knownFailures: {
      'estimate-uncoverable-token':
        'the estimate prices the message (getFeeForMessage, per signature) without simulating it, so a token transfer the sender cannot cover is priced instead of refused',
    },
  },
  async () => {
    const devnet = inject('devnet')
    const home: CaipNetwork = {
      id: SOLANA_DEVNET_CAIP_NETWORK_ID.slice('solana:'.length),
      caipNetworkId: SOLANA_DEVNET_CAIP_NETWORK_ID as `solana:${string}`,
      chainNamespace: 'solana',
      name: 'Solana Devnet',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: [devnet.solanaRpcUrl],
    }
    const connection = new Connection(devnet.solanaRpcUrl, { commitment: 'confirmed', wsEndpoint: devnet.solanaWsUrl })
    const [sender, receiver] = [Keypair.generate(), Keypair.generate()]
    // The devnet lands an airdrop before it answers.
    await connection.requestAirdrop(sender.publicKey, 10 * LAMPORTS_PER_SOL)
    await connection.requestAirdrop(receiver.publicKey, LAMPORTS_PER_SOL)
    const mint = await createMint(connection, sender, sender.publicKey, null, 6)
    const held = await getOrCreateAssociatedTokenAccount(connection, sender, mint, sender.publicKey)
    await mintTo(connection, sender, mint, held.address, sender, 10_000_000_000n)

    // The person: approves unless the case scripted a decline, or the wallet's own failure.
    const answers: Array<'decline' | { fail: string }> = []
    let prompts = 0
    const wallet = new DevSolanaWallet(
      {
        name: 'Devnet Wallet',
        icon: 'data:image/svg+xml;base64,PHN2Zy8+',
        rdns: 'dev.walletgate.devnet',
        chain: SOLANA_DEVNET_CAIP_NETWORK_ID,
        rpcUrl: devnet.solanaRpcUrl,
        secretKeys: [base58Encode(sender.secretKey)],
        approver: {
          ask() {
            prompts++
            const answer = answers.shift()
            if (typeof answer === 'object') return Promise.reject(new ProviderRpcError(-32603, answer.fail))
            return Promise.resolve(answer !== 'decline')
          },
          dismissAll: () => undefined,
        },
        mode: () => 'manual',
        persist: () => undefined,
      },
      // Connected already: the transfers port works over a connected wallet.
      { authorized: true, accountIndex: 0 },
    )

    return {
      transfers: new Web3SolanaTransfers({
        wallet: () => wallet as unknown as WalletStandardWallet,
        network: (chainId) => (chainId === home.caipNetworkId ? home : undefined),
      }),
      chainId: home.caipNetworkId,
      sender: sender.publicKey.toBase58(),
      receiver: receiver.publicKey.toBase58(),
      token: mint.toBase58(),
      unseenHash: base58Encode(new Uint8Array(64).fill(7)),
      async balance(address: string, token?: string) {
        const owner = new PublicKey(address)
        if (token === undefined) return BigInt(await connection.getBalance(owner))
        const accounts = await connection.getParsedTokenAccountsByOwner(owner, { mint: new PublicKey(token) })
        return accounts.value.reduce((sum, a) => sum + BigInt((a.account.data.parsed as { info: { tokenAmount: { amount: string } } }).info.tokenAmount.amount), 0n)
      },
      wallet: {
        requests: () => wallet.log.length,
        prompts: () => prompts,
        declineNext: () => void answers.push('decline'),
        failNext: (words: string) => void answers.push({ fail: words }),
      },
      pauseMining: () => Promise.reject(new Error('the Solana devnet cannot hold transactions')),
      mineAndResume: () => Promise.resolve(),
      async revertedTransaction() {
        // More lamports than the sender holds, sent without the preflight simulation: the chain
        // lands it, takes the fee, and keeps it as failed.
        const lamports = 2 * (await connection.getBalance(sender.publicKey))
        const transaction = new Transaction().add(SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: receiver.publicKey, lamports }))
        const { blockhash } = await connection.getLatestBlockhash()
        transaction.recentBlockhash = blockhash
        transaction.feePayer = sender.publicKey
        transaction.sign(sender)
        return connection.sendRawTransaction(transaction.serialize(), { skipPreflight: true })
      },
    }
  },
)
