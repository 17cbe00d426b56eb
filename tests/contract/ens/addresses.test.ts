import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { loadArtifacts } from '../../../devnet/src/chains/eip155/compile'
import { ensAddresses } from '../../../devnet/src/chains/eip155/deploy-ens'
import { DEVNET_ENS } from '../../../devnet/src/config'

describe('ENS contracts on the devnet', () => {
  it('sit where their code, constructor arguments and salt put them', async () => {
    expect(ensAddresses(await loadArtifacts())).toEqual(DEVNET_ENS)
  })

  it("are the ones the demo's modal is configured with", async () => {
    const demo = await readFile(new URL('../../../demo/src/demo-config.ts', import.meta.url), 'utf8')
    expect(demo).toContain(`ens: { chainId: 31337, universalResolver: '${DEVNET_ENS.universalResolver}' }`)
  })
})
