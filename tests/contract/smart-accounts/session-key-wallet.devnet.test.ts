/**
 * Eip1193SessionKeyWallet over the auth service's wallet (/v1/rpc, what the frame forwards once the
 * visitor confirms): a grant puts the key on chain through the bundler; the removal is the
 * account's own call to itself, signed by its owner; an EOA cannot grant.
 */
import { afterAll, beforeAll } from 'vitest'
import { createPublicClient, http, type Address } from 'viem'
import type { BundlerHandle } from '../../../devnet/src/chains/eip155/bundler'
import { listSessions, type SmartAccountChain } from '../../../devnet/src/auth/smart-account'
import { startAuthService, type AuthService } from '../../../devnet/src/auth/server'
import { startSmtpSink, type SmtpSink } from '../../../devnet/src/auth/smtp-sink'
import { Eip1193SessionKeyWallet } from '../../../src/infrastructure/chains/eip155/eip1193-session-key-wallet'
import { sessionKeyWalletContract } from '../smart-sessions/session-key-wallet.contract'
import { startChainABundler } from './bundler'

// On the project's devnet: fresh owners' smart accounts and session keys on Devnet A (bundler.ts).
let bundler: BundlerHandle
let chain: SmartAccountChain
let sink: SmtpSink
let auth: AuthService

beforeAll(async () => {
  ;({ bundler, chain } = await startChainABundler())
  sink = await startSmtpSink({ port: 0 })
  auth = await startAuthService({ port: 0, smtpPort: sink.port, mailbox: sink.mailbox, chains: [chain] })
})
afterAll(async () => {
  await auth?.stop()
  await sink?.stop()
  await bundler?.stop()
})

async function call<T>(path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${auth.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, body: (await res.json()) as T }
}

/** A new user signed in by email: their token and the address of their account in use. */
async function signIn(): Promise<{ token: string; address: Address }> {
  const email = `sk-${Math.random().toString(36).slice(2)}@example.test`
  await call('/v1/email/login', { email, deviceId: 'd1' })
  const mails = await call<{ subject: string }[]>(`/devnet/mail?to=${encodeURIComponent(email)}`)
  const otp = mails.body[0]!.subject.match(/\d{6}/)![0]
  const { body } = await call<{ token: string; user: { address: Address } }>('/v1/email/verify', { email, otp, deviceId: 'd1' })
  return { token: body.token, address: body.user.address }
}

/** The user's wallet as an EIP-1193 provider over /v1/rpc; the service's refusals keep their code. */
const providerOf = (token: string) => ({
  async request({ method, params }: { method: string; params?: unknown }) {
    const answer = await call<{ result?: unknown; message?: string; code?: number }>('/v1/rpc', { chainId: 31337, method, params: params ?? [] }, token)
    if (answer.status !== 200) throw Object.assign(new Error(answer.body.message ?? 'failed'), { code: answer.body.code ?? -32603 })
    return answer.body.result
  },
})

sessionKeyWalletContract(
  'Eip1193SessionKeyWallet (auth service wallet)',
  async () => {
    const smart = await signIn()
    const plain = await signIn()
    await call('/v1/preferred-account', { type: 'eoa' }, plain.token)
    const providers: Record<string, ReturnType<typeof providerOf>> = { AUTH: providerOf(smart.token), EOA: providerOf(plain.token) }
    return {
      wallet: new Eip1193SessionKeyWallet((connectorId) => providers[connectorId]),
      smart: { connectorId: 'AUTH', account: smart.address, chainId: 31337 },
      plainConnectorId: 'EOA',
      later: Number((await createPublicClient({ transport: http(chain.rpcUrl) }).getBlock()).timestamp) + 86_400,
      keysOnChain: async (account) => (await listSessions(account as Address, chain)).map((s) => s.key.toLowerCase()),
    }
  },
  60_000,
)
