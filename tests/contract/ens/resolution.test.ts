/**
 * Names registered through Walletgate resolve for any ENS client: viem's own ENS actions, given
 * only a devnet chain's RPC and the universal resolver's address, follow the offchain resolver to
 * the service's CCIP-read gateway. The on-chain names of the devnet resolve beside them.
 */
import { describe, expect, it } from 'vitest'
import { parseAbi, parseEther, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEVNET_ACCOUNTS, DEVNET_CHAINS, DEVNET_ENS, DEVNET_ENS_NAME } from '../../../devnet/src/config'
import { chainClients, freshOwner, registerName } from './helpers'

const universalResolverAddress = DEVNET_ENS.universalResolver

describe.each(DEVNET_CHAINS.map((c) => c.id))('ENS on devnet chain %i', (chainId) => {
  const { chain, publicClient, setBalance } = chainClients(chainId)

  it('resolves a Walletgate name both ways, and its text records', async () => {
    const owner = freshOwner('ens')
    await registerName(owner.name, owner.privateKey, chainId)
    expect(await publicClient.getEnsAddress({ name: owner.name, universalResolverAddress })).toBe(owner.address)
    expect(await publicClient.getEnsName({ address: owner.address, universalResolverAddress })).toBe(owner.name)
    // No avatar or bio set through the modal yet: the gateway answers the empty record.
    expect(await publicClient.getEnsText({ name: owner.name, key: 'description', universalResolverAddress })).toBeNull()
    expect(await publicClient.getEnsAvatar({ name: owner.name, universalResolverAddress })).toBeNull()
  })

  it('resolves the on-chain devnet.eth to account 0, whose primary name it is', async () => {
    expect(await publicClient.getEnsAddress({ name: DEVNET_ENS_NAME, universalResolverAddress })).toBe(DEVNET_ACCOUNTS[0]!.address)
    expect(await publicClient.getEnsName({ address: DEVNET_ACCOUNTS[0]!.address, universalResolverAddress })).toBe(DEVNET_ENS_NAME)
  })

  it('answers null for a name nobody registered and an address with no name', async () => {
    expect(await publicClient.getEnsAddress({ name: 'nobody-xyz.wg.id', universalResolverAddress })).toBeNull()
    expect(await publicClient.getEnsAddress({ name: 'nobody-xyz.eth', universalResolverAddress })).toBeNull()
    expect(await publicClient.getEnsName({ address: freshOwner('none').address, universalResolverAddress })).toBeNull()
  })

  it('takes a primary name set on-chain through the reverse registrar over the gateway, checked forward', async () => {
    const owner = freshOwner('ens-onchain')
    await registerName(owner.name, owner.privateKey, chainId)
    await setBalance(owner.address, parseEther('1'))
    const wallet = createWalletClient({ chain, transport: http(chain.rpcUrls.default.http[0]), account: privateKeyToAccount(owner.privateKey) })
    const setName = async (name: string) => {
      const hash = await wallet.writeContract({ address: DEVNET_ENS.reverseRegistrar, abi: parseAbi(['function setName(string name) returns (bytes32)']), functionName: 'setName', args: [name] })
      expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    }
    // On-chain reverse record, off-chain forward check: the name is the owner's.
    await setName(owner.name)
    expect(await publicClient.getEnsName({ address: owner.address, universalResolverAddress })).toBe(owner.name)
    // An on-chain claim to a name that resolves elsewhere wins over the gateway's answer and fails the forward check.
    await setName(DEVNET_ENS_NAME)
    expect(await publicClient.getEnsName({ address: owner.address, universalResolverAddress })).toBeNull()
    expect(await publicClient.getEnsName({ address: owner.address, universalResolverAddress, strict: true }).catch((e: Error) => e.message)).toMatch(/ReverseAddressMismatch/)
  })
})
