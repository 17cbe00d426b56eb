/** What the reviews say about gas the app pays: who pays, or one plain line on why the visitor pays. */
import { describe, expect, it } from 'vitest'
import { NOT_SPONSORED_REASONS } from '../../../../src/wire/paymaster'
import { en } from '../../../../src/presentation/i18n/catalogue'
import { makeI18n } from '../../../../src/presentation/i18n/i18n'
import { loadTranslation } from '../../../../src/presentation/i18n/languages'
import { notSponsoredText, sponsoredFeeText } from '../../../../src/presentation/views/send/SponsoredGas'

const english = makeI18n('en', 'en', {}, {})

describe('the reviews’ gas lines', () => {
  it('names the sponsor, or the app when the sponsor has no name', () => {
    expect(sponsoredFeeText(english, { status: 'sponsored', sponsorName: 'Walletgate Devnet' })).toBe('Gas paid by Walletgate Devnet')
    expect(sponsoredFeeText(english, { status: 'sponsored', sponsorName: '' })).toBe('Gas paid by this app')
    expect(sponsoredFeeText(english, { status: 'notSponsored', reason: 'gas' })).toBeUndefined()
  })

  it('every reason the service gives has words of its own, except an app that sponsors nothing', () => {
    const unavailable = en['send.notSponsored.unavailable']
    for (const reason of NOT_SPONSORED_REASONS) {
      const text = notSponsoredText(english, { status: 'notSponsored', reason })
      if (reason === 'no-policy') expect(text).toBeUndefined()
      else expect(text, reason).not.toBe(unavailable)
    }
    expect(notSponsoredText(english, { status: 'notSponsored', reason: 'account-daily-limit' })).toBe(
      "You pay the network fee: this account's free transactions for today are used up.",
    )
    expect(notSponsoredText(english, { status: 'notSponsored', reason: 'something-new' })).toBe(unavailable)
    expect(notSponsoredText(english, { status: 'sponsored', sponsorName: 'x' })).toBeUndefined()
  })

  it('says it in German when the modal speaks German', async () => {
    const german = makeI18n('de-DE', 'de', await loadTranslation('de'), {})
    expect(sponsoredFeeText(german, { status: 'sponsored', sponsorName: 'Pixel Shop' })).toBe('Gas bezahlt von Pixel Shop')
  })
})
