import type { CaipNetworkId, ChainNamespace, SiwxSession } from '../../domain/entities'
import { sessionMismatch, signatureFailureSnack, type SessionMismatch } from '../../domain/siwx/siwx-rules'
import type { SiwxConnectRequest, SiwxOnConnect } from '../../ports/siwx'
import type { SignInWithXDeps } from './sign-in-with-x'
import { DomainError } from '../../domain/domain-error'

export type SignInOnConnectDeps = Pick<
  SignInWithXDeps,
  'config' | 'storage' | 'messengers' | 'nonces' | 'clock' | 'snack' | 'events' | 'logger' | 'supportedNetworkIds' | 'page'
>

/** Why a session signed with the connection is refused (undefined: it is the one asked for). */
export type ConnectSessionMismatch = SessionMismatch | 'expiry' | 'signature'

/**
 * Sign-in in the same approval as the connection (spec section 4, one-click with WalletConnect):
 * the request carries what SignInWithX would put in its message (domain, uri, statement, a fresh
 * nonce, the expiry from config) for every configured network of the family; the wallet answers
 * with one signed message per chain. Each answer is checked exactly as a sign-in signature is
 * (what was asked, then the signature: the host's `verify` or the family's) while "Authenticating..."
 * shows; only when every one passes are they stored, so SignInWithX finds a session for the
 * connected account and asks nothing. A failure stores nothing and says "Signature declined"; the
 * ordinary sign view follows for the connected account.
 */
export class SignInOnConnect implements SiwxOnConnect {
  constructor(private readonly deps: SignInOnConnectDeps) {}

  async request(namespace: ChainNamespace): Promise<SiwxConnectRequest | undefined> {
    const { config, clock } = this.deps
    const chainIds = this.deps.supportedNetworkIds.filter((id) => id.startsWith(`${namespace}:`)) as CaipNetworkId[]
    if (chainIds.length === 0 || (await this.deps.messengers.get(namespace)) === undefined) return undefined
    const nonce = await this.deps.nonces.next()
    const page = config.domain === undefined || config.uri === undefined ? this.deps.page() : undefined
    return {
      namespace,
      domain: config.domain ?? page?.host ?? '',
      uri: config.uri ?? page?.origin ?? '',
      ...(config.statement === undefined || config.statement === '' ? {} : { statement: config.statement }),
      nonce,
      chainIds,
      expirationTime: new Date(clock.now() + config.expiresInMs).toISOString(),
    }
  }

  async accept(request: SiwxConnectRequest, sessions: readonly SiwxSession[]): Promise<readonly SiwxSession[]> {
    const { snack, events, logger } = this.deps
    if (sessions.length === 0) return []
    snack.showMessage('authenticating', 'loading')
    const added: SiwxSession[] = []
    try {
      for (const session of sessions) {
        const refused = await this.check(request, session)
        if (refused !== undefined) throw new ConnectSignInRefusedError(refused)
      }
      for (const session of sessions) {
        await this.deps.storage.add(session)
        added.push(session)
      }
    } catch (error) {
      // The answer counts as a whole or not at all: sessions of it already stored go again.
      await Promise.all(added.map((s) => this.deps.storage.delete({ caipNetworkId: s.data.chainId, address: s.data.accountAddress }))).catch(
        () => undefined,
      )
      const address = sessions[0]?.data.accountAddress
      logger.warn('Walletgate: the sign-in signed with the connection was refused', error)
      events.report('siwx_error', { stage: 'connect', message: error instanceof Error ? error.message : String(error) }, address)
      snack.showMessage(signatureFailureSnack(undefined))
      return []
    }
    snack.hide()
    for (const session of sessions) events.report('siwx_success', { caipNetworkId: session.data.chainId }, session.data.accountAddress)
    return sessions
  }

  private async check(request: SiwxConnectRequest, session: SiwxSession): Promise<ConnectSessionMismatch | undefined> {
    const { data } = session
    const chainId = request.chainIds.includes(data.chainId) ? data.chainId : undefined
    if (chainId === undefined) return 'chain'
    const nowMs = this.deps.clock.now()
    const expected = { accountAddress: data.accountAddress, chainId, domain: request.domain, uri: request.uri, nonce: request.nonce }
    const mismatch = sessionMismatch(session, expected, nowMs)
    if (mismatch !== undefined) return mismatch
    if (data.expirationTime !== request.expirationTime) return 'expiry'
    const namespace = chainId.slice(0, chainId.indexOf(':')) as ChainNamespace
    const messenger = await this.deps.messengers.get(namespace)
    if (messenger === undefined) return 'chain'
    const verify = this.deps.config.verify ?? ((s: SiwxSession) => messenger.verify(s, nowMs))
    return (await verify(session)) ? undefined : 'signature'
  }
}

/** The sign-in a wallet signed while connecting is not the one asked for, or did not verify. */
export class ConnectSignInRefusedError extends DomainError {
  override readonly name = 'ConnectSignInRefusedError' as const
  readonly code = 'CONNECT_SIGN_IN_REFUSED' as const
  constructor(readonly reason: string) {
    super(`The sign-in signed with the connection did not verify (${reason})`)
  }
}
