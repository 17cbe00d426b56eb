/** A test's SMTP server: real SMTP on loopback, for the wallet's mail. */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface SmtpSink {
  readonly port: number
  /** How many mails arrived so far. */
  count(): number
  /** The next mail (waits for it). */
  next(): Promise<{ from: string; body: string }>
  close(): Promise<void>
}

/** An SMTP server on loopback, offering no STARTTLS, that keeps what it receives (sender and text). */
export async function smtpSink(): Promise<SmtpSink> {
  const received: { from: string; body: string }[] = []
  let count = 0
  const waiting: ((mail: { from: string; body: string }) => void)[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let body = ''
      stream.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      stream.on('end', () => {
        const mail = { from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address, body: body.replace(/=\r?\n/g, '') }
        count += 1
        const waiter = waiting.shift()
        if (waiter === undefined) received.push(mail)
        else waiter(mail)
        callback()
      })
    },
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    port: (server.server.address() as AddressInfo).port,
    count: () => count,
    next: () => {
      const mail = received.shift()
      return mail === undefined ? new Promise((done) => waiting.push(done)) : Promise.resolve(mail)
    },
    close: () => new Promise((done) => server.close(() => done())),
  }
}
