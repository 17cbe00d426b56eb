/**
 * The name service's routes (docs/service-api.md): lookup, reverse lookup, identity and suggestions (the
 * modal's GETs, behind the project guard), and the signed registration, whose refusals answer
 * 400 `{ reasons: [{ description }] }`.
 */
import type { FastifyInstance } from 'fastify'
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
