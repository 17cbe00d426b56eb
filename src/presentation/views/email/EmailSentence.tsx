/**
 * A sentence of the catalogue with the visitor's email in it (`{email}`), the address in bold and
 * kept left to right: the text is split at its placeholder, so each language places it.
 */
export function EmailSentence({ text, email, testId }: { readonly text: string; readonly email: string; readonly testId?: string }) {
  const [before = '', after = ''] = text.split('{email}')
  return (
    <>
      {before}
      <strong>
        <bdi data-testid={testId} data-i18n-data="">
          {email}
        </bdi>
      </strong>
      {after}
    </>
  )
}
