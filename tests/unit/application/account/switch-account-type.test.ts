/**
 * The account type switch (Bitcoin's payment and ordinals addresses) over the real bip122 wing
 * and a scripted Wallet Standard wallet: the connection shows the new type and address, and a
 * switch the wallet cannot make leaves the connection as it was, saying why.
 */
import { describe, expect, it } from 'vitest'
import { SwitchAccountType, accountTypeChoices } from '../../../../src/application/account/switch-account-type'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { connectedAccount } from '../../../../src/application/connection/connected-state'
import type { WalletStandardWallet } from '../../../../src/domain/chains/wallet-providers'
import type { CaipNetwork } from '../../../../src/domain/entities'
import { OnDemandChainFamily } from '../../../../src/infrastructure/chains/on-demand-chain-family'
import { bip122 } from '../../../../src/infrastructure/chains/bip122/wing'
import { WalletRequestError, type ChainFamilies, type ChainFamily } from '../../../../src/ports/chain-family'
import { RecordingLogger } from '../../../fakes/recording-logger'

const REGTEST = {
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  chainNamespace: 'bip122',
  name: 'Bitcoin Regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: ['http://127.0.0.1:18792'],
} as CaipNetwork
const PAYMENT = 'bcrt1qk0cv0hlnauv348hasryq5nn5x7xp62urx6pgzf'
const ORDINALS = 'bcrt1prhw44hwryauh8rvnwlfw5gaa4xcs9kxw9mmzs22lns75fpmvt2psy0prz6'
const WALLET = 'dev.scripted.bitcoin'

function bitcoinWallet(addresses: { address: string; purpose: string }[]): WalletStandardWallet {
  const accounts = addresses.map((a) => ({ ...a, publicKey: new Uint8Array([2, 1]), chains: ['bitcoin:regtest'] }))
  return {
    version: '1.0.0',
    name: 'Scripted Bitcoin',
    icon: 'data:image/svg+xml;base64,AA==',
    chains: ['bitcoin:regtest'],
    accounts,
    features: {
      'bitcoin:connect': { connect: async () => ({ accounts }) },
      'walletgate:rdns': { rdns: WALLET },
    },
  } as unknown as WalletStandardWallet
}

async function world(addresses = [{ address: PAYMENT, purpose: 'payment' }, { address: ORDINALS, purpose: 'ordinals' }]) {
  const registry = { get: () => [bitcoinWallet(addresses)], on: () => () => undefined }
  const family = new OnDemandChainFamily(bip122, [REGTEST], new RecordingLogger(), { registry: () => registry, root: () => ({}) })
  family.startDiscovery()
  await new Promise<void>((resolve) => family.connectors$.subscribe((list) => list.length > 0 && resolve()))
  const families: ChainFamilies = { all: [family], get: (ns) => (ns === 'bip122' ? family : undefined) }
  const connection = new ConnectionStore()
  connection.upsert(connectedAccount(await family.connect(WALLET), 'ANNOUNCED'))
  const logger = new RecordingLogger()
  return { family, connection, switcher: new SwitchAccountType(families, connection, logger), logger }
}

describe('SwitchAccountType', () => {
  it('a wallet that shared both addresses offers both types, payment first and active', async () => {
    const { connection } = await world()
    const account = connection.account('bip122')!
    expect(account).toMatchObject({ address: PAYMENT, accountType: 'payment', accountTypes: ['payment', 'ordinal'] })
    expect(accountTypeChoices(account)).toEqual(['payment', 'ordinal'])
  })

  it('switches to the ordinals address and back: the connection shows the type and its address', async () => {
    const { connection, switcher } = await world()
    await switcher.switchTo('ordinal')
    expect(switcher.snapshot).toEqual({ status: 'idle' })
    expect(connection.snapshot).toMatchObject({
      status: 'connected',
      address: ORDINALS,
      caipAddress: `${REGTEST.caipNetworkId}:${ORDINALS}`,
      accountType: 'ordinal',
      accountTypes: ['payment', 'ordinal'],
    })
    await switcher.switchTo('payment')
    expect(connection.snapshot).toMatchObject({ address: PAYMENT, accountType: 'payment' })
  })

  it('offers no switch when the wallet shared only a payment address, and refuses one without asking the wing', async () => {
    const { connection, switcher, family } = await world([{ address: PAYMENT, purpose: 'payment' }])
    expect(accountTypeChoices(connection.account('bip122')!)).toEqual([])
    let asked = 0
    const original = family.switchAccountType.bind(family)
    family.switchAccountType = (...args) => (asked++, original(...args))
    await switcher.switchTo('ordinal')
    expect(asked).toBe(0)
    expect(switcher.snapshot).toEqual({ status: 'error', accountType: 'ordinal', error: { code: 'account.noSuchAccountType' } })
    expect(connection.snapshot).toMatchObject({ address: PAYMENT, accountType: 'payment' })
  })

  it("keeps the connection and says the wallet's words when it refuses, plain words for anything else", async () => {
    const { connection, switcher, family, logger } = await world()
    ;(family as ChainFamily).switchAccountType = () => Promise.reject(new WalletRequestError('unsupportedMethod', 'The wallet shared no ordinals address'))
    await switcher.switchTo('ordinal')
    expect(switcher.snapshot).toEqual({ status: 'error', accountType: 'ordinal', error: { code: 'account.walletReason', params: { reason: 'The wallet shared no ordinals address' } } })
    ;(family as ChainFamily).switchAccountType = () => Promise.reject(new TypeError('x is not a function'))
    await switcher.switchTo('ordinal')
    expect(switcher.snapshot).toEqual({ status: 'error', accountType: 'ordinal', error: { code: 'account.switchFailed' } })
    expect(connection.snapshot).toMatchObject({ address: PAYMENT, accountType: 'payment' })
    expect(logger.warnings.length).toBeGreaterThan(0)
  })

  it('changes nothing when the wallet was disconnected while it answered', async () => {
    const { connection, switcher, family } = await world()
    const original = family.switchAccountType.bind(family)
    family.switchAccountType = async (...args) => {
      connection.remove('bip122')
      return original(...args)
    }
    await switcher.switchTo('ordinal')
    expect(connection.snapshot).toEqual({ status: 'disconnected' })
    expect(switcher.snapshot).toEqual({ status: 'idle' })
  })
})
