import { asyncScheduler } from 'rxjs'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { NAME_SUGGESTIONS_DEBOUNCE_MS, RegisterAccountName } from '../../../../src/application/names/register-account-name'
import type { CaipAddress } from '../../../../src/domain/entities'
import { RegisterNameError } from '../../../../src/domain/errors'
import type { NameRegistrationApi, NamesApi } from '../../../../src/ports/blockchain/names'
import { WalletRequestError, type ChainFamilies, type ChainFamily } from '../../../../src/ports/chain-family'
import { InMemoryNamesApi } from '../../../fakes/blockchain/in-memory-names-api'
import { ManualClock } from '../../../fakes/manual-clock'
import { RecordingLogger } from '../../../fakes/recording-logger'

// A well-known development key: the fake verifies the EIP-191 signature like the service does.
const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const wallet = privateKeyToAccount(KEY)

type NameService = Pick<NamesApi, 'getNameSuggestions'> & NameRegistrationApi

function world(options: { chain?: string; api?: NameService; sign?: (message: string) => Promise<string> } = {}) {
  const api = new InMemoryNamesApi({
    names: [
      {
        name: 'taken.wg.id',
        registered_at: '2025-01-01T00:00:00Z',
        updated_at: '2025-01-01T00:00:00Z',
        addresses: {},
        attributes: {},
      },
    ],
  })
  const connection = new ConnectionStore()
  const chain = options.chain ?? 'eip155:31337'
  connection.set({
    status: 'connected',
    connectorId: 'dev',
    namespace: chain.split(':')[0] as 'eip155',
    caipAddress: `${chain}:${wallet.address}`,
    address: wallet.address,
    caipNetworkId: chain,
  })
  const signed: string[] = []
  const family = {
    signMessage: async (_connector: string, _address: string, message: string) => {
      signed.push(message)
      return options.sign ? options.sign(message) : wallet.signMessage({ message })
    },
  } as unknown as ChainFamily
  const families: ChainFamilies = { all: [family], get: (ns) => (ns === 'eip155' ? family : undefined) }
  const profile = { setProfileName: vi.fn<(caipAddress: CaipAddress, name: string) => void>() }
  const views = { replace: vi.fn() }
  const register = new RegisterAccountName({
    connection,
    api: options.api ?? api,
    registration: options.api ?? api,
    families,
    profile,
    views,
    scheduler: asyncScheduler,
    clock: new ManualClock(1_700_000_000_000),
    logger: new RecordingLogger(),
  })
  return { register, api, signed, profile, views }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('RegisterAccountName', () => {
  it('refuses a short or malformed name at once and asks for no suggestions', async () => {
    const { register, api } = world()
    register.setLabel('abc')
    expect(register.snapshot.validation).toEqual({ valid: false, failure: { code: 'failure.nameTooShort' } })
    register.setLabel('ab c!')
    expect(register.snapshot.validation).toEqual({ valid: false, failure: { code: 'failure.nameInvalidCharacters' } })
    await vi.advanceTimersByTimeAsync(NAME_SUGGESTIONS_DEBOUNCE_MS * 2)
    await register.register()
    expect(api.calls).toEqual([])
    expect(register.snapshot.submit).toEqual({ status: 'idle' })
  })

  it('asks for suggestions once typing pauses, marking the taken ones', async () => {
    const { register, api } = world()
    register.setLabel('tak')
    register.setLabel('take')
    register.setLabel('taken')
    expect(register.snapshot.suggestions.status).toBe('loading')
    await vi.advanceTimersByTimeAsync(NAME_SUGGESTIONS_DEBOUNCE_MS - 1)
    expect(api.calls).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(api.calls).toEqual(['getNameSuggestions'])
    const suggestions = register.snapshot.suggestions
    expect(suggestions.status).toBe('ready')
    if (suggestions.status !== 'ready') return
    expect(suggestions.suggestions[0]).toEqual({ name: 'taken.wg.id', registered: true })
    expect(suggestions.suggestions.slice(1).every((s) => !s.registered)).toBe(true)
  })

  it('says "Error fetching name suggestions" when they cannot be had', async () => {
    const { register, api } = world()
    api.failNext('getNameSuggestions', new Error('offline'))
    register.setLabel('alice')
    await vi.advanceTimersByTimeAsync(NAME_SUGGESTIONS_DEBOUNCE_MS)
    expect(register.snapshot.suggestions).toEqual({ status: 'error', error: { code: 'error.NAME_SUGGESTIONS_FAILED' } })
  })

  it('signs the message with the coin type of the chain id, posts it, sets the name and shows the success view', async () => {
    const { register, signed, profile, views, api } = world()
    register.setLabel('Alice.wg.id')
    await register.register()
    expect(JSON.parse(signed[0]!)).toEqual({
      name: 'alice.wg.id',
      coinType: 2147514985,
      address: wallet.address,
      timestamp: 1_700_000_000_000,
    })
    expect(await api.lookUpName('alice.wg.id')).toMatchObject({ addresses: { '2147514985': { address: wallet.address } } })
    expect(profile.setProfileName).toHaveBeenCalledWith(`eip155:31337:${wallet.address}`, 'alice.wg.id')
    expect(views.replace).toHaveBeenCalledWith('RegisterAccountNameSuccess')
    expect(register.snapshot.submit).toEqual({ status: 'registered', name: 'alice.wg.id' })
  })

  it("returns to the form with the service's first reason", async () => {
    const api: NameService = {
      getNameSuggestions: async () => [],
      registerName: (params) => Promise.reject(RegisterNameError.fromReasons(params.name, { reasons: [{ description: 'Name is already taken' }] })),
    }
    const { register, views } = world({ api })
    register.setLabel('alice')
    await register.register()
    expect(register.snapshot.submit).toEqual({ status: 'error', error: { code: 'names.serviceReason', params: { reason: 'Name is already taken' } } })
    expect(views.replace).not.toHaveBeenCalled()
    // Typing again clears the message.
    register.setLabel('alice2')
    expect(register.snapshot.submit).toEqual({ status: 'idle' })
  })

  it('says "Error registering name {name}" when the service gives no reason', async () => {
    const { register, api } = world()
    api.failNext('registerName', new Error('500'))
    register.setLabel('alice')
    await register.register()
    expect(register.snapshot.submit).toEqual({ status: 'error', error: { code: 'names.registerFailed', params: { name: 'alice.wg.id' } } })
  })

  it('says "Signature declined" when the wallet refuses, and posts nothing', async () => {
    const { register, api } = world({ sign: () => Promise.reject(new WalletRequestError('rejected', 'User rejected the request.')) })
    register.setLabel('alice')
    await register.register()
    expect(register.snapshot.submit).toEqual({ status: 'error', error: { code: 'snack.signatureDeclined' } })
    expect(api.calls).not.toContain('registerName')
  })

  it('says "Invalid chainId" on a chain id the coin type cannot hold', async () => {
    const { register, signed } = world({ chain: 'eip155:2147483648' })
    register.setLabel('alice')
    await register.register()
    expect(register.snapshot.submit).toEqual({ status: 'error', error: { code: 'error.INVALID_CHAIN_ID' } })
    expect(signed).toEqual([])
  })
})
