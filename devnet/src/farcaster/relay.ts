/**
 * The devnet's Farcaster auth relay and the "devnet Farcaster app" that approves on it. The relay
 * speaks the channel protocol `@farcaster/auth-client` uses against relay.farcaster.xyz:
 *
 *   POST /v1/channel                { siweUri, domain, nonce?, ... }  -> 201 { channelToken, url, nonce }
 *   GET  /v1/channel/status         (Bearer channelToken)            -> 202 pending | 200 completed { message, signature, fid, username, ... }
 *   POST /v1/channel/authenticate   (Bearer channelToken, X-Farcaster-Auth-Relay-Key) { message, signature, fid } -> 201
 *
 * A channel's `url` is an http link to this relay's app page (a `farcaster://` link cannot open in
 * a test browser): there a person picks a seeded account and approves; the page builds the
 * Sign In With Farcaster message, signs it with that account's custody key and calls
 * `authenticate` like a Farcaster client does. The relay checks no signature: the app that
 * redeems the channel verifies the message against the Id and Key registries on Devnet A.
 *
 *   GET  /app?channelToken=         -> the approval page
 *   POST /app/approve               (form: channelToken, fid) -> signs in as that fid
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { createWalletClient } from '@farcaster/auth-client'
import { generateSiweNonce } from 'viem/siwe'
import { DEVNET_HOST } from '../config'
import { HttpError, readBody } from '../service/http'
import { DEVNET_FARCASTER_ACCOUNTS, farcasterAccount, farcasterCustody } from './accounts'
import { installFarcasterRegistries } from './registries'

/** The key the devnet Farcaster app presents to `authenticate` (Warpcast's role on the real relay). */
export const DEVNET_FARCASTER_RELAY_KEY = 'walletgate-devnet-farcaster-app'
/** A channel waits this long for its approval, then is gone. */
export const CHANNEL_LIFETIME_MS = 10 * 60_000

interface ChannelParams {
  siweUri: string
  domain: string
  nonce: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
  redirectUrl?: string
}

interface Completion {
  message: string
  signature: `0x${string}`
  authMethod: 'custody' | 'authAddress'
  fid: number
  username?: string
  displayName?: string
  bio?: string
  pfpUrl?: string
  custody?: `0x${string}`
}

interface Channel {
  params: ChannelParams
  acceptAuthAddress: boolean
  url: string
  expiresAt: number
  metadata: { ip: string; userAgent: string }
  completion?: Completion
}

export interface FarcasterRelayOptions {
  readonly port: number
  /** Devnet A's JSON-RPC URL: the registries are placed there at start. */
  readonly rpcUrl: string
  readonly now?: () => number
}

export interface FarcasterRelay {
  readonly url: string
  readonly port: number
  /** Places the registries and the seeded fids on the chain again (after the chain started over). */
  installRegistries(): Promise<void>
  stop(): Promise<void>
}

export async function startFarcasterRelay(options: FarcasterRelayOptions): Promise<FarcasterRelay> {
  const now = options.now ?? Date.now
  const channels = new Map<string, Channel>()
  let baseUrl = ''
  const installRegistries = (): Promise<void> =>
    installFarcasterRegistries(
      options.rpcUrl,
      DEVNET_FARCASTER_ACCOUNTS.map((a) => ({ fid: a.fid, custody: farcasterCustody(a).address })),
    )
  await installRegistries()

  const channelOf = (req: IncomingMessage): { token: string; channel: Channel } => {
    const header = req.headers.authorization
    const token = header?.startsWith('Bearer ') === true ? header.slice('Bearer '.length).trim() : ''
    const channel = channels.get(token)
    if (channel === undefined || channel.expiresAt < now()) {
      channels.delete(token)
      throw new HttpError(401, 'Unknown or expired channel')
    }
    return { token, channel }
  }

  const statusJson = (channel: Channel) => ({
    state: channel.completion === undefined ? 'pending' : 'completed',
    nonce: channel.params.nonce,
    url: channel.url,
    ...(channel.completion ?? {}),
    signatureParams: channel.params,
    metadata: channel.metadata,
    acceptAuthAddress: channel.acceptAuthAddress,
  })

  const jsonBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const text = await readBody(req)
    try {
      const parsed = JSON.parse(text) as unknown
      if (typeof parsed === 'object' && parsed !== null) return parsed as Record<string, unknown>
    } catch {
      // answered below
    }
    throw new HttpError(400, 'Malformed JSON body')
  }
  const optionalText = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

  /** The app page's wallet side: the same client library a Farcaster client uses (loaded on the first approval: the devnet starts faster). */
  let wallet: Promise<ReturnType<typeof createWalletClient>> | undefined
  const appWallet = (): Promise<ReturnType<typeof createWalletClient>> =>
    (wallet ??= import('@farcaster/auth-client').then(({ createWalletClient, viemConnector }) =>
      createWalletClient({ relay: baseUrl, ethereum: viemConnector({ rpcUrl: options.rpcUrl }) }),
    ))

  type Answer = { status?: number; json: unknown } | { status?: number; html: string }

  const route = async (req: IncomingMessage, url: URL): Promise<Answer> => {
    const method = (req.method ?? 'GET').toUpperCase()
    for (const [token, channel] of channels) if (channel.expiresAt < now()) channels.delete(token)

    if (method === 'POST' && url.pathname === '/v1/channel') {
      const body = await jsonBody(req)
      const siweUri = optionalText(body.siweUri)
      const domain = optionalText(body.domain)
      if (siweUri === undefined || domain === undefined) throw new HttpError(400, 'siweUri and domain are required')
      const token = randomBytes(16).toString('hex')
      const params: ChannelParams = { siweUri, domain, nonce: optionalText(body.nonce) ?? generateSiweNonce() }
      for (const key of ['notBefore', 'expirationTime', 'requestId', 'redirectUrl'] as const) {
        const value = optionalText(body[key])
        if (value !== undefined) params[key] = value
      }
      const channel: Channel = {
        params,
        acceptAuthAddress: body.acceptAuthAddress !== false,
        url: `${baseUrl}/app?channelToken=${token}`,
        expiresAt: now() + CHANNEL_LIFETIME_MS,
        metadata: { ip: req.socket.remoteAddress ?? '', userAgent: req.headers['user-agent'] ?? '' },
      }
      channels.set(token, channel)
      return { status: 201, json: { channelToken: token, url: channel.url, nonce: params.nonce } }
    }
    if (method === 'GET' && url.pathname === '/v1/channel/status') {
      const { channel } = channelOf(req)
      return { status: channel.completion === undefined ? 202 : 200, json: statusJson(channel) }
    }
    if (method === 'POST' && url.pathname === '/v1/channel/authenticate') {
      if (req.headers['x-farcaster-auth-relay-key'] !== DEVNET_FARCASTER_RELAY_KEY) throw new HttpError(401, 'Unknown relay key')
      const { channel } = channelOf(req)
      if (channel.completion !== undefined) throw new HttpError(409, 'This channel is already completed')
      const body = await jsonBody(req)
      const message = optionalText(body.message)
      const signature = optionalText(body.signature)
      const fid = Number(body.fid)
      if (message === undefined || signature === undefined || !/^0x[0-9a-fA-F]+$/.test(signature) || !Number.isInteger(fid) || fid <= 0) {
        throw new HttpError(400, 'message, signature and fid are required')
      }
      // The profile comes from the relay's own records, as the real relay reads it from the hubs.
      const known = farcasterAccount(fid)
      channel.completion = {
        message,
        signature: signature as `0x${string}`,
        authMethod: body.authMethod === 'authAddress' ? 'authAddress' : 'custody',
        fid,
        ...(known === undefined
          ? {}
          : { username: known.username, displayName: known.displayName, bio: known.bio, custody: farcasterCustody(known).address }),
      }
      return { status: 201, json: statusJson(channel) }
    }
    if (method === 'GET' && url.pathname === '/app') {
      const token = url.searchParams.get('channelToken') ?? ''
      const channel = channels.get(token)
      if (channel === undefined) return { status: 404, html: page('Sign-in request not found', '<p>This sign-in request is not valid or has expired. Start again from the app.</p>') }
      if (channel.completion !== undefined) return { html: page('Already signed in', '<p>This sign-in request was already approved. Go back to the app.</p>') }
      const accounts = DEVNET_FARCASTER_ACCOUNTS.map(
        (a) =>
          `<li><form method="post" action="/app/approve"><input type="hidden" name="channelToken" value="${escapeHtml(token)}"><input type="hidden" name="fid" value="${a.fid}"><button type="submit">Sign in as @${escapeHtml(a.username)}</button> ${escapeHtml(a.displayName)}, fid ${a.fid}</form></li>`,
      )
      return {
        html: page(
          'Devnet Farcaster app',
          `<p><strong>${escapeHtml(channel.params.domain)}</strong> asks you to sign in with Farcaster.</p><ul>${accounts.join('')}</ul>`,
        ),
      }
    }
    if (method === 'POST' && url.pathname === '/app/approve') {
      const form = new URLSearchParams(await readBody(req))
      const token = form.get('channelToken') ?? ''
      const account = farcasterAccount(Number(form.get('fid')))
      const channel = channels.get(token)
      if (channel === undefined || account === undefined) {
        return { status: 404, html: page('Sign-in request not found', '<p>This sign-in request is not valid or has expired. Start again from the app.</p>') }
      }
      const custody = farcasterCustody(account)
      const wallet = await appWallet()
      const { params } = channel
      const built = wallet.buildSignInMessage({
        domain: params.domain,
        uri: params.siweUri,
        nonce: params.nonce,
        address: custody.address,
        fid: account.fid,
        ...(params.notBefore === undefined ? {} : { notBefore: new Date(params.notBefore) }),
        ...(params.expirationTime === undefined ? {} : { expirationTime: new Date(params.expirationTime) }),
        ...(params.requestId === undefined ? {} : { requestId: params.requestId }),
      })
      if (built.isError) return { status: 400, html: page('Cannot sign in', `<p>${escapeHtml(built.error?.message ?? 'The request is not valid')}.</p>`) }
      const signature = await custody.signMessage({ message: built.message })
      const answer = await wallet.authenticate({ channelToken: token, authKey: DEVNET_FARCASTER_RELAY_KEY, message: built.message, signature, fid: account.fid })
      if (answer.isError || answer.response.status !== 201) return { status: 409, html: page('Cannot sign in', '<p>This sign-in request was already answered. Start again from the app.</p>') }
      const back = params.redirectUrl === undefined ? '' : ` <a href="${escapeHtml(params.redirectUrl)}">Back to the app</a>`
      return { html: page('Signed in', `<p>You signed in to <strong>${escapeHtml(params.domain)}</strong> as @${escapeHtml(account.username)}. Go back to the app.${back}</p>`) }
    }
    throw new HttpError(404, `No route for ${method} ${url.pathname}`)
  }

  const send = (res: ServerResponse, answer: Answer): void => {
    if ('html' in answer) {
      res.writeHead(answer.status ?? 200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(answer.html)
      return
    }
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(answer.json))
  }

  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*')
    res.setHeader('vary', 'Origin')
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS')
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type, authorization')
    if ((req.method ?? '').toUpperCase() === 'OPTIONS') {
      res.writeHead(204)
      res.end()
      return
    }
    route(req, new URL(req.url ?? '/', baseUrl))
      .then((answer) => send(res, answer))
      .catch((error: unknown) => {
        if (error instanceof HttpError) send(res, { status: error.status, json: error.body })
        else send(res, { status: 500, json: { message: error instanceof Error ? error.message : String(error) } })
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, DEVNET_HOST, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  baseUrl = `http://${DEVNET_HOST}:${port}`
  return {
    url: baseUrl,
    port,
    installRegistries,
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem"><h1>${escapeHtml(title)}</h1>${body}</body></html>`
}
