import { describe, expect, inject, it } from 'vitest'
import { encodeFunctionData, erc721Abi, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEVNET_FUNDING } from '../../../devnet/src/config'
import { ViemTransactionSimulator } from '../../../src/infrastructure/chains/eip155/viem-transaction-simulator'
import { aCaipNetwork } from '../../builders/a-caip-network'

// The eip155 simulator reads the NFT receiver hook from the chain: account 2 owns the last Pixel.
describe('ViemTransactionSimulator on Devnet A: NFTs sent to a contract', () => {
  const devnet = inject('devnet')
  const network = aCaipNetwork({ name: 'Devnet A', rpcUrls: [devnet.rpcUrls[31337]!] })
  const owner = devnet.accounts[2]!.address as Address
  const tokenId = BigInt(DEVNET_FUNDING.pixelOwners.lastIndexOf(2) + 1)
  const send = (to: Address) => ({
    from: owner,
    calls: [{ to: devnet.contracts.pixels, data: encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [owner, to, tokenId] }) }],
  })

  it('flags a Pixel sent to a contract without onERC721Received (the dUSD token)', async () => {
    const outcome = await new ViemTransactionSimulator().simulate(network, send(devnet.contracts.dUSD as Address))
    expect(outcome).toMatchObject({ status: 'ok', nftReceiverWithoutHook: true })
  })

  it('says nothing of a Pixel sent to a plain account', async () => {
    const outcome = await new ViemTransactionSimulator().simulate(network, send(privateKeyToAccount(generatePrivateKey()).address))
    expect(outcome.status).toBe('ok')
    expect(outcome).not.toHaveProperty('nftReceiverWithoutHook')
  })
})
