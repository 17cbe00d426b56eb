/** A sign-in world shared by the SignInWithX tests: the use case over in-memory fakes, started. */
import { queueScheduler } from 'rxjs'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { EventReporter } from '../../../../src/application/connection/report-event'
import { ModalStore } from '../../../../src/application/modal-store'
import { CloseModal } from '../../../../src/application/shell/close-modal'
import { SignInWithX } from '../../../../src/application/siwx/sign-in-with-x'
import { SnackStore } from '../../../../src/application/snack-store'
import type { ResolvedSiwxConfig } from '../../../../src/domain/siwx/siwx-config'
import type { AccountType } from '../../../../src/domain/entities'
import type { ChainFamilies, ChainFamily } from '../../../../src/ports/chain-family'
import type { SiwxFamilyMessenger } from '../../../../src/ports/siwx'
import { InMemoryAnalytics } from '../../../fakes/in-memory-analytics'
import { InMemorySiwxStorage } from '../../../fakes/in-memory-siwx-storage'
import { ManualClock } from '../../../fakes/manual-clock'
import { RecordingLogger } from '../../../fakes/recording-logger'

export const ADDRESS = '0x1111111111111111111111111111111111111111'
export const OTHER = '0x2222222222222222222222222222222222222222'

/**
 * `wallet` adds to the eip155 family what a test needs of the wallet beyond signing (switching
 * network or account), over the world's connection.
 */
export function signInWorld(siwx: Partial<ResolvedSiwxConfig> = {}, wallet: (connection: ConnectionStore) => Partial<ChainFamily> = () => ({})) {
  const clock = new ManualClock()
  const connection = new ConnectionStore()
  const modal = new ModalStore()
  const storage = new InMemorySiwxStorage(clock)
  const snack = new SnackStore(queueScheduler)
  const logger = new RecordingLogger()
  const hostEvents: string[] = []
  const events = new EventReporter({ features: { analytics: false }, onEvent: (e) => hostEvents.push(e.type) }, new InMemoryAnalytics(), logger)
  const signAnswers: Array<string | Error> = []
  const signed: string[] = []
  const family = {
    namespace: 'eip155',
    ...wallet(connection),
    signMessage: (_connector: string, _address: string, message: string) => {
      signed.push(message)
      const answer = signAnswers.shift() ?? `sig:${message}`
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
    },
  } as unknown as ChainFamily
  const families: ChainFamilies = { all: [family], get: (n) => (n === 'eip155' ? family : undefined) }
  const messenger: SiwxFamilyMessenger & { valid: boolean; failCreate: boolean } = {
    valid: true,
    failCreate: false,
    createMessage(data) {
      if (this.failCreate) throw new Error('bad domain')
      return `sign in ${data.accountAddress} on ${data.chainId} at ${data.domain} nonce ${data.nonce}`
    },
    verify(session) {
      return Promise.resolve(this.valid && session.signature === `sig:${session.message}`)
    },
  }
  let nonce = 0
  let disconnects = 0
  const config: ResolvedSiwxConfig = { required: false, expiresInMs: 3_600_000, signOutOnDisconnect: true, ...siwx }
  const signIn = new SignInWithX({
    config,
    connection,
    modal,
    families,
    storage,
    messengers: { get: (n) => Promise.resolve(n === 'eip155' ? messenger : undefined) },
    nonces: { next: () => Promise.resolve(`nonce${String(++nonce).padStart(4, '0')}`) },
    clock,
    snack,
    events,
    logger,
    disconnect: () => {
      disconnects++
      connection.clear()
      modal.reset('Connect')
      return Promise.resolve()
    },
    supportedNetworkIds: ['eip155:31337', 'eip155:31338'],
    page: () => ({ host: 'app.test', origin: 'https://app.test' }),
  })
  signIn.start()
  const closer = new CloseModal({ modal, connection, config: { siwx: config }, scheduler: queueScheduler, hasSession: () => signIn.snapshot.status === 'signed-in' })
  const connect = (address = ADDRESS, caipNetworkId = 'eip155:31337', accountType: AccountType = 'eoa', connectorId = 'dev') =>
    connection.upsert({ connectorId, namespace: 'eip155', address, caipAddress: `${caipNetworkId}:${address}`, caipNetworkId, accountType })
  return { clock, connection, modal, storage, snack, logger, families, signIn, messenger, signAnswers, signed, hostEvents, closer, connect, disconnects: () => disconnects }
}

export const settle = () => new Promise((resolve) => setImmediate(resolve))
