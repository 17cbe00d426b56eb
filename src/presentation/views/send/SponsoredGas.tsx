import type { SponsorshipVerdict } from '../../../application/sponsorship/gas-sponsorship'
import type { MessageKey } from '../../i18n/catalogue'
import type { I18n } from '../../i18n/i18n'
import { addEnglish } from '../../i18n/i18n'
import { sponsorship } from '../../i18n/messages/sponsorship'

// These texts come with the reviews that show them.
addEnglish(sponsorship)

/** Why the visitor pays after all, by the paymaster service's reason (docs/sponsorship.md). */
const NOT_SPONSORED: Readonly<Record<string, MessageKey>> = {
  'account-daily-limit': 'send.notSponsored.accountLimit',
  'project-daily-limit': 'send.notSponsored.appLimit',
  'not-signed-in': 'send.notSponsored.signIn',
  'not-your-account': 'send.notSponsored.otherAccount',
  'policy-expired': 'send.notSponsored.ended',
  chain: 'send.notSponsored.network',
  'entry-point': 'send.notSponsored.transaction',
  contract: 'send.notSponsored.transaction',
  function: 'send.notSponsored.transaction',
  value: 'send.notSponsored.transaction',
  deployment: 'send.notSponsored.transaction',
  gas: 'send.notSponsored.gas',
  'simulation-failed': 'send.notSponsored.wouldFail',
}

/**
 * The one line a review shows about a refusal, or undefined when there is nothing to say: an app
 * that sponsors nothing (`no-policy`) is no news to its visitors.
 */
export function notSponsoredText(i18n: I18n, verdict: SponsorshipVerdict | undefined): string | undefined {
  if (verdict?.status !== 'notSponsored' || verdict.reason === 'no-policy') return undefined
  return i18n.t(NOT_SPONSORED[verdict.reason] ?? 'send.notSponsored.unavailable')
}

/** "Gas paid by <app>" when the app pays; undefined otherwise. */
export function sponsoredFeeText(i18n: I18n, verdict: SponsorshipVerdict | undefined): string | undefined {
  if (verdict?.status !== 'sponsored') return undefined
  return verdict.sponsorName === '' ? i18n.t('send.sponsored.gasPaidByApp') : i18n.t('send.sponsored.gasPaidBy', { name: verdict.sponsorName })
}

/** The review's line saying why the visitor pays the gas after all (nothing when there is nothing to say). */
export function NotSponsoredLine({ i18n, verdict, testId }: { readonly i18n: I18n; readonly verdict: SponsorshipVerdict | undefined; readonly testId: string }) {
  const text = notSponsoredText(i18n, verdict)
  if (text === undefined) return null
  return (
    <p className="wg-hint" role="status" data-testid={testId}>
      {text}
    </p>
  )
}
