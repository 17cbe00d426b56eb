// @vitest-environment jsdom
import type { Container } from 'inversify'
import { afterEach, describe, expect, it } from 'vitest'
import { createWalletModal, type PermissionsRequest, type WalletModal } from '../../../src/index'
import { ConnectionStore } from '../../../src/application/connection-store'
import type { AccountType } from '../../../src/domain/entities'
import { Analytics } from '../../../src/ports/analytics'
import { KeyValueStorage } from '../../../src/ports/key-value-storage'
import { ChainFamilies } from '../../../src/ports/chain-family'
import { Logger } from '../../../src/ports/logger'
import { aModalConfig } from '../../builders/config'
import { FakeChainFamily, anAnnouncedConnector, familiesOf } from '../../fakes/fake-chain-family'
import { InMemoryAnalytics } from '../../fakes/in-memory-analytics'
import { InMemoryKeyValueStorage } from '../../fakes/in-memory-key-value-storage'
import { RecordingLogger } from '../../fakes/recording-logger'

const modals: WalletModal[] = []
afterEach(() => modals.splice(0).forEach((m) => m.destroy()))

const request: PermissionsRequest = {
  chainId: '0x7a69',
  expiry: 1_900_000_000,
  signer: { type: 'key', data: { type: 'secp256k1', id: '0x1111111111111111111111111111111111111111' } },
  permissions: [{ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: '0x1' } }] }],
}

function world(smartSessions: boolean | undefined, accountType: AccountType) {
  const evm = new FakeChainFamily('eip155')
  const seen: { method: string; params?: unknown }[] = []
  let container: Container | undefined
  const modal = createWalletModal(aModalConfig(smartSessions === undefined ? {} : { features: { smartSessions } }), {
    overrides: (c) => {
      container = c
      c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
      c.rebind(KeyValueStorage).toConstantValue(new InMemoryKeyValueStorage())
      c.rebind(ChainFamilies).toConstantValue(familiesOf(evm))
      // The features' own calls (to services this test does not start) warn after the test: kept off the console.
      c.rebind(Logger).toConstantValue(new RecordingLogger())
    },
  })
  modals.push(modal)
  const connector = {
    ...anAnnouncedConnector(),
    provider: {
      request: (args: { method: string; params?: unknown }) => {
        seen.push(args)
        return Promise.resolve({ ...request, context: '0xc0ffee' })
      },
    },
  }
  evm.add(connector)
  container!.get(ConnectionStore).upsert({
    connectorId: connector.id,
    namespace: 'eip155',
    address: evm.address,
    caipAddress: `${evm.caipNetworkId}:${evm.address}`,
    caipNetworkId: evm.caipNetworkId,
    accountType,
  })
  return { modal, seen }
}

describe('modal.grantPermissions', () => {
  it('off by default (spec section 9): rejects "Smart sessions are not enabled" and asks no wallet', async () => {
    const w = world(undefined, 'smartAccount')
    await expect(w.modal.grantPermissions(request)).rejects.toMatchObject({ name: 'SmartSessionsDisabledError', message: 'Smart sessions are not enabled' })
    expect(w.seen).toEqual([])
  })

  it('on, with an EOA connected: rejects clearly without asking the wallet', async () => {
    const w = world(true, 'eoa')
    await expect(w.modal.grantPermissions(request)).rejects.toMatchObject({ name: 'SmartSessionsUnsupportedError' })
    expect(w.seen).toEqual([])
  })

  it("on, with a smart account: the request goes to the wallet's provider and its answer resolves", async () => {
    const w = world(true, 'smartAccount')
    await expect(w.modal.grantPermissions(request)).resolves.toEqual({ ...request, context: '0xc0ffee' })
    expect(w.seen).toEqual([{ method: 'wallet_grantPermissions', params: [request] }])
  })
})
