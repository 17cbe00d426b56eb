/** A fetch for unit tests that answers by `METHOD /path` and records every request it got. */
export type Route = (request: { url: URL; init: RequestInit | undefined }) => Response | Promise<Response>

export function routedFetch(routes: Record<string, Route>) {
  const requests: { method: string; url: URL; body: unknown }[] = []
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    init?.signal?.throwIfAborted()
    const url = new URL(String(input))
    const method = init?.method ?? 'GET'
    requests.push({ method, url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined })
    const route = routes[`${method} ${url.pathname}`]
    if (!route) return json({ message: `No route for ${method} ${url.pathname}` }, 404)
    return route({ url, init })
  }) as typeof fetch
  return { fetchFn, requests }
}

export const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } })
