import { firstValueFrom } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { bip122 } from '../../../../src/infrastructure/chains/bip122/wing'
import { cosmos } from '../../../../src/infrastructure/chains/cosmos/wing'
import { eip155 } from '../../../../src/infrastructure/chains/eip155/wing'
import { polkadot } from '../../../../src/infrastructure/chains/polkadot/wing'
import { solana } from '../../../../src/infrastructure/chains/solana/wing'
import { WingFamilyRules } from '../../../../src/infrastructure/chains/wing-family-rules'
import { BITCOIN_ADDRESS_RULE } from '../../../../src/domain/bitcoin/validate-bitcoin-address'
import { EVM_ADDRESS_RULE, NO_ADDRESS_RULE, SOLANA_ADDRESS_RULE } from '../../../../src/domain/validation/addresses'
import { capabilitiesOf } from '../../../fakes/in-memory-family-rules'
import { RecordingLogger } from '../../../fakes/recording-logger'

const WINGS = [eip155, solana, bip122, polkadot, cosmos]

describe("the wings' declared capabilities and address rules", () => {
  it.each([
    [eip155, EVM_ADDRESS_RULE],
    [solana, SOLANA_ADDRESS_RULE],
    [bip122, BITCOIN_ADDRESS_RULE],
    [polkadot, NO_ADDRESS_RULE],
    [cosmos, NO_ADDRESS_RULE],
  ] as const)('%# are the domain table\'s capabilities and the family\'s domain rule', async (wing, address) => {
    const rules = new WingFamilyRules(WINGS, new RecordingLogger())
    const rule = await firstValueFrom(rules.of(wing.namespace))
    expect(rule?.address).toBe(address)
    expect(rule?.capabilities).toEqual(capabilitiesOf(wing.namespace))
  })

  it('has none for a family without a wing, and tries a failed part again', async () => {
    let calls = 0
    const flaky = { namespace: 'sixth', parts: () => (++calls === 1 ? Promise.reject(new Error('offline')) : eip155.parts()) }
    const logger = new RecordingLogger()
    const rules = new WingFamilyRules([flaky], logger)
    expect(await firstValueFrom(rules.of('cosmos'))).toBeUndefined()
    expect(await firstValueFrom(rules.of('sixth'))).toBeUndefined()
    expect((await firstValueFrom(rules.of('sixth')))?.address).toBe(EVM_ADDRESS_RULE)
    expect(calls).toBe(2)
  })
})
