/** Signed requests as the modal makes them, for the name service: real keys, real signatures. */
import type { FastifyInstance } from 'fastify'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

/** The coin type of the devnet's chain A (ENSIP-11: 0x80000000 | chain id). */
export const COIN_TYPE = (0x80000000 | 31337) >>> 0

/** A signed name registration body, as the modal sends it. */
export async function registration(name: string, key = generatePrivateKey(), init: { tamper?: boolean; coinType?: number; messageAddress?: string } = {}) {
  const account = privateKeyToAccount(key)
  const message = JSON.stringify({ name, coinType: init.coinType ?? COIN_TYPE, address: init.messageAddress ?? account.address, timestamp: 1_700_000_000_000 })
  const signature = await account.signMessage({ message: init.tamper === true ? `${message} ` : message })
  return { key, address: account.address, body: { coin_type: COIN_TYPE, address: account.address, message, signature } }
}

export const registerName = (app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/v1/profile/account', payload: body as object, headers })
