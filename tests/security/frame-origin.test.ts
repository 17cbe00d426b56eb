/**
 * Attacks on who may frame the embedded wallet, over real HTTP against the devnet's auth service:
 * a site off the project's allow-list asks for the frame under its own origin, under a look-alike
 * of an allowed one (a prefix, a suffix, another scheme or port, a path, `null`), or for another
 * project. The frame page is served only for an exact allowed origin, framable by that origin
 * alone; a refusal is framable by nobody and loads no wallet code. These defences hold today.
 */
import { describe, expect, it } from 'vitest'
import { devnet } from '../contract/devnet/helpers'

const ALLOWED = 'http://127.0.0.1:5173'
const frameUrl = (projectId: string, origin: string) => `${devnet.authUrl}/frame?projectId=${encodeURIComponent(projectId)}&origin=${encodeURIComponent(origin)}`

describe('framing the wallet from a hostile origin', () => {
  it('the allowed origin gets the frame, framable by exactly that origin', async () => {
    const res = await fetch(frameUrl(devnet.projectId, ALLOWED))
    expect(res.status).toBe(200)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/frame-ancestors http:\/\/127\.0\.0\.1:5173;/)
    expect(csp).not.toContain('*')
  })

  it.each([
    ['a suffix that looks like the allowed host', 'http://127.0.0.1.evil.test:5173'],
    ['the allowed origin as a subdomain prefix', 'http://127.0.0.1:5173.evil.test'],
    ['another scheme', 'https://evil.test'],
    ['a null origin (a sandboxed or file page)', 'null'],
    ['an origin with a path smuggled in', `${ALLOWED}/@evil.test`],
    ['an origin with credentials', 'http://user@127.0.0.1:5173'],
    ['a data URL', 'data:text/html,<script>parent.postMessage(1,"*")</script>'],
  ])('%s is refused and framable by nobody', async (_what, origin) => {
    const res = await fetch(frameUrl(devnet.projectId, origin))
    expect(res.status).toBe(403)
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'")
    expect(await res.text()).not.toContain('/frame/app.js')
  })

  it("another project's id (or none) does not lend its allow-list", async () => {
    for (const projectId of ['not-a-project', '', `${devnet.projectId}x`, devnet.projectId.slice(0, -1)]) {
      const res = await fetch(frameUrl(projectId, ALLOWED))
      expect(res.status, projectId).toBe(403)
    }
  })
})
