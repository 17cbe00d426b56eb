/** The send review with the app paying the gas: an account holding no ether can still send a token. */
import { describe, expect, it } from 'vitest'
import type { SponsorshipVerdict } from '../../../../src/application/sponsorship/gas-sponsorship'
import type { TransferRequest } from '../../../../src/ports/token-transfers'
import { aNativeBalance } from '../../../builders/a-token-balance'
import { DUSD, ETH, TO, aSendWorld, fill, previewOf, shownError } from '../send/support'

const NO_ETHER = aNativeBalance({ ...ETH, quantity: { decimals: '18', numeric: '0' }, value: 0 })

function aWorldWith(verdict: SponsorshipVerdict | undefined) {
  const asked: TransferRequest[] = []
  const world = aSendWorld({
    previews: {
      sponsorship: (request) => {
        asked.push(request)
        return Promise.resolve(verdict)
      },
    },
  })
  world.balances.subject.next([NO_ETHER, DUSD])
  world.modal.reset('Account')
  world.modal.push('Send')
  return { world, asked }
}

describe('the send review when the app may pay the gas', () => {
  it('a sponsored transfer is reviewed from an account with no ether, the verdict on the review', async () => {
    const { world, asked } = aWorldWith({ status: 'sponsored', sponsorName: 'Walletgate Devnet' })
    fill(world, { token: DUSD, amount: '5', receiver: TO })
    expect(await world.review.review()).toBe(true)
    expect(asked).toHaveLength(1)
    expect(previewOf(world)?.sponsorship).toEqual({ status: 'sponsored', sponsorName: 'Walletgate Devnet' })
  })

  it('a refused one needs the fee in ether as usual', async () => {
    const { world } = aWorldWith({ status: 'notSponsored', reason: 'account-daily-limit' })
    fill(world, { token: DUSD, amount: '5', receiver: TO })
    expect(await world.review.review()).toBe(false)
    expect(shownError(world)).toBe('Insufficient funds')
  })

  it('a refused one with ether for the fee is reviewed with the reason kept', async () => {
    const { world } = aWorldWith({ status: 'notSponsored', reason: 'account-daily-limit' })
    world.balances.subject.next([ETH, DUSD])
    fill(world, { token: DUSD, amount: '5', receiver: TO })
    expect(await world.review.review()).toBe(true)
    expect(previewOf(world)).toMatchObject({ sponsorship: { status: 'notSponsored', reason: 'account-daily-limit' }, fee: expect.stringMatching(/\d/) })
  })

  it('where sponsorship does not apply the review carries no verdict', async () => {
    const { world } = aWorldWith(undefined)
    world.balances.subject.next([ETH, DUSD])
    fill(world, { token: DUSD, amount: '5', receiver: TO })
    expect(await world.review.review()).toBe(true)
    expect(previewOf(world)?.sponsorship).toBeUndefined()
  })
})
