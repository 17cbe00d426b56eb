/**
 * A send waiting in the wallet belongs to the connection it left over: a disconnect or an account
 * change abandons it, and whatever the wallet answers later is ignored.
 */
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../../src/domain/config'
import { DisconnectWallet } from '../../../../src/application/connection/disconnect-wallet'
import { EventReporter } from '../../../../src/application/connection/report-event'
import { TransactionRejectedError } from '../../../../src/domain/errors'
import { aModalConfig } from '../../../builders/config'
import { FakeChainFamily, familiesOf } from '../../../fakes/fake-chain-family'
import { InMemoryAnalytics } from '../../../fakes/in-memory-analytics'
import { InMemoryKeyValueStorage } from '../../../fakes/in-memory-key-value-storage'
import { ETH, FROM, TO, aSendWorld, fill, type SendWorld } from './support'

async function sendingWorld(): Promise<{ world: SendWorld; sending: Promise<void> }> {
  const world = aSendWorld()
  world.modal.reset('Account')
  world.modal.push('Send')
  fill(world, { token: ETH, amount: '0.25', receiver: TO })
  await world.review.review()
  world.transfers.hold()
  const sending = world.confirm.confirm()
  expect(world.modal.view).toBe('ApproveTransaction')
  expect(world.confirm.snapshot.status).toBe('sending')
  return { world, sending }
}

function disconnectOf(world: SendWorld): DisconnectWallet {
  const config = parseConfig(aModalConfig())
  const events = new EventReporter(config, new InMemoryAnalytics(), world.logger)
  return new DisconnectWallet({ families: familiesOf(new FakeChainFamily()), connection: world.connection, modal: world.modal, storage: new InMemoryKeyValueStorage(), events, logger: world.logger })
}

describe('send: the connection ends while the wallet has the request', () => {
  it('a disconnect abandons the send; the wallet approving it later records nothing and does not leave Connect', async () => {
    const { world, sending } = await sendingWorld()
    await disconnectOf(world).disconnect()
    expect(world.modal.view).toBe('Connect')
    // Calm: back to an empty, editable form, no approval left waiting.
    expect(world.confirm.snapshot).toEqual({ status: 'idle' })
    expect(world.approvals.current).toBeUndefined()
    expect(world.form.snapshot.locked).toBe(false)
    expect(world.form.snapshot.values).toEqual({ amount: '', receiver: '' })

    world.transfers.release()
    await sending
    expect(world.transfers.sends).toHaveLength(1)
    expect(world.pending).toEqual([])
    expect(world.notifier.successes).toEqual([])
    expect(world.balances.refreshes).toEqual([])
    expect(world.events).toEqual([])
    expect(world.modal.history).toEqual(['Connect'])
    expect(world.confirm.snapshot).toEqual({ status: 'idle' })
  })

  it('a rejection that arrives after the disconnect shows no failure', async () => {
    const { world, sending } = await sendingWorld()
    world.transfers.failNextSend(new TransactionRejectedError())
    await disconnectOf(world).disconnect()
    world.transfers.release()
    await sending
    expect(world.confirm.snapshot).toEqual({ status: 'idle' })
    expect(world.events).toEqual([])
    expect(world.modal.history).toEqual(['Connect'])
  })

  it('the wallet switching to another account abandons the send; the late answer is ignored', async () => {
    const { world, sending } = await sendingWorld()
    const other = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    world.connection.update('eip155', { address: other, caipAddress: `eip155:31337:${other}` })
    expect(world.confirm.snapshot).toEqual({ status: 'idle' })
    expect(world.approvals.current).toBeUndefined()
    expect(world.modal.view).toBe('SendPreview')
    world.modal.reset('Account')
    world.transfers.release()
    await sending
    expect(world.pending).toEqual([])
    expect(world.notifier.successes).toEqual([])
    expect(world.modal.history).toEqual(['Account'])
  })

  it('a network change on the same account keeps the send', async () => {
    const { world, sending } = await sendingWorld()
    world.connection.update('eip155', { caipNetworkId: 'eip155:31338' })
    expect(world.confirm.snapshot.status).toBe('sending')
    world.transfers.release()
    await sending
    expect(world.pending).toHaveLength(1)
    expect(world.modal.history).toEqual(['Account'])
  })

  it('a send can go again after an abandoned one, and counts once', async () => {
    const { world, sending } = await sendingWorld()
    await disconnectOf(world).disconnect()
    world.transfers.release()
    await sending
    world.connection.set({ status: 'connected', connectorId: 'dev.walletgate.devnet', namespace: 'eip155', caipAddress: `eip155:31337:${FROM}`, address: FROM, caipNetworkId: 'eip155:31337' })
    world.modal.reset('Account')
    world.modal.push('Send')
    fill(world, { token: ETH, amount: '0.1', receiver: TO })
    await world.review.review()
    await world.confirm.confirm()
    expect(world.pending).toHaveLength(1)
    expect(world.notifier.successes).toEqual(['Sent 0.1 ETH'])
  })
})
