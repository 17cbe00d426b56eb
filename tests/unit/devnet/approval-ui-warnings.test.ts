// @vitest-environment jsdom
/**
 * The frame's dialog marks a row that deserves a second look in words ("Warning:"), not by colour
 * alone, and draws every value as text.
 */
import { describe, expect, it } from 'vitest'
import { DomApprovalUi } from '../../../devnet/src/auth/frame/approval-ui'

describe('the approval dialog rows', () => {
  it('a warning row says "Warning:" before its value; other rows show the value alone, as text', () => {
    document.body.innerHTML = '<main id="frame-root"></main>'
    const controller = new AbortController()
    // Rows are drawn whatever the arming: this visibility watch never reports, so Approve stays disarmed.
    const neverVisible = { kind: 'watch' as const, watch: () => () => undefined, timers: { set: () => 0, clear: () => undefined } }
    void new DomApprovalUi(document, neverVisible).confirm(
      {
        title: 'Approve transaction',
        method: 'eth_sendTransaction',
        appName: undefined,
        rows: [
          { label: 'To', value: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
          { label: 'Summary', value: 'Allow <b>0xBAdB</b> to spend an unlimited amount of dUSD', warning: true },
        ],
      },
      controller.signal,
    )
    const dds = [...document.querySelectorAll('dd')]
    expect(dds.map((dd) => dd.textContent)).toEqual(['0x5FbDB2315678afecb367f032d93F642f64180aa3', 'Warning: Allow <b>0xBAdB</b> to spend an unlimited amount of dUSD'])
    expect(dds[1]!.querySelector('strong')?.textContent).toBe('Warning: ')
    expect(dds[1]!.querySelector('b')).toBeNull()
    expect(dds[0]!.querySelector('strong')).toBeNull()
    controller.abort()
  })
})
