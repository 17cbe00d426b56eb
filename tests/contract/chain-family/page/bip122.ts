/**
 * Bundled into a page by chain-family.browser.test.ts: the contract's cases over the real bip122
 * wing (the on-demand family over this page's Wallet Standard registry and window, and its Bitcoin
 * session) and the demo's Devnet Bitcoin Wallet: a Wallet Standard Bitcoin wallet that registers
 * itself and signs BIP-322 with the devnet's regtest keys. The site may also use a second,
 * custom Bitcoin network the address rules do not know (any addresses fit it).
 */
import { DevBitcoinWallet } from '../../../../demo/src/dev-wallet/bip122/bitcoin-wallet'
import { registerWallet } from '../../../../demo/src/dev-wallet/solana/solana-wallet'
import { BITCOIN_DEVNET_CAIP_NETWORK_ID } from '../../../../devnet/src/chains/bip122/network'
import { OnDemandChainFamily } from '../../../../src/infrastructure/chains/on-demand-chain-family'
import { bip122 } from '../../../../src/infrastructure/chains/bip122/wing'
import { RecordingLogger } from '../../../fakes/recording-logger'
import { ICON, contractWallet, networkOf, scriptedPerson, serveCases, verifyInNode } from './runner'


const RDNS = 'dev.walletgate.bitcoin'
const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }

serveCases(() => {
  const home = networkOf(BITCOIN_DEVNET_CAIP_NETWORK_ID as `bip122:${string}`, 'Bitcoin Regtest', BTC)
  const away = networkOf('bip122:00000000000000000000000000c0ffee', 'Bitcoin Devnet B', BTC)
  const person = scriptedPerson()
  const wallet = new DevBitcoinWallet(
    {
      name: 'Devnet Bitcoin Wallet',
      icon: ICON,
      rdns: RDNS,
      ...person.gate,
    },
    { authorized: false, accountIndex: 0 },
  )
  // As an extension does when it loads: nobody listens yet.
  registerWallet(wallet)

  return {
    family: new OnDemandChainFamily(bip122, [home, away], new RecordingLogger()),
    wallet: contractWallet(person, {
      id: RDNS,
      announce: () => registerWallet(wallet),
      changeAccount() {
        wallet.useAccount(1)
        return wallet.key.payment.address
      },
      requests: () => wallet.log.length,
    }),
    home,
    away,
    foreignChainId: 'eip155:1',
    receiver: 'bcrt1qk0cv0hlnauv348hasryq5nn5x7xp62urx6pgzf',
    verify: verifyInNode,
  }
})
