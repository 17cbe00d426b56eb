/**
 * The devnet's mail server: a real SMTP server on 127.0.0.1 that keeps every message it receives
 * in memory, parsed, for the mailbox page and `GET /devnet/mail?to=` (where a person or a test
 * reads the login codes the auth service sent). It relays nothing anywhere.
 */
import type { AddressInfo } from 'node:net'
import { simpleParser, type AddressObject } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { DEVNET_HOST } from '../config'

export interface ReceivedMail {
  readonly id: number
  readonly from: string
  readonly to: readonly string[]
  readonly subject: string
  readonly text: string
  readonly html: string | undefined
  readonly receivedAt: string
}

/** The messages the sink received, newest first. */
export class Mailbox {
  private readonly messages: ReceivedMail[] = []
  private nextId = 1

  add(mail: Omit<ReceivedMail, 'id'>): ReceivedMail {
    const stored = { ...mail, id: this.nextId++ }
    this.messages.unshift(stored)
    // A devnet left running for days keeps a bounded inbox.
    if (this.messages.length > 1000) this.messages.length = 1000
    return stored
  }

  /** Messages to one address (case-insensitive), or all of them. */
  list(to?: string): ReceivedMail[] {
    if (to === undefined) return [...this.messages]
    const wanted = to.trim().toLowerCase()
    return this.messages.filter((m) => m.to.some((address) => address.toLowerCase() === wanted))
  }
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  if (value === undefined) return []
  const list = Array.isArray(value) ? value : [value]
  return list.flatMap((group) => group.value.map((entry) => entry.address ?? '')).filter((address) => address !== '')
}

export interface SmtpSink {
  readonly port: number
  readonly mailbox: Mailbox
  stop(): Promise<void>
}

/** Starts the sink on `port` (0: any free port). */
export async function startSmtpSink(options: { port: number; mailbox?: Mailbox }): Promise<SmtpSink> {
  const mailbox = options.mailbox ?? new Mailbox()
  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS, no login, every sender and recipient accepted.
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    banner: 'Walletgate devnet mail sink',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = addresses(parsed.to)
          mailbox.add({
            from: addresses(parsed.from)[0] ?? session.envelope.mailFrom?.toString() ?? '',
            to: to.length > 0 ? to : session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : undefined,
            receivedAt: new Date().toISOString(),
          })
          callback()
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(options.port, DEVNET_HOST, () => {
      server.server.off('error', reject)
      resolve()
    })
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    mailbox,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
