// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { InvalidConfigError } from '../../../src/index'
import { createModalCore, type WalletModal } from '../../../src/wallet-modal'
import { ModuleLoader } from '../../../src/composition/module-loader'
import { ModalStore } from '../../../src/application/modal-store'
import { WalletSession } from '../../../src/application/connection/wallet-session'
import { Analytics } from '../../../src/ports/analytics'
import { KeyValueStorage } from '../../../src/ports/key-value-storage'
import { Logger } from '../../../src/ports/logger'
import { WalletCatalogue } from '../../../src/ports/wallet-catalogue'
import { DiProvider } from '../../../src/presentation/di-context'
import ConnectView from '../../../src/presentation/views/ConnectView'
import NetworksView from '../../../src/presentation/views/NetworksView'
import { aModalConfig } from '../../builders/config'
import { InMemoryAnalytics } from '../../fakes/in-memory-analytics'
import { InMemoryKeyValueStorage } from '../../fakes/in-memory-key-value-storage'
import { InMemoryWalletCatalogue } from '../../fakes/in-memory-wallet-catalogue'
import { RecordingLogger } from '../../fakes/recording-logger'
import { ConnectionStore } from '../../../src/application/connection-store'
import { SendForm } from '../../../src/application/send/send-form'
import { FamilyRules } from '../../../src/ports/family-rules'
import { firstValueFrom } from 'rxjs'
import { aTokenBalance } from '../../builders/a-token-balance'
import { SIXTH_ADDRESS_RULE, SIXTH_NETWORK, SIXTH_WALLET, sixth } from '../../fakes/wings/sixth/wing'

const modals: WalletModal[] = []
afterEach(() => {
  cleanup()
  modals.splice(0).forEach((m) => m.destroy())
})

const config = aModalConfig({ networks: [...aModalConfig().networks, SIXTH_NETWORK], enableWalletConnect: false })

function aModalWithTheSixthWing() {
  const { modal, container } = createModalCore(
    config,
    {
      families: [sixth],
      overrides: (c) => {
        c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
        c.rebind(KeyValueStorage).toConstantValue(new InMemoryKeyValueStorage())
        c.rebind(Logger).toConstantValue(new RecordingLogger())
        c.bind(WalletCatalogue).toConstantValue(new InMemoryWalletCatalogue({ wallets: [] }))
      },
    },
    undefined,
  )
  modals.push(modal)
  const ui = (node: React.ReactNode) => render(<DiProvider container={container}>{node}</DiProvider>)
  return { container, ui }
}

describe('a chain family the modal has never heard of, passed as a wing', () => {
  it('lists its wallet in Connect and its network in Networks, from its descriptor alone', async () => {
    const w = aModalWithTheSixthWing()
    const modules = w.container.get(ModuleLoader)
    await modules.load('connect')
    // What mounting the modal starts: discovery in every family, the sixth's too.
    await w.container.get(WalletSession).start()
    w.container.get(ModalStore).open({}, false)
    const connect = w.ui(<ConnectView />)
    const row = await screen.findByTestId(`wallet-${SIXTH_WALLET.id}`)
    expect(row.textContent).toContain(SIXTH_WALLET.name)
    connect.unmount()

    await modules.load('account')
    w.ui(<NetworksView />)
    await waitFor(() => expect(screen.getByTestId('network-sixth:one').textContent).toContain('Sixth Devnet'))
    expect(screen.getByTestId('network-group-sixth')).toBeTruthy()
    expect(screen.getByTestId('network-eip155:31337')).toBeTruthy()
  })

  it("reads its capabilities and address rule from its wing's on-demand part: the send form takes its address, refuses another family's", async () => {
    const w = aModalWithTheSixthWing()
    await w.container.get(ModuleLoader).load('account')
    const rules = await firstValueFrom(w.container.get(FamilyRules).of('sixth'))
    expect(rules).toEqual({ namespace: 'sixth', capabilities: ['send', 'balance'], address: SIXTH_ADDRESS_RULE })

    const own = 'six1oabcdefgh'
    w.container.get(ConnectionStore).set({
      status: 'connected',
      connectorId: SIXTH_WALLET.id,
      namespace: 'sixth',
      caipAddress: `sixth:one:${own}`,
      address: own,
      caipNetworkId: 'sixth:one',
    })
    const form = w.container.get(SendForm)
    form.selectToken(aTokenBalance({ chainId: 'sixth:one', quantity: { decimals: '6', numeric: '5' } }))
    form.setAmount('1')
    form.setReceiver('six1o12345678')
    // Send is one of its declared capabilities, the receiver is its address: nothing to say.
    await waitFor(() => expect(form.snapshot.receiver).toEqual({ status: 'address', address: 'six1o12345678' }))
    expect(form.validation).toBeUndefined()

    // Its rule refuses an address of its own shape on a network it does not belong to, in its words.
    form.setReceiver('six1x12345678')
    expect(form.validation).toEqual({ kind: 'otherNetworkAddress', message: 'This is not a Sixth Devnet address' })

    // An EVM address is another family's.
    form.setReceiver('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(form.validation).toEqual({ kind: 'wrongFamily', namespace: 'sixth' })
    expect(form.snapshot.receiver).toMatchObject({ status: 'unresolved', error: { kind: 'wrongFamily', namespace: 'sixth' } })
  })

  it('is refused, as any unknown namespace is, when the host did not pass its wing', () => {
    expect(() => createModalCore(config, {}, undefined)).toThrow(InvalidConfigError)
    expect(() => createModalCore(config, {}, undefined)).toThrow(
      "networks.1.chainNamespace: Invalid enum value. Expected 'eip155' | 'solana' | 'polkadot' | 'bip122' | 'cosmos', received 'sixth'",
    )
  })
})
