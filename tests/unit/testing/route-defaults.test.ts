import type { BrowserContext, Route } from '@playwright/test'
import { describe, expect, it } from 'vitest'
import { routeDefaults } from '../../../src/testing/index'

/** A context that records its routes and lets a test send a request through them. */
function recordingContext() {
  const routes: { pattern: string; handler: (route: Route) => unknown }[] = []
  const context = {
    route: (pattern: string, handler: (route: Route) => unknown) => {
      routes.push({ pattern, handler })
      return Promise.resolve()
    },
  } as unknown as BrowserContext
  const send = async (url: string): Promise<string | undefined> => {
    const match = routes.find((r) => url.startsWith(r.pattern.replace(/\/\*\*$/, '/')))
    let continuedTo: string | undefined
    const route = { request: () => ({ url: () => url }), continue: (options: { url: string }) => ((continuedTo = options.url), Promise.resolve()) }
    await match?.handler(route as unknown as Route)
    return continuedTo
  }
  return { context, routes, send }
}

describe("carrying an app's default devnet addresses to a test devnet", () => {
  it('sends each default origin to its port, keeping path and query', async () => {
    const { context, send } = recordingContext()
    await routeDefaults(context, { 'http://127.0.0.1:8545': 'http://127.0.0.1:40001', 'http://127.0.0.1:8787': 'http://127.0.0.1:40003' })
    expect(await send('http://127.0.0.1:8545/')).toBe('http://127.0.0.1:40001/')
    expect(await send('http://127.0.0.1:8787/v1/balance/eip155:31337:0xab?projectId=p')).toBe('http://127.0.0.1:40003/v1/balance/eip155:31337:0xab?projectId=p')
  })

  it('leaves alone an origin served where the app already looks, and WebSocket origins', async () => {
    const { context, routes } = recordingContext()
    await routeDefaults(context, { 'http://127.0.0.1:8545': 'http://127.0.0.1:8545', 'ws://127.0.0.1:8788': 'ws://127.0.0.1:40004' })
    expect(routes).toEqual([])
  })
})
