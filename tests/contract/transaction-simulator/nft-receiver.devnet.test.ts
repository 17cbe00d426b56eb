import { describe, expect, inject, it } from 'vitest'
import { createPublicClient, encodeFunctionData, erc721Abi, http, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEVNET_FUNDING } from '../../../devnet/src/config'
import { ViemTransactionSimulator } from '../../../src/infrastructure/chains/eip155/viem-transaction-simulator'
import { aCaipNetwork } from '../../builders/a-caip-network'

// The eip155 simulator reads the NFT receiver hook from the chain. The devnet is shared with other
// suites that move Pixels, so the transfer is simulated from whoever owns the Pixel now (a
// simulation needs no signature).
describe('ViemTransactionSimulator on Devnet A: NFTs sent to a contract', () => {
  const devnet = inject('devnet')
  const network = aCaipNetwork({ name: 'Devnet A', rpcUrls: [devnet.rpcUrls[31337]!] })
  const tokenId = BigInt(DEVNET_FUNDING.pixelOwners.lastIndexOf(2) + 1)
  const client = createPublicClient({ transport: http(devnet.rpcUrls[31337]) })
  const send = async (to: Address) => {
    const owner = await client.readContract({ address: devnet.contracts.pixels as Address, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] })
    return { from: owner, calls: [{ to: devnet.contracts.pixels, data: encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [owner, to, tokenId] }) }] }
  }

  it('flags a Pixel sent to a contract without onERC721Received (the dUSD token)', async () => {
    const outcome = await new ViemTransactionSimulator().simulate(network, await send(devnet.contracts.dUSD as Address))
    expect(outcome).toMatchObject({ status: 'ok', nftReceiverWithoutHook: true })
  })

  it('says nothing of a Pixel sent to a plain account', async () => {
    const outcome = await new ViemTransactionSimulator().simulate(network, await send(privateKeyToAccount(generatePrivateKey()).address))
    expect(outcome.status).toBe('ok')
    expect(outcome).not.toHaveProperty('nftReceiverWithoutHook')
  })
})
