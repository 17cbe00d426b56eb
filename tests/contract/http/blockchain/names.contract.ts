/** The name service's contract (NamesApi, NameRegistrationApi and IdentityApi, which answers from the same
 * names), run against the Fetch adapters over HTTP to the devnet and against their fakes. */
import { describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import type { CaipAddress } from '../../../../src/domain/entities'
import { RegisterNameError } from '../../../../src/domain/errors'
import { nameCoinType } from '../../../../src/domain/names/coin-type'
import type { IdentityApi } from '../../../../src/ports/blockchain/identity'
import type { NameRegistrationApi, NamesApi } from '../../../../src/ports/blockchain/names'
import { contractSuite, type BlockchainWorld } from './world'

export interface NameServiceWorld extends BlockchainWorld {
  readonly names: NamesApi
  readonly registration: NameRegistrationApi
  readonly identity: IdentityApi
}

export function nameServiceContract(label: string, makeWorld: () => Promise<NameServiceWorld>): void {
  contractSuite('NameService', label, makeWorld, (w, account) => {
    describe('names', () => {
      const signer = () => privateKeyToAccount(w.registrant.privateKey)
      const chainNumber = () => Number(w.chainId.split(':')[1])
      const fresh = () => `wg${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`

      async function register(base: string) {
        const name = `${base}.${w.zone}`
        const coinType = nameCoinType(chainNumber())
        const message = JSON.stringify({ name, coinType, address: w.registrant.address, timestamp: Date.now() })
        const signature = await signer().signMessage({ message })
        return { name, coinType, message, signature }
      }

      it('registers a signed name, then finds it forward, in reverse, as a suggestion and as identity', async () => {
        const base = fresh()
        const params = await register(base)
        const profile = await w.registration.registerName({ ...params, address: w.registrant.address })
        expect(profile.name).toBe(params.name)
        expect(Object.values(profile.addresses).map((a) => a.address.toLowerCase())).toContain(
          w.registrant.address.toLowerCase(),
        )

        const found = await w.names.lookUpName(params.name, { forceUpdate: true })
        expect(found?.name).toBe(params.name)

        const names = await w.names.reverseLookUpNames(account(w.registrant.address), { forceUpdate: true })
        expect(names.map((n) => n.name)).toContain(params.name)

        const suggestions = await w.names.getNameSuggestions(base, { zone: w.zone })
        expect(suggestions.find((s) => s.name === params.name)?.registered).toBe(true)

        const identity = await w.identity.getIdentity(account(w.registrant.address), { forceUpdate: true })
        expect(names.map((n) => n.name)).toContain(identity.name)
      })

      it("lists every name of the address oldest first, a new one as soon as it is registered (what ChooseAccountName shows)", async () => {
        const base = fresh()
        // Registered one after the other (and in name order, should two share a timestamp).
        const first = await register(`${base}a`)
        await w.registration.registerName({ ...first, address: w.registrant.address })
        const before = (await w.names.reverseLookUpNames(account(w.registrant.address))).map((n) => n.name)
        expect(before).toContain(first.name)
        const second = await register(`${base}b`)
        await w.registration.registerName({ ...second, address: w.registrant.address })
        // No forceUpdate: a registration through this modal is never hidden by the lookup's cache.
        const after = (await w.names.reverseLookUpNames(account(w.registrant.address))).map((n) => n.name)
        expect(after.indexOf(first.name)).toBeGreaterThanOrEqual(0)
        expect(after.indexOf(second.name)).toBeGreaterThan(after.indexOf(first.name))
      })

      it('refuses a bad signature and a name another address holds with the service\'s reason', async () => {
        const params = await register(fresh())
        const other = privateKeyToAccount('0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef')
        const forged = await other.signMessage({ message: params.message })
        const badSignature = await w.registration
          .registerName({ ...params, signature: forged, address: w.registrant.address })
          .catch((e: unknown) => e)
        expect(badSignature).toBeInstanceOf(RegisterNameError)
        expect((badSignature as Error).message).not.toBe(`Error registering name ${params.name}`)

        await w.registration.registerName({ ...params, address: w.registrant.address })
        const message = JSON.stringify({
          name: params.name,
          coinType: params.coinType,
          address: other.address,
          timestamp: Date.now(),
        })
        const taken = await w.registration
          .registerName({
            name: params.name,
            coinType: params.coinType,
            address: other.address,
            message,
            signature: await other.signMessage({ message }),
          })
          .catch((e: unknown) => e)
        expect(taken).toBeInstanceOf(RegisterNameError)
        expect((taken as Error).message).not.toBe(`Error registering name ${params.name}`)
      })

      it('lets the owner register its own name again', async () => {
        const first = await register(fresh())
        await w.registration.registerName({ ...first, address: w.registrant.address })
        const again = await register(first.name.split('.')[0]!)
        const profile = await w.registration.registerName({ ...again, address: w.registrant.address })
        expect(profile.name).toBe(first.name)
      })

      it('answers null for a name nobody registered', async () => {
        await expect(w.names.lookUpName(`${fresh()}.${w.zone}`)).resolves.toBeNull()
      })

      it('answers an empty identity and no names for a namespace without names', async () => {
        const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' as CaipAddress
        await expect(w.identity.getIdentity(solana)).resolves.toEqual({ name: null, avatar: null })
        await expect(w.names.reverseLookUpNames(solana)).resolves.toEqual([])
      })
    })
  })
}
