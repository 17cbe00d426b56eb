/**
 * The name service's routes (docs/service-api.md): lookup, reverse lookup, identity and suggestions (the
 * modal's GETs, behind the project guard), and the signed registration, whose refusals answer
 * 400 `{ reasons: [{ description }] }`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { isAddress, isHex, type LocalAccount } from 'viem'
import type { Clock } from './clock.js'
import { GATEWAY_ANSWER_TTL_S, GatewayRequestError, gatewayAnswer } from './ens-gateway.js'
import { HttpError } from './http-error.js'
import { InvalidAddressError, NameRegistrationError, reverseLookupAddress, type NameRegistry } from './names.js'

export function registerNameRoutes(app: FastifyInstance, names: NameRegistry): void {
  app.get('/v1/profile/account/:name', { config: { api: true } }, async (request, reply) => {
    const { name } = request.params as { name: string }
    const profile = await names.get(name)
    if (profile === undefined) return reply.status(404).send({ message: `Name ${name} not found` })
    return profile
  })

  app.get('/v1/profile/reverse/:address', { config: { api: true } }, async (request) => {
    let address: string | null
    try {
      address = reverseLookupAddress((request.params as { address: string }).address)
    } catch (error) {
      if (error instanceof InvalidAddressError) throw new HttpError(400, error.message)
      throw error
    }
    return address === null ? [] : names.reverse(address)
  })

  // Identity (spec section 7): the name and avatar of an address, from its first name.
  app.get('/v1/identity/:address', { config: { api: true } }, async (request) => {
    const raw = (request.params as { address: string }).address
    const parts = raw.split(':')
    // A CAIP-10 account of another namespace has no name here.
    if (parts.length === 3 && parts[0] !== 'eip155') return { name: null, avatar: null }
    let address: string | null
    try {
      address = reverseLookupAddress(raw)
    } catch (error) {
      if (error instanceof InvalidAddressError) throw new HttpError(400, error.message)
      throw error
    }
    const profile = address === null ? undefined : (await names.reverse(address))[0]
    return { name: profile?.name ?? null, avatar: profile?.attributes.avatar ?? null }
  })

  app.get('/v1/profile/suggestions/:name', { config: { api: true } }, async (request) => {
    const { zone } = request.query as { zone?: unknown }
    if (typeof zone === 'string' && zone !== '' && zone !== names.zone) return { suggestions: [] }
    return { suggestions: await names.suggestions((request.params as { name: string }).name) }
  })

  // The modal posts it without the sdk query: a site route (see `site` in app.ts).
  app.post('/v1/profile/account', { config: { site: true, idempotent: true } }, async (request, reply) => {
    const body = request.body
    if (typeof body !== 'object' || body === null) throw new HttpError(400, 'Expected a JSON object body')
    const { coin_type, address, message, signature } = body as Record<string, unknown>
    try {
      return await names.register({ coin_type, address, message, signature })
    } catch (error) {
      if (error instanceof NameRegistrationError) return reply.status(400).send({ reasons: [{ description: error.message }] })
      throw error
    }
  })
}

/**
 * The CCIP-read gateway (./ens-gateway) for the zone's offchain resolver, as EIP-3668 clients call
 * it: `GET /ens-gateway/{sender}/{data}.json` (the URL template `<server>/ens-gateway/{sender}/{data}.json`)
 * or `POST /ens-gateway { sender, data }`, answering `{ data }`. Public data, so any page may read
 * it (`Access-Control-Allow-Origin: *`, no credentials); a malformed request is 400 `{ message }`.
 */
export function registerGatewayRoutes(app: FastifyInstance, names: NameRegistry, signer: LocalAccount, clock: Clock): void {
  const answer = async (reply: FastifyReply, sender: unknown, data: unknown) => {
    void reply.header('access-control-allow-origin', '*').header('cache-control', `max-age=${Math.floor(GATEWAY_ANSWER_TTL_S / 2)}`)
    if (typeof sender !== 'string' || !isAddress(sender, { strict: false })) return reply.status(400).send({ message: 'sender must be the resolver\'s address' })
    if (typeof data !== 'string' || !isHex(data) || data.length > MAX_GATEWAY_DATA) return reply.status(400).send({ message: 'data must be hex call data' })
    try {
      return { data: await gatewayAnswer(names, signer, sender, data, clock.now()) }
    } catch (error) {
      if (error instanceof GatewayRequestError) return reply.status(400).send({ message: error.message })
      throw error
    }
  }
  // A wildcard: the call data is longer than the router allows a parameter to be.
  app.get('/ens-gateway/*', async (request, reply) => {
    const [sender, data, ...rest] = (request.params as { '*': string })['*'].split('/')
    if (rest.length > 0) return reply.status(404).send({ message: 'Expected /ens-gateway/{sender}/{data}.json' })
    return answer(reply, sender, data?.replace(/\.json$/, ''))
  })
  app.post('/ens-gateway', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>
    return answer(reply, body.sender, body.data)
  })
}

/** The longest call data a gateway request may carry (a name is at most 255 bytes). */
const MAX_GATEWAY_DATA = 4_096
