// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Container } from 'inversify'
import { createWalletModal } from '../../../../src/index'
import { bindConnect } from '../../../../src/composition/bindings/connect'
import { bindConnectFlow } from '../../../../src/composition/bindings/connect-flow'
import { bindNow } from '../../../support/bind-now'
import { ModalStore } from '../../../../src/application/modal-store'
import { Analytics } from '../../../../src/ports/analytics'
import { KeyValueStorage } from '../../../../src/ports/key-value-storage'
import { Logger } from '../../../../src/ports/logger'
import { WalletCatalogue } from '../../../../src/ports/wallet-catalogue'
import { ChainFamilies } from '../../../../src/ports/chain-family'
import { DiProvider } from '../../../../src/presentation/di-context'
import { ModalRoot } from '../../../../src/presentation/ModalRoot'
import { FakeChainFamily, anAnnouncedConnector, familiesOf } from '../../../fakes/fake-chain-family'
import { InMemoryAnalytics } from '../../../fakes/in-memory-analytics'
import { InMemoryWalletCatalogue } from '../../../fakes/in-memory-wallet-catalogue'
import { aModalConfig } from '../../../builders/config'
import { MemoryStorage, RecordingLogger } from '../../application/connection/world'

afterEach(cleanup)

/** A catalogue whose answers never come: the only commits are the shell's own. */
class SilentCatalogue extends InMemoryWalletCatalogue {
  override getWallets(): never {
    return new Promise(() => {}) as never
  }
}

describe('ModalRoot', () => {
  it('draws the shell once when a visitor opens it (no second render for values it already had)', async () => {
    const wallets = new FakeChainFamily()
    wallets.add(anAnnouncedConnector())
    let container: Container | undefined
    const modal = createWalletModal(aModalConfig(), {
      overrides: (c) => {
        c.rebind(ChainFamilies).toConstantValue(familiesOf(wallets))
        c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
        c.rebind(KeyValueStorage).toConstantValue(new MemoryStorage())
        c.rebind(Logger).toConstantValue(new RecordingLogger())
        c.bind(WalletCatalogue).toConstantValue(new SilentCatalogue())
        container = c
      },
    })
    if (container === undefined) throw new Error('overrides not called')
    bindNow(container, bindConnect, bindConnectFlow)
    const host = document.createElement('div')
    document.body.append(host)
    const shadow = host.attachShadow({ mode: 'open' })
    const commits: string[] = []

    // Mounted closed first, as the idle prefetch does; then opened from a click.
    render(
      <DiProvider container={container}>
        <Profiler id="shell" onRender={(_id, phase) => commits.push(phase)}>
          <ModalRoot embedded={false} root={shadow} />
        </Profiler>
        <button type="button" onClick={() => container?.get(ModalStore).open({}, false)}>
          Open
        </button>
      </DiProvider>,
    )
    await act(async () => {})
    commits.length = 0

    fireEvent.click(screen.getByText('Open'))
    await act(async () => {})

    expect(screen.getByTestId('view-Connect')).toBeTruthy()
    expect(screen.getByTestId('wallet-dev.walletgate.devnet')).toBeTruthy()
    expect(commits).toEqual(['update'])
    host.remove()
    modal.destroy()
  })
})
