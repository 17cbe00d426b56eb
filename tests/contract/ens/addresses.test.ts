import { describe, expect, it } from 'vitest'
import { loadArtifacts } from '../../../devnet/src/chains/eip155/compile'
import { ensAddresses } from '../../../devnet/src/chains/eip155/deploy-ens'
import { DEVNET_ENS } from '../../../devnet/src/config'

describe('ENS contracts on the devnet', () => {
  it('sit where their code, constructor arguments and salt put them', async () => {
    expect(ensAddresses(await loadArtifacts())).toEqual(DEVNET_ENS)
  })
})
