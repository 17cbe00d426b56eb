import { describe, expect, it } from 'vitest'
import { GrantPermissions } from '../../../../src/application/sessions/grant-permissions'
import type { ConnectedAccount } from '../../../../src/application/connection-store'
import { NoActiveCaipAddressError } from '../../../../src/domain/errors'
import { SmartSessionsDisabledError, SmartSessionsUnsupportedError, type PermissionsRequest } from '../../../../src/domain/sessions/smart-sessions'
import { FakeSessionKeyWallet } from '../../../fakes/fake-session-key-wallet'
import { InMemorySmartSessionsApi } from '../../../fakes/in-memory-smart-sessions-api'

const SMART = '0x00000000000000000000000000000000000a11ce'
const request: PermissionsRequest = {
  chainId: '0x7a69',
  expiry: 1_900_000_000,
  signer: { type: 'key', data: { type: 'secp256k1', id: '0x1111111111111111111111111111111111111111' } },
  permissions: [{ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: '0x1' } }] }],
}

function world(opts: { enabled?: boolean; account?: Partial<ConnectedAccount> | null } = {}) {
  const chain = new InMemorySmartSessionsApi()
  const wallet = new FakeSessionKeyWallet(chain, new Set(['AUTH']), () => SMART)
  const account =
    opts.account === null
      ? undefined
      : ({ connectorId: 'AUTH', namespace: 'eip155', address: SMART, caipAddress: `eip155:31337:${SMART}`, caipNetworkId: 'eip155:31337', accountType: 'smartAccount', ...opts.account } as ConnectedAccount)
  const grant = new GrantPermissions({ enabled: opts.enabled ?? true, connection: { account: (ns) => (ns === 'eip155' ? account : undefined) }, wallet })
  return { grant, wallet, chain }
}

describe('GrantPermissions (modal.grantPermissions)', () => {
  it('with the feature off rejects "Smart sessions are not enabled" and asks no wallet', async () => {
    const w = world({ enabled: false })
    await expect(w.grant.execute(request)).rejects.toThrow(new SmartSessionsDisabledError())
    await expect(w.grant.execute(request)).rejects.toThrow('Smart sessions are not enabled')
    expect(w.wallet.requests).toEqual([])
  })

  it('with no EVM account rejects the spec\'s "No ActiveCaipAddress found"', async () => {
    await expect(world({ account: null }).grant.execute(request)).rejects.toBeInstanceOf(NoActiveCaipAddressError)
  })

  it('an EOA connection is refused clearly, without asking its wallet', async () => {
    const w = world({ account: { accountType: 'eoa' } })
    await expect(w.grant.execute(request)).rejects.toBeInstanceOf(SmartSessionsUnsupportedError)
    expect(w.wallet.requests).toEqual([])
  })

  it("a smart account whose wallet cannot grant: the wallet's SmartSessionsUnsupportedError", async () => {
    const w = world({ account: { connectorId: 'walletconnect' } })
    await expect(w.grant.execute(request)).rejects.toBeInstanceOf(SmartSessionsUnsupportedError)
  })

  it("the embedded smart account: the wallet's answer resolves, and the key is on chain", async () => {
    const w = world()
    const granted = await w.grant.execute(request)
    expect(granted.context).toBe(`${SMART}1111111111111111111111111111111111111111`)
    expect((await w.chain.list(SMART)).map((s) => s.pci)).toEqual([granted.context])
  })

  it("the visitor's refusal is the wallet's refusal", async () => {
    const w = world()
    w.wallet.decline = true
    await expect(w.grant.execute(request)).rejects.toMatchObject({ kind: 'rejected' })
  })
})
