import { asyncScheduler } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { SendForm } from '../../../../src/application/send/send-form'
import { BITCOIN_CAIP_NETWORK_IDS } from '../../../../src/domain/bitcoin/bitcoin-networks'
import { sendErrorMessage } from '../../../../src/domain/send/send-errors'
import { validateSendForm } from '../../../../src/domain/validation/send-form'
import { aTokenBalance } from '../../../builders/a-token-balance'
import { InMemoryNamesApi } from '../../../fakes/blockchain/in-memory-names-api'
import { InMemoryFamilyRules, aFamilyRule } from '../../../fakes/in-memory-family-rules'
import { FakeBalances, RecordingLogger } from './support'

const MAINNET = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const REGTEST = 'bcrt1qk0cv0hlnauv348hasryq5nn5x7xp62urx6pgzf'

function aBitcoinForm(caipNetworkId: string) {
  const connection = new ConnectionStore()
  connection.set({
    status: 'connected',
    connectorId: 'dev.walletgate.bitcoin',
    namespace: 'bip122',
    caipAddress: `${caipNetworkId}:${REGTEST}`,
    address: REGTEST,
    caipNetworkId,
  })
  const rules = new InMemoryFamilyRules()
  const form = new SendForm({
    connection,
    balances: new FakeBalances(),
    api: new InMemoryNamesApi(),
    rules,
    scheduler: asyncScheduler,
    logger: new RecordingLogger(),
    locale: 'en-US',
  })
  return { form, rules }
}

describe('the send form reads a Bitcoin receiver by the bip122 wing\'s one address rule', () => {
  it('refuses an address of another Bitcoin network with its message, and takes one of the network in use', () => {
    const { form, rules } = aBitcoinForm(BITCOIN_CAIP_NETWORK_IDS.regtest)
    expect(rules.asked).toEqual(['bip122'])
    form.setReceiver(MAINNET)
    const receiver = form.snapshot.receiver
    expect(receiver).toEqual({ status: 'unresolved', name: MAINNET, error: { kind: 'otherNetworkAddress', message: 'This is a Bitcoin Mainnet address' } })
    expect(receiver.status === 'unresolved' && sendErrorMessage(receiver.error)).toBe('This is a Bitcoin Mainnet address')

    form.setReceiver(REGTEST)
    expect(form.snapshot.receiver).toEqual({ status: 'address', address: REGTEST })
    form.dispose()
  })

  it('takes a mainnet address on mainnet, and says an EVM address is of another family', () => {
    const { form } = aBitcoinForm(BITCOIN_CAIP_NETWORK_IDS.mainnet)
    form.setReceiver(MAINNET)
    expect(form.snapshot.receiver).toEqual({ status: 'address', address: MAINNET })
    form.setReceiver('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(form.snapshot.receiver).toEqual({
      status: 'unresolved',
      name: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      error: { kind: 'wrongFamily', namespace: 'bip122' },
    })
    form.dispose()
  })

  it('still says Unsupported chain for the whole form: the bip122 wing does not declare send', () => {
    const { form } = aBitcoinForm(BITCOIN_CAIP_NETWORK_IDS.regtest)
    form.selectToken(aTokenBalance())
    form.setAmount('0.1')
    form.setReceiver(REGTEST)
    expect(form.validation).toEqual({ kind: 'unsupportedChain' })
    form.dispose()
  })

  it('validateSendForm refuses a wrong-network address of a family that can send, with the rule\'s words', () => {
    const bitcoin = aFamilyRule('bip122', { capabilities: ['send'] })
    const token = aTokenBalance({ chainId: BITCOIN_CAIP_NETWORK_IDS.regtest, quantity: { decimals: '8', numeric: '1' } })
    const input = { amount: '0.1', token, family: bitcoin, caipNetworkId: BITCOIN_CAIP_NETWORK_IDS.regtest }
    const refused = validateSendForm({ ...input, receiverAddress: MAINNET })
    expect(refused).toEqual({ kind: 'otherNetworkAddress', message: 'This is a Bitcoin Mainnet address' })
    expect(validateSendForm({ ...input, receiverAddress: REGTEST })).toBeUndefined()
  })
})
