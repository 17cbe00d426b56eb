import { Fragment, type ReactNode } from 'react'
import type { LegalConsent } from '../../../application/connection/legal-consent'
import { safeWebLink } from '../../../domain/validation/safe-links'
import { addEnglish, useI18n } from '../../i18n/i18n'
import { connecting } from '../../i18n/messages/connecting'
import type { MessageKey } from '../../i18n/catalogue'
import legalCss from '../../styles/legal.css?inline'
import { useAreaStyles } from '../../styles/area-styles'

// Its texts come with its chunk (../../i18n/english.ts).
addEnglish(connecting)

/**
 * "I agree to the Terms of Service and the Privacy Policy", the documents linked (the host's URLs,
 * opened in a new tab), above the connect methods it unlocks.
 */
export default function LegalCheckbox({ consent, agreed }: { consent: LegalConsent; agreed: boolean }) {
  useAreaStyles(legalCss)
  const { t } = useI18n()
  const link = (key: MessageKey, url: string | undefined): ReactNode => {
    const href = safeWebLink(url)
    return href === undefined ? (
      t(key)
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer" data-testid={`legal-${key.slice('connect.'.length)}`}>
        {t(key)}
      </a>
    )
  }
  const { terms, privacy } = consent.source
  const documents =
    terms !== undefined && privacy !== undefined
      ? { sentence: 'connect.legalAgree' as const, parts: { terms: link('connect.terms', terms), privacy: link('connect.privacy', privacy) } }
      : { sentence: 'connect.legalAgreeOne' as const, parts: { document: privacy === undefined ? link('connect.terms', terms) : link('connect.privacy', privacy) } }
  return (
    <div className={agreed ? 'wg-legal' : 'wg-legal wg-legal-pending'}>
      <label className="wg-legal-label">
        <input type="checkbox" data-testid="legal-checkbox" checked={agreed} disabled={agreed} onChange={() => consent.agree()} />
        <span>{fill(t(documents.sentence), documents.parts)}</span>
      </label>
      {!agreed && (
        <p className="wg-muted" id="wg-legal">
          {t('connect.legalFirst')}
        </p>
      )}
    </div>
  )
}

/** The sentence with its `{placeholders}` replaced by the given parts (links), in the sentence's own order. */
function fill(sentence: string, parts: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return sentence.split(/\{(\w+)\}/).map((piece, i) => <Fragment key={i}>{i % 2 === 1 ? (parts[piece] ?? piece) : piece}</Fragment>)
}
