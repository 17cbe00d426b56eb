import { DEVNET_ENS } from '../../../devnet/src/config'
import { ViemEnsNames } from '../../../src/infrastructure/chains/eip155/ens/viem-ens-names'
import { devnet, freshOwner, registerName } from './helpers'
import { ensNamesContract } from './ens-names.contract'

let registered: Promise<{ name: string; address: string }> | undefined

/** The modal's own ENS adapter on devnet chain A, with a name registered through the modal's call. */
ensNamesContract('viem on the devnet', async () => {
  registered ??= (async () => {
    const owner = freshOwner('ensport')
    await registerName(owner.name, owner.privateKey)
    return { name: owner.name, address: owner.address }
  })()
  const { name, address } = await registered
  const names = new ViemEnsNames(
    { id: 31337, name: 'Devnet A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: [devnet.rpcUrls[31337]!] },
    DEVNET_ENS.universalResolver,
    10_000,
  )
  return { names, known: name, address }
})
