import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startDevnet, type DevnetHandle } from '../../../devnet/src/index'
import { freePort } from '../global-setup'
import { freePortPair } from '../../e2e/support/free-port'
import { devnet } from './helpers'

const SDK = `projectId=${devnet.projectId}&st=walletgate&sv=walletgate-0.1.0`
const COIN_TYPE = (0x80000000 | 31337) >>> 0

/** Its own devnets, for the restart: the shared one (the e2e world's, under `npm test`) must stay up. */
async function ownDevnet(dataDir: string): Promise<DevnetHandle> {
  const [chainA, chainB, service, relay] = [await freePort(), await freePort(), await freePort(), await freePort()]
  return startDevnet({ ports: { chainA, chainB, service, relay, solana: await freePortPair(), bitcoin: await freePort() }, dataDir, quiet: true, relay: false, auth: false, farcaster: false, bundlers: false })
}

async function register(serviceUrl: string, name: string, key: `0x${string}`, tamper = false) {
  const account = privateKeyToAccount(key)
  const message = JSON.stringify({ name, coinType: COIN_TYPE, address: account.address, timestamp: 1_700_000_000_000 })
  const signature = await account.signMessage({ message: tamper ? `${message} ` : message })
  const res = await fetch(`${serviceUrl}/v1/profile/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ coin_type: COIN_TYPE, address: account.address, message, signature }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('name registry', () => {
  it('verifies the EIP-191 signature and refuses a taken name', async () => {
    // Keys of its own: names outlive a chain restart, and e2e files show the devnet accounts' names.
    const aKey = () => {
      const privateKey = generatePrivateKey()
      return { privateKey, address: privateKeyToAccount(privateKey).address }
    }
    const [me, other] = [aKey(), aKey()]
    // A name of this run's own, for the same reason: the registry keeps every name a devnet saw.
    const name = `contract-${Date.now().toString(36)}`
    const bad = await register(devnet.serviceUrl, 'forged-name.wg.id', me.privateKey, true)
    expect(bad).toEqual({ status: 400, body: { reasons: [{ description: 'Invalid signature' }] } })
    const ok = await register(devnet.serviceUrl, `${name}.wg.id`, me.privateKey)
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ name: `${name}.wg.id`, addresses: { [String(COIN_TYPE)]: { address: me.address } } })
    const taken = await register(devnet.serviceUrl, `${name}.wg.id`, other.privateKey)
    expect(taken).toEqual({ status: 400, body: { reasons: [{ description: 'Name is already taken' }] } })
    const short = await register(devnet.serviceUrl, 'abc', me.privateKey)
    expect(short.status).toBe(400)

    const identity = await (await fetch(`${devnet.serviceUrl}/v1/identity/${me.address}?${SDK}`)).json()
    expect(identity).toEqual({ name: `${name}.wg.id`, avatar: null })
    const reverse = (await (await fetch(`${devnet.serviceUrl}/v1/profile/reverse/${me.address.toLowerCase()}?apiVersion=2&${SDK}`)).json()) as { name: string }[]
    expect(reverse.map((p) => p.name)).toEqual([`${name}.wg.id`])
    const suggestions = (await (await fetch(`${devnet.serviceUrl}/v1/profile/suggestions/${name}?zone=wg.id&${SDK}`)).json()) as {
      suggestions: { name: string; registered: boolean }[]
    }
    expect(suggestions.suggestions[0]).toEqual({ name: `${name}.wg.id`, registered: true })
    expect(suggestions.suggestions.slice(1).every((s) => !s.registered)).toBe(true)
    const missing = await fetch(`${devnet.serviceUrl}/v1/profile/account/nobody-here.wg.id?apiVersion=2&${SDK}`)
    expect(missing.status).toBe(404)
  })
})

describe('restarting the devnet', () => {
  let dataDir = ''
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'walletgate-restart-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('keeps registered names', { timeout: 180_000 }, async () => {
    const first = await ownDevnet(dataDir)
    try {
      const ok = await register(first.serviceUrl, 'survivor.wg.id', first.accounts[3]!.privateKey)
      expect(ok.status).toBe(200)
    } finally {
      await first.stop()
    }
    const second = await ownDevnet(dataDir)
    try {
      const res = await fetch(`${second.serviceUrl}/v1/profile/account/survivor.wg.id?apiVersion=2&${SDK}`)
      expect(res.status).toBe(200)
      const profile = (await res.json()) as { name: string; addresses: Record<string, { address: string }> }
      expect(profile.name).toBe('survivor.wg.id')
      expect(profile.addresses[String(COIN_TYPE)]!.address).toBe(second.accounts[3]!.address)
    } finally {
      await second.stop()
    }
  })
})
