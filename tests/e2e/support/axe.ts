import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

const require = createRequire(import.meta.url)
/** axe-core's own source, evaluated in the page (CDP evaluation is not subject to the page's CSP). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown[] }[]
}

/**
 * Waits until every running animation and transition on the page, the modal's shadow trees
 * included, has finished: axe judges colour contrast on the settled page, not on a frame of a
 * fade-in or a theme change.
 */
export async function settledAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const roots: (Document | ShadowRoot)[] = [document]
    for (const host of document.querySelectorAll('[data-walletgate]')) if (host.shadowRoot) roots.push(host.shadowRoot)
    await Promise.all(roots.flatMap((root) => root.getAnimations().map((animation) => animation.finished.catch(() => undefined))))
  })
}

/** axe's serious and critical violations on the page as it is now, once its animations settled. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await settledAnimations(page)
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }))
  })
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}
