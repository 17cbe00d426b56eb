/**
 * One-click sign-in: the eip155 sign-in request asked with the connection as UniversalProvider's
 * `authenticate()` (`wc_sessionAuthenticate`), and the wallet's CACAOs read back as sign-in
 * sessions, not yet verified (the sign-in use case checks and stores them through `accept`).
 * The SDK's fallback proposal asks for eip155 alone; a wallet without one-click sign-in answers
 * it with a plain session.
 */
import type { SiwxSession } from '../../../domain/entities'
import type { Logger } from '../../../ports/logger'
import type { SiwxConnectRequest, SiwxOnConnect } from '../../../ports/siwx'
import { cacaoSession, type CacaoLike } from './cacao-sessions'
import type { RequestedNamespace } from './namespaces'
import type { Provider, SessionLike, WalletConnectSession } from './walletconnect-session'

/** A proposal the wallet approved: its session, and the sign-in answers when it signed in. */
export interface ApprovedProposal {
  readonly session: SessionLike
  readonly signIn?: NonNullable<WalletConnectSession['signIn']>
}

/**
 * The sign-in to ask with a connect, from the adapter's `signIn` option; undefined without one,
 * or when it cannot be prepared (a warning: the sign view asks later).
 */
export async function signInToAsk(
  signIn: (() => Promise<SiwxOnConnect | undefined>) | undefined,
  logger: Logger,
): Promise<{ request: SiwxConnectRequest; onConnect: SiwxOnConnect } | undefined> {
  try {
    const onConnect = await signIn?.()
    const request = await onConnect?.request('eip155')
    return onConnect === undefined || request === undefined ? undefined : { request, onConnect }
  } catch (e) {
    logger.warn('WalletConnect: sign-in could not be asked with the connection', e)
    return undefined
  }
}

/** An answer whose issuer is no account: kept as a session of no requested chain, so it is refused. */
function unreadableCacao(cacao: CacaoLike): SiwxSession {
  return { data: { accountAddress: '', chainId: 'eip155:0', domain: '', uri: '', version: '1', nonce: '' }, message: '', signature: '', cacao }
}

/**
 * The authenticate request, asking for `optionalNamespaces` with `methods` (the eip155 ones) as its
 * ReCap: its answers as sessions, each with the text the wallet signed as the SDK renders it.
 * Undefined when the SDK reports no session.
 */
export async function authenticate(
  provider: Provider,
  request: SiwxConnectRequest,
  optionalNamespaces: Record<string, RequestedNamespace>,
  methods: string[],
  logger: Logger,
): Promise<ApprovedProposal | undefined> {
  const params = {
    // Read by UniversalProvider (not sent): the RPC map of the session's eip155 provider.
    optionalNamespaces,
    chains: [...request.chainIds],
    domain: request.domain,
    uri: request.uri,
    nonce: request.nonce,
    exp: request.expirationTime,
    ...(request.statement === undefined ? {} : { statement: request.statement }),
    // Asked as a ReCap in the message: the methods the session may then use.
    methods,
  }
  const answer = await provider.authenticate(params)
  if (!(answer.session as SessionLike | undefined)) return undefined
  const cacaos = (answer.auths ?? []) as unknown as CacaoLike[]
  if (cacaos.length === 0) return { session: answer.session as SessionLike }
  const sessions = cacaos.map((cacao) => {
    let message = ''
    try {
      message = provider.client.formatAuthMessage({ request: cacao.p as Parameters<Provider['client']['formatAuthMessage']>[0]['request'], iss: cacao.p.iss })
    } catch (e) {
      // A payload the SDK cannot render (a statement with line breaks): an empty text never verifies.
      logger.warn('WalletConnect sign-in answer could not be read', e)
    }
    return cacaoSession(cacao, message) ?? unreadableCacao(cacao)
  })
  return { session: answer.session as SessionLike, signIn: { request, sessions } }
}
