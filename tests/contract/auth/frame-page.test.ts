/**
 * The wallet frame as the devnet's auth service serves it, over real HTTP: only to host origins on
 * the project's allow-list (read from the blockchain service), framable by that origin alone, and
 * its script served as JavaScript.
 */
import { describe, expect, it } from 'vitest'
import { devnet } from '../devnet/helpers'

const frameUrl = (projectId: string, origin: string) => `${devnet.authUrl}/frame?projectId=${encodeURIComponent(projectId)}&origin=${encodeURIComponent(origin)}`

describe('the wallet frame page', () => {
  it('serves an allowed origin, framable by that origin only, loading its own script', async () => {
    const res = await fetch(frameUrl(devnet.projectId, 'http://127.0.0.1:5173'))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain('frame-ancestors http://127.0.0.1:5173;')
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('*')
    expect(await res.text()).toContain('src="/frame/app.js"')
  })

  it('refuses an origin off the allow-list, an unknown project and an origin that is not one', async () => {
    for (const [projectId, origin] of [
      [devnet.projectId, 'https://evil.example'],
      [devnet.projectId, 'http://127.0.0.1:5173/path'],
      [devnet.projectId, 'javascript:alert(1)'],
      ['not-a-project', 'http://127.0.0.1:5173'],
      ['', 'http://127.0.0.1:5173'],
    ] as const) {
      const res = await fetch(frameUrl(projectId, origin))
      expect(res.status, `${projectId} ${origin}`).toBe(403)
      expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'")
      expect(await res.text()).not.toContain('/frame/app.js')
    }
  })

  it('serves the confirmation popup framable by nobody, loading the frame app', async () => {
    const res = await fetch(`${devnet.authUrl}/frame/confirm`)
    expect(res.status).toBe(200)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("frame-ancestors 'none';")
    expect(csp).toContain("script-src 'self'")
    expect(await res.text()).toContain('src="/frame/app.js"')
  })

  it('serves the frame app as one script of JavaScript', async () => {
    const res = await fetch(`${devnet.authUrl}/frame/app.js`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/)
    const code = await res.text()
    // The protocol's channel name is in the bundle, and no import is left for the browser to fetch.
    expect(code).toContain('walletgate-frame/1')
    expect(code).not.toMatch(/^\s*import[\s{]/m)
    expect(() => new Function(code)).not.toThrow()
  })

  it('answers a browser asking for its pages\' icon (no 404 in the console of the sign-in pages)', async () => {
    const res = await fetch(`${devnet.authUrl}/favicon.ico`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(await res.text()).toMatch(/^<svg /)
  })

  it('lists the chains it signs for', async () => {
    const res = await fetch(`${devnet.authUrl}/v1/chains`)
    // A chain with a bundler (the e2e world's devnet has them, the project's own has none) says so.
    const smart = (chainId: number) => (devnet.bundlerUrls[chainId] === undefined ? {} : { smartAccount: true })
    expect(await res.json()).toEqual({ chains: [{ chainId: 31337, name: 'Devnet A', ...smart(31337) }, { chainId: 31338, name: 'Devnet B', ...smart(31338) }] })
  })
})
