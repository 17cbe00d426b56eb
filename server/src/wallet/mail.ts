/**
 * The embedded wallet's mail: login codes, email-change codes, export codes and device-approval
 * links, written here and handed to a transport (SMTP through nodemailer, loaded with the first
 * mail; a test's own). A recipient goes out as a bare address, never parsed for display names or
 * lists, so an email field cannot add a second recipient.
 */
import type { Outgoing } from './login/accounts.js'

/** One mail as a transport sends it. */
export interface WalletMailMessage {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html?: string
}

/** Where the wallet's mail goes out. */
export interface MailTransport {
  send(message: WalletMailMessage): Promise<void>
  close(): void
}

/** An SMTP server's settings (the devnet's sink is one such server). */
export interface SmtpSettings {
  readonly host: string
  readonly port: number
  /**
   * `starttls` (the default): STARTTLS is required, no mail goes in plain text; `implicit`: TLS from
   * the first byte (port 465); `none`: plain text (a local relay, the devnet's sink).
   */
  readonly tls?: 'starttls' | 'implicit' | 'none'
  readonly user?: string
  readonly password?: string
  /** The sender the mails show. */
  readonly from?: string
}

/** The path of the device-approval page the emailed link opens. */
export const DEVICE_APPROVAL_PATH = '/v1/email/device-approval'

export function smtpTransport(settings: SmtpSettings): MailTransport {
  // nodemailer loads with the first mail: a server that never mails never loads it.
  const transporter = import('nodemailer').then(({ createTransport }) =>
    createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.tls === 'implicit',
      requireTLS: (settings.tls ?? 'starttls') === 'starttls',
      ignoreTLS: settings.tls === 'none',
      ...(settings.user === undefined ? {} : { auth: { user: settings.user, pass: settings.password ?? '' } }),
    }),
  )
  const from = settings.from ?? 'Walletgate <login@walletgate.invalid>'
  return {
    async send(message) {
      await (await transporter).sendMail({
        from,
        to: { name: '', address: message.to },
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      })
    },
    close() {
      void transporter.then((t) => t.close(), () => undefined)
    },
  }
}

/** Writes an Outgoing as a mail and sends it; `walletUrl` is the wallet origin the device link opens. */
export function walletMail(transport: MailTransport, walletUrl: () => string): (outgoing: Outgoing) => Promise<void> {
  return (outgoing) => transport.send(writeMail(outgoing, walletUrl()))
}

/** Every mail as plain text and as HTML (the same words; what the visitor typed is escaped in the HTML). */
export function writeMail(outgoing: Outgoing, walletUrl: string): WalletMailMessage {
  const mail = (subject: string, paragraphs: readonly string[], html: readonly string[] = paragraphs.map(escapeHtml)): WalletMailMessage => ({
    to: outgoing.email,
    subject,
    text: paragraphs.join('\n\n'),
    html: htmlMail(subject, html),
  })
  switch (outgoing.kind) {
    case 'otp':
      return mail(`Your login code is ${outgoing.code}`, [`Your login code is ${outgoing.code}. It expires in 10 minutes.`, 'If you did not ask for it, ignore this email.'])
    case 'update-otp':
      return mail(`Your email change code is ${outgoing.code}`, [
        `Your code to change your wallet's email to ${outgoing.newEmail} is ${outgoing.code}. It expires in 10 minutes.`,
        'If you did not ask for it, ignore this email.',
      ])
    case 'export-otp':
      return mail(`Your key export code is ${outgoing.code}`, [
        `Someone asked to see the private keys of your wallet. If it is you, enter ${outgoing.code} in the wallet window; it expires in 10 minutes.`,
        "If it is not you, share this code with no one, and sign out everywhere from your wallet's account.",
      ])
    default: {
      const link = `${walletUrl}${DEVICE_APPROVAL_PATH}?token=${encodeURIComponent(outgoing.linkToken)}`
      const lead = 'Someone is signing in to your wallet from a new device.'
      return mail(
        'Approve this device',
        [lead, `If it is you, open this link and press "Approve this device"; your login code then comes by email: ${link}`, 'If it is not you, ignore this email: nothing is approved.'],
        [
          escapeHtml(lead),
          `If it is you, <a href="${escapeHtml(link)}">open this link</a> and press "Approve this device"; your login code then comes by email.`,
          'If it is not you, ignore this email: nothing is approved.',
        ],
      )
    }
  }
}

function htmlMail(title: string, paragraphs: readonly string[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family: system-ui, sans-serif; max-width: 32rem">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}
