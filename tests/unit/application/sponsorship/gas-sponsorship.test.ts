/**
 * Gas the app pays, over the in-memory paymaster service (its policy: dUSD transfers, one
 * operation per account) and a smart account's provider behind the eip155 adapter.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { GasSponsorship, SPONSORSHIP_UNAVAILABLE } from '../../../../src/application/sponsorship/gas-sponsorship'
import { sponsoredTransfers, transferCalls } from '../../../../src/application/sponsorship/sponsored-transfers'
import { TransactionRejectedError } from '../../../../src/domain/errors'
import { Eip155SponsoredCalls } from '../../../../src/infrastructure/chains/eip155/sponsored-calls'
import type { TransferRequest } from '../../../../src/ports/token-transfers'
import { FakeSmartAccountProvider } from '../../../fakes/fake-smart-account-provider'
import { FakeTokenTransfers } from '../../../fakes/fake-token-transfers'
import { InMemoryPaymasterService } from '../../../fakes/in-memory-paymaster-service'
import { RecordingLogger } from '../../../fakes/recording-logger'

const ACCOUNT = '0x1111111111111111111111111111111111111111'
const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const OTHER_TOKEN = '0x2222222222222222222222222222222222222222'
const RECEIVER = '0x000000000000000000000000000000000000bEEF'
const CONNECTOR = 'walletgate.embedded'
const PAYMASTER_URL = 'http://127.0.0.1:8787/v1/paymaster/31337?projectId=walletgate-test'

const dusdTransfer: TransferRequest = { chainId: 'eip155:31337', from: ACCOUNT, to: RECEIVER, amount: 5_000_000n, token: DUSD }

function aWorld(options: { sponsorName?: string; appName?: string; signedIn?: boolean; canSignIn?: boolean; browserWallet?: boolean } = {}) {
  const paymaster = new InMemoryPaymasterService({ sponsorName: options.sponsorName ?? 'Walletgate Devnet', contracts: [DUSD], operationsPerAccount: 1 })
  const token = options.signedIn === false ? undefined : paymaster.signIn(ACCOUNT)
  const provider = new FakeSmartAccountProvider()
  const logger = new RecordingLogger()
  const calls = new Eip155SponsoredCalls({ providerOf: (id) => (id === CONNECTOR ? provider : undefined), readerFor: () => provider, wait: () => Promise.resolve() })
  const sponsorship = new GasSponsorship({
    paymaster,
    calls,
    embedded: (id) => id === CONNECTOR && options.browserWallet !== true,
    sessionToken: (chainId, address) => (chainId === 'eip155:31337' && address.toLowerCase() === ACCOUNT.toLowerCase() ? token : undefined),
    paymasterUrl: () => PAYMASTER_URL,
    canSignIn: options.canSignIn ?? true,
    ...(options.appName === undefined ? {} : { appName: options.appName }),
    logger,
  })
  const check = (request: TransferRequest = dusdTransfer) => sponsorship.check({ ...transferCalls(request), connectorId: CONNECTOR, gasPrice: 1_000_000_000n })
  return { paymaster, provider, logger, sponsorship, check, token }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('whether the app pays the gas', () => {
  it('a dUSD transfer within the policy is paid by the sponsor the service names', async () => {
    const { check, sponsorship } = aWorld()
    expect(await check()).toEqual({ status: 'sponsored', sponsorName: 'Walletgate Devnet' })
    expect(sponsorship.sponsored(transferCalls(dusdTransfer))).toBe(true)
    expect(sponsorship.sponsored(transferCalls({ ...dusdTransfer, amount: 1n }))).toBe(false)
  })

  it("names the host's app when the service names no sponsor", async () => {
    const { check } = aWorld({ sponsorName: '', appName: 'Pixel Shop' })
    expect(await check()).toEqual({ status: 'sponsored', sponsorName: 'Pixel Shop' })
  })

  it("asks only for stub data: the account's daily operation is still there for the wallet to spend", async () => {
    const { check, paymaster, provider, token } = aWorld()
    await check()
    await check()
    expect(provider.methods).not.toContain('wallet_sendCalls')
    // The wallet's own request for signed data is the one that counts.
    const draft = await new Eip155SponsoredCalls({ providerOf: () => provider, readerFor: () => provider }).draft(transferCalls(dusdTransfer), 1n)
    await expect(paymaster.sponsor({ caipNetworkId: 'eip155:31337', entryPoint: draft.entryPoint, operation: draft.operation, sessionToken: token! })).resolves.toMatchObject({ paymaster: paymaster.paymaster })
  })

  it("over the account's daily limit the visitor pays, and the verdict says why", async () => {
    const { check, paymaster, provider, token, sponsorship } = aWorld()
    const draft = await new Eip155SponsoredCalls({ providerOf: () => provider, readerFor: () => provider }).draft(transferCalls(dusdTransfer), 1n)
    await paymaster.sponsor({ caipNetworkId: 'eip155:31337', entryPoint: draft.entryPoint, operation: draft.operation, sessionToken: token! })
    expect(await check()).toEqual({ status: 'notSponsored', reason: 'account-daily-limit' })
    expect(sponsorship.sponsored(transferCalls(dusdTransfer))).toBe(false)
  })

  it('a call outside the policy is not sponsored, with the reason the service gives', async () => {
    const { check } = aWorld()
    expect(await check({ ...dusdTransfer, token: OTHER_TOKEN })).toEqual({ status: 'notSponsored', reason: 'contract' })
  })

  it('a visitor without a session is told to sign in, and the paymaster is not asked', async () => {
    const { check, provider } = aWorld({ signedIn: false })
    expect(await check()).toEqual({ status: 'notSponsored', reason: 'not-signed-in' })
    expect(provider.methods).not.toContain('eth_call')
  })

  it('where the host signs nobody in, a missing session is no verdict', async () => {
    const { check } = aWorld({ signedIn: false, canSignIn: false })
    expect(await check()).toBeUndefined()
  })

  it('a wallet that takes no paymaster gets no verdict at all', async () => {
    const { check, provider } = aWorld()
    provider.takesPaymaster = false
    expect(await check()).toBeUndefined()
  })

  it('a wallet that never says what it offers gets no verdict, after a short wait', async () => {
    vi.useFakeTimers()
    const { check, provider } = aWorld()
    provider.request = ({ method }) => (method === 'wallet_getCapabilities' ? new Promise(() => undefined) : Promise.resolve(undefined))
    const verdict = check()
    await vi.advanceTimersByTimeAsync(3_000)
    expect(await verdict).toBeUndefined()
  })

  it('a service that cannot answer is a verdict too, logged as a warning', async () => {
    const { sponsorship, logger } = aWorld()
    const failing = new GasSponsorship({
      paymaster: { stubData: () => Promise.reject(new Error('offline')), ticket: () => Promise.reject(new Error('offline')) },
      calls: new Eip155SponsoredCalls({ providerOf: () => new FakeSmartAccountProvider(), readerFor: () => new FakeSmartAccountProvider() }),
      embedded: () => true,
      sessionToken: () => 'token',
      paymasterUrl: () => PAYMASTER_URL,
      canSignIn: true,
      logger,
    })
    expect(await failing.check({ ...transferCalls(dusdTransfer), connectorId: CONNECTOR, gasPrice: 1n })).toEqual({ status: 'notSponsored', reason: SPONSORSHIP_UNAVAILABLE })
    expect(logger.warnings).toHaveLength(1)
    expect(sponsorship.sponsored(transferCalls(dusdTransfer))).toBe(false)
  })
})

describe("the embedded wallet's own verdict, without a sign-in session", () => {
  it('asks the wallet, for the account and the app paymaster, and says who pays', async () => {
    const { check, provider, sponsorship } = aWorld({ signedIn: false, canSignIn: false })
    provider.walletVerdict = { sponsored: true, sponsorName: 'Walletgate Devnet' }
    expect(await check()).toEqual({ status: 'sponsored', sponsorName: 'Walletgate Devnet' })
    expect(provider.verdictAsked).toEqual([expect.objectContaining({ chainId: '0x7a69', from: ACCOUNT, paymasterService: { url: PAYMASTER_URL } })])
    expect(sponsorship.sponsored(transferCalls(dusdTransfer))).toBe(true)
  })

  it("keeps the wallet's reason, and says nothing where it cannot answer or the host signs nobody in", async () => {
    const limited = aWorld({ signedIn: false })
    limited.provider.walletVerdict = { sponsored: false, reason: 'account-daily-limit' }
    expect(await limited.check()).toEqual({ status: 'notSponsored', reason: 'account-daily-limit' })
    const silent = aWorld({ signedIn: false, canSignIn: false })
    expect(await silent.check()).toBeUndefined()
    // A browser wallet is not asked: its session, if any, is not the modal's to use.
    const browser = aWorld({ signedIn: false, canSignIn: false, browserWallet: true })
    browser.provider.walletVerdict = { sponsored: true }
    expect(await browser.check()).toBeUndefined()
    expect(browser.provider.verdictAsked).toEqual([])
  })
})

describe('sending a sponsored transfer', () => {
  it("goes to the wallet with the app's paymaster service, and resolves the transaction that carried it", async () => {
    const { check, sponsorship, provider } = aWorld()
    const inner = new FakeTokenTransfers()
    const transfers = sponsoredTransfers(inner, sponsorship, () => CONNECTOR)
    await check()
    expect(await transfers.send(dusdTransfer)).toEqual({ hash: provider.transactionHash })
    expect(inner.sends).toHaveLength(0)
    expect(provider.sent).toEqual([
      expect.objectContaining({
        chainId: '0x7a69',
        from: ACCOUNT,
        calls: [{ to: DUSD, data: `0xa9059cbb${RECEIVER.slice(2).toLowerCase().padStart(64, '0')}${(5_000_000n).toString(16).padStart(64, '0')}` }],
        capabilities: { paymasterService: { url: PAYMASTER_URL } },
      }),
    ])
  })

  it("gives a browser wallet a ticket for the account in the paymaster's context, which the paymaster takes for that account", async () => {
    const { check, sponsorship, provider, paymaster } = aWorld({ browserWallet: true })
    const transfers = sponsoredTransfers(new FakeTokenTransfers(), sponsorship, () => CONNECTOR)
    await check()
    await transfers.send(dusdTransfer)
    const service = (provider.sent[0] as { capabilities: { paymasterService: { url: string; context?: { ticket?: string } } } }).capabilities.paymasterService
    expect(service.url).toBe(PAYMASTER_URL)
    const ticket = service.context?.ticket
    expect(ticket).toMatch(/^wgpt_/)
    // What the wallet then asks the paymaster with: the ticket alone, no session.
    const { operation, entryPoint } = await new Eip155SponsoredCalls({ providerOf: () => provider, readerFor: () => provider }).draft(transferCalls(dusdTransfer), 1n)
    expect((await paymaster.stubData({ caipNetworkId: 'eip155:31337', entryPoint, operation, ticket: ticket! })).sponsorName).toBe('Walletgate Devnet')
  })

  it('gives the embedded wallet no ticket: it shows the paymaster its own session', async () => {
    const { check, sponsorship, provider } = aWorld()
    await check()
    await sponsoredTransfers(new FakeTokenTransfers(), sponsorship, () => CONNECTOR).send(dusdTransfer)
    expect(provider.sent).toEqual([expect.objectContaining({ capabilities: { paymasterService: { url: PAYMASTER_URL } } })])
  })

  it('a transfer the review did not find sponsored goes the usual way, without the paymaster', async () => {
    const { check, sponsorship, provider } = aWorld()
    const inner = new FakeTokenTransfers()
    const transfers = sponsoredTransfers(inner, sponsorship, () => CONNECTOR)
    await check({ ...dusdTransfer, token: OTHER_TOKEN })
    await transfers.send(dusdTransfer)
    expect(inner.sends).toEqual([dusdTransfer])
    expect(provider.sent).toHaveLength(0)
  })

  it("a rejection in the wallet is the visitor's rejection", async () => {
    const { check, sponsorship, provider } = aWorld()
    provider.sendFailure = { code: 4001, message: 'User rejected the request' }
    const transfers = sponsoredTransfers(new FakeTokenTransfers(), sponsorship, () => CONNECTOR)
    await check()
    await expect(transfers.send(dusdTransfer)).rejects.toBeInstanceOf(TransactionRejectedError)
  })
})
