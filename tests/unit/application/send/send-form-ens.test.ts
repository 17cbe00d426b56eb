import { describe, expect, it } from 'vitest'
import { InMemoryEnsNames } from '../../../fakes/in-memory-ens-names'
import { NAME_RESOLVE_DEBOUNCE_MS } from '../../../../src/application/send/send-form'
import { ETH, TO, aNameProfile, aSendWorld, connect, fill, previewOf, shownError } from './support'

const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe('the send form resolves names through ENS first', () => {
  it('sends to the address ENS gives a name the name service does not know (a plain ENS name)', async () => {
    const ens = new InMemoryEnsNames({ 'devnet.eth': TO })
    const world = aSendWorld({ ens })
    fill(world, { token: ETH, amount: '0.1', receiver: 'devnet.eth' })
    expect(await world.review.review()).toBe(true)
    expect(previewOf(world)).toMatchObject({ receiverAddress: TO, receiverName: 'devnet.eth' })
    expect(world.api.calls).not.toContain('lookUpName')
  })

  it("takes ENS's answer over the name service's for the same name", async () => {
    const world = aSendWorld({ ens: new InMemoryEnsNames({ 'alice.wg.id': OTHER }), names: [aNameProfile('alice.wg.id', TO)] })
    fill(world, { token: ETH, amount: '0.1', receiver: 'alice' })
    expect(await world.review.review()).toBe(true)
    expect(previewOf(world)).toMatchObject({ receiverAddress: OTHER })
  })

  it('asks the name service when ENS has no address or does not answer, and says why once', async () => {
    const ens = new InMemoryEnsNames()
    const world = aSendWorld({ ens, names: [aNameProfile('alice.wg.id', TO)] })
    fill(world, { token: ETH, amount: '0.1', receiver: 'alice' })
    expect(await world.review.review()).toBe(true)
    expect(previewOf(world)).toMatchObject({ receiverAddress: TO })

    ens.down = true
    const down = aSendWorld({ ens, names: [aNameProfile('alice.wg.id', TO)] })
    fill(down, { token: ETH, amount: '0.1', receiver: 'alice.wg.id' })
    expect(await down.review.review()).toBe(true)
    expect(previewOf(down)).toMatchObject({ receiverAddress: TO })
    expect(down.logger.warnings).toContain('ENS did not answer; asking the name service')

    const nobody = aSendWorld({ ens: new InMemoryEnsNames() })
    fill(nobody, { token: ETH, amount: '0.1', receiver: 'nobody' })
    await nobody.review.review()
    expect(shownError(nobody)).toBe('No one has registered the name nobody.wg.id')
  })

  it('is not asked for a receiver of another family', async () => {
    const ens = new InMemoryEnsNames({ 'alice.wg.id': TO })
    const world = aSendWorld({ ens })
    connect(world.connection, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana')
    world.form.setReceiver('alice.wg.id')
    await new Promise((resolve) => setTimeout(resolve, NAME_RESOLVE_DEBOUNCE_MS * 2))
    expect(ens.asked).toEqual([])
  })
})
