/** The frame's dialogs (a confirmation, the key export): one section with its heading, in place of what the frame showed. */
export function frameDialog(doc: Document, options: { readonly title: string; readonly titleId: string; readonly testid: string }): { root: HTMLElement; section: HTMLElement } {
  const root = doc.getElementById('frame-root') ?? doc.body
  const section = doc.createElement('section')
  section.className = 'approval'
  section.setAttribute('role', 'dialog')
  section.setAttribute('aria-modal', 'true')
  section.setAttribute('aria-labelledby', options.titleId)
  section.dataset.testid = options.testid
  const title = doc.createElement('h1')
  title.id = options.titleId
  title.textContent = options.title
  section.append(title)
  return { root, section }
}
