/**
 * The wallet frame's handler over fakes, for attacks on its rules that need no browser: a host
 * page (its parent at the host origin) sending requests with ids it chooses, an auth service
 * answering by path, a visitor who answers prompts when the test says, and a fixed clock.
 */
import { FRAME_STORAGE_KEYS, FrameHandler, type ApprovalDetails, type FrameEnv, type KeyExportFlow } from '../../../devnet/src/auth/frame/frame-handler'
import { FRAME_CHANNEL } from '../../../src/infrastructure/embedded-wallet/frame-protocol'

export const HOST = 'http://127.0.0.1:5173'
export const ADDRESS = '0x1111111111111111111111111111111111111111'
export const OTHER = '0x2222222222222222222222222222222222222222'
/** The frame's clock in these tests. */
export const NOW = Date.parse('2026-11-28T08:00:00.000Z')

/** `token`: the request's Bearer token (these fakes hold no session cookie: no token is no session). */
type Route = (init: { method: string; body: unknown; token: string | undefined }) => { status?: number; json: unknown }

export function aHostileHost(routes: Record<string, Route> = {}) {
  const parent = { name: 'the host page' }
  const posted: Record<string, unknown>[] = []
  const rpcCalls: { method: string; params: unknown }[] = []
  const previewReads: unknown[] = []
  const storage = new Map<string, string>([[FRAME_STORAGE_KEYS.token, 'good-token']])
  const shown: ApprovalDetails[] = []
  const answers: ((approved: boolean) => void)[] = []
  /** Key exports the frame ran with the visitor, and how to end each (whether the keys were shown). */
  const exports: KeyExportFlow[] = []
  const exportAnswers: ((shown: boolean) => void)[] = []
  const all: Record<string, Route> = {
    '/v1/chains': () => ({ json: { chains: [{ chainId: 31337, name: 'Devnet A' }, { chainId: 31338, name: 'Devnet B' }] } }),
    '/v1/user': ({ token }) => (token === undefined ? { status: 401, json: { message: 'Not signed in' } } : { json: { email: 'ada@example.test', accounts: { eip155: ADDRESS } } }),
    '/v1/rpc': ({ body }) => {
      const { method, params } = body as { method: string; params: unknown }
      // The frame's own preview of a request (a simulation, a read): kept apart from what the wallet does.
      if (method === 'eth_simulateV1') {
        previewReads.push(params)
        return { json: { result: [] } }
      }
      rpcCalls.push({ method, params })
      return { json: { result: `signature ${rpcCalls.length}` } }
    },
    ...routes,
  }
  // Typed wider than FrameEnv so the file compiles whether or not the frame takes a clock.
  const env: FrameEnv & { now(): number } = {
    hostOrigin: HOST,
    parent,
    post: (message) => void posted.push(message as unknown as Record<string, unknown>),
    fetch: async (path, init) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
      const route = all[path.split('?')[0]!]
      const token = (init?.headers as Record<string, string> | undefined)?.authorization?.replace('Bearer ', '')
      const answer = route === undefined ? { status: 404, json: { message: 'no route' } } : route({ method: init?.method ?? 'GET', body, token })
      const status = answer.status ?? 200
      return { ok: status < 300, status, json: async () => answer.json } as Response
    },
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
    ui: {
      confirm: (details) => {
        shown.push(details)
        return new Promise<boolean>((resolve) => answers.push(resolve))
      },
      setTheme: () => undefined,
      exportKeys: (flow) => {
        exports.push(flow)
        return new Promise<boolean>((resolve) => exportAnswers.push(resolve))
      },
    },
    reload: () => undefined,
    randomId: () => 'device-1',
    now: () => NOW,
  }
  const frame = new FrameHandler(env)
  let n = 0
  /** Sends one request as the host page; `id` lets the host pick (or repeat) the request id. */
  const send = (action: string, payload: unknown, id = `r${++n}`) =>
    frame.handle({ origin: HOST, source: parent, data: { channel: FRAME_CHANNEL, kind: 'request', id, action, payload } })
  const responses = () => posted.filter((m) => m.kind === 'response')
  return { frame, send, shown, answers, rpcCalls, previewReads, responses, posted, exports, exportAnswers }
}

/** Lets the frame's pending promises run (no timer, no clock). */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve))
