/**
 * A devnet auth service and its SMTP sink for one test file: started before the file's tests,
 * stopped after. `url` reads the running service's address.
 */
import { afterAll, beforeAll } from 'vitest'
import { startAuthService, type AuthService, type AuthServiceOptions } from '../../../devnet/src/auth/server'
import { startSmtpSink, type SmtpSink } from '../../../devnet/src/auth/smtp-sink'

export function authServiceForFile(options: Omit<AuthServiceOptions, 'port' | 'smtpPort' | 'mailbox'>): { readonly url: string } {
  let sink: SmtpSink
  let auth: AuthService
  beforeAll(async () => {
    sink = await startSmtpSink({ port: 0 })
    auth = await startAuthService({ ...options, port: 0, smtpPort: sink.port, mailbox: sink.mailbox })
  })
  afterAll(async () => {
    await auth.stop()
    await sink.stop()
  })
  return {
    get url() {
      return auth.url
    },
  }
}
