import { createRoot } from 'react-dom/client'
import type { Container } from 'inversify'
import { ModalConfig } from '../application/modal-services'
import { DiProvider } from './di-context'
import { ModalRoot } from './ModalRoot'
import css from './styles/modal.css?inline'
import componentsCss from './styles/components.css?inline'
import connectCss from './styles/connect.css?inline'
import { registerStyleRoot } from './styles/area-styles'
import { VIEWS } from './views/registry'

/** Whether this build draws the view of that name (`open({ view })` refuses any other). */
export const hasView = (name: string): boolean => Object.hasOwn(VIEWS, name)

/**
 * The shell's stylesheets, in cascade order: what the Connect views need. The Account and Send
 * areas bring their own sheets with their chunks (styles/area-styles.ts).
 */
const STYLES: readonly string[] = [css, componentsCss, connectCss]

let sheets: CSSStyleSheet[] | undefined

/** Constructable stylesheets shared by every modal on the page: no inline <style>, CSP-safe. */
function modalSheets(): CSSStyleSheet[] {
  if (sheets === undefined) {
    sheets = STYLES.map((text) => {
      const sheet = new CSSStyleSheet()
      sheet.replaceSync(text)
      return sheet
    })
  }
  return sheets
}

/** Parses the modal's stylesheets ahead of the first render (the idle prefetch calls it). */
export function prepareStyles(): void {
  if (typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) modalSheets()
}

/**
 * Renders the modal into an open shadow root, so host CSS cannot leak in or out. Without an
 * element it appends an overlay host to <body> (the dialog uses the top layer); with one it renders
 * inline (embedded mode). Returns the unmount function.
 */
export function mountModal(container: Container, element?: HTMLElement): () => void {
  const config = container.get(ModalConfig)
  const host = document.createElement('div')
  host.setAttribute('data-walletgate', '')
  const vars = config.themeVariables
  if (vars.accent !== undefined) host.style.setProperty('--wg-accent', vars.accent)
  if (vars.radius !== undefined) host.style.setProperty('--wg-radius', vars.radius)
  if (vars.fontFamily !== undefined) host.style.setProperty('--wg-font', vars.fontFamily)
  ;(element ?? document.body).append(host)

  const shadow = host.attachShadow({ mode: 'open' })
  shadow.adoptedStyleSheets = modalSheets()
  const releaseStyles = registerStyleRoot(shadow)
  const root = createRoot(shadow)
  root.render(
    <DiProvider container={container}>
      <ModalRoot embedded={element !== undefined} root={shadow} />
    </DiProvider>,
  )
  return () => {
    root.unmount()
    releaseStyles()
    host.remove()
  }
}
