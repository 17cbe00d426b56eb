/**
 * The embedded wallet's smart account shows the visitor's wallet session to a paymaster service
 * (ERC-7677) so the service can sponsor signed-in visitors. The app names the service's URL in
 * wallet_sendCalls: a hostile page names its own server to collect the session token, which is the
 * visitor's wallet session. The token goes only to the wallet's own paymaster origins; any other
 * service the app names is asked without it. Asking the wallet whether its paymaster would pay
 * (what the modal does without a sign-in session) sends the session to its own paymaster only,
 * for the account it holds only: any other URL or account is refused before anything is sent.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeFunctionData, parseAbi, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { BundlerHandle } from '../../devnet/src/chains/eip155/bundler'
import { devnetSmartAccount, trustedPaymaster, type SmartAccountChain } from '../../devnet/src/auth/smart-account'
import { startChainABundler } from '../contract/smart-accounts/bundler'
import { DEVNET_CONTRACTS } from '../../devnet/src/config'
import { devnet } from '../contract/devnet/helpers'
import { signInOnService } from '../contract/paymaster/devnet-sponsorship'
import { WALLET_PAYMASTER_STUB_METHOD } from '../../src/domain/sponsorship/sponsorship'

const TOKEN = 'the-visitors-wallet-session'
const seen: IncomingHttpHeaders[] = []
let thief: Server
let thiefUrl: string
let bundler: BundlerHandle | undefined
let chain: SmartAccountChain

beforeAll(async () => {
  // A bundler of its own, as the embedded wallet's smart account sends through one.
  ;({ bundler, chain } = await startChainABundler())
  // A page's own "paymaster": it records what it is sent and answers nothing useful.
  thief = createServer((request, response) => {
    seen.push(request.headers)
    request.resume()
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'no' } }))
  })
  await new Promise<void>((done) => thief.listen(0, '127.0.0.1', done))
  thiefUrl = `http://127.0.0.1:${(thief.address() as AddressInfo).port}/v1/paymaster/31337`
})

afterAll(async () => {
  await new Promise((done) => thief.close(done))
  await bundler?.stop()
})

describe('the session token and the paymaster the app names', () => {
  it('is trusted only on the exact origins given', () => {
    const origins = [new URL(devnet.serviceUrl).origin]
    expect(trustedPaymaster(`${devnet.serviceUrl}/v1/paymaster/31337`, origins)).toBe(true)
    expect(trustedPaymaster(thiefUrl, origins)).toBe(false)
    // A prefix that looks right, another port, another scheme, garbage.
    expect(trustedPaymaster(`${devnet.serviceUrl}.evil.example/v1/paymaster/31337`, origins)).toBe(false)
    expect(trustedPaymaster(devnet.serviceUrl.replace(/:(\d+)$/, (_, port: string) => `:${Number(port) + 1}`), origins)).toBe(false)
    expect(trustedPaymaster('not a url', origins)).toBe(false)
  })

  it("a page's own paymaster URL never receives the visitor's session", { timeout: 60_000 }, async () => {
    const account = await devnetSmartAccount(generatePrivateKey(), chain, { paymasterToken: TOKEN, paymasterOrigins: [new URL(devnet.serviceUrl).origin] })
    const transfer = { to: DEVNET_CONTRACTS.dUSD, data: encodeFunctionData({ abi: parseAbi(['function transfer(address,uint256)']), functionName: 'transfer', args: [account.address, parseUnits('1', 6)] }) }
    const sent = await account
      .request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', calls: [transfer], capabilities: { paymasterService: { url: thiefUrl } } }] })
      .then(() => 'sent', () => 'refused')
    expect(sent).toBe('refused')
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.map((headers) => headers.authorization)).toEqual(seen.map(() => undefined))
    expect(JSON.stringify(seen)).not.toContain(TOKEN)
  })

  it("the wallet's verdict question goes only to its own paymaster, for its own account", { timeout: 60_000 }, async () => {
    const owner = generatePrivateKey()
    const probe = await devnetSmartAccount(owner, chain)
    const session = await signInOnService(devnet.serviceUrl, probe.account)
    const account = await devnetSmartAccount(owner, chain, { paymasterToken: session, paymasterOrigins: [new URL(devnet.serviceUrl).origin] })
    const transfer = { to: DEVNET_CONTRACTS.dUSD, data: encodeFunctionData({ abi: parseAbi(['function transfer(address,uint256)']), functionName: 'transfer', args: [account.address, 0n] }) }
    const ask = (url: string, from: string) =>
      account.request({ method: WALLET_PAYMASTER_STUB_METHOD, params: [{ chainId: '0x7a69', from, calls: [transfer], paymasterService: { url } }] }).then(
        (answer) => answer,
        (error: unknown) => ({ refused: (error as { code?: number }).code }),
      )
    const before = seen.length
    expect(await ask(thiefUrl, account.address)).toEqual({ refused: 4100 })
    expect(seen.length).toBe(before)
    const own = `${devnet.serviceUrl}/v1/paymaster/31337?projectId=walletgate-test`
    expect(await ask(own, privateKeyToAccount(generatePrivateKey()).address)).toEqual({ refused: 4100 })
    // Its own paymaster, its own account: the answer the modal shows.
    expect(await ask(own, account.address)).toEqual({ sponsored: true, sponsorName: 'Walletgate Devnet' })
  })
})
