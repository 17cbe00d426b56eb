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
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it, unless `ignoreTls`. */
  readonly secure?: boolean
  readonly ignoreTls?: boolean
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
      secure: settings.secure ?? false,
      ignoreTLS: settings.ignoreTls ?? false,
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

export function writeMail(outgoing: Outgoing, walletUrl: string): WalletMailMessage {
  switch (outgoing.kind) {
    case 'otp':
      return {
        to: outgoing.email,
        subject: `Your login code is ${outgoing.code}`,
        text: `Your login code is ${outgoing.code}. It expires in 10 minutes. If you did not ask for it, ignore this email.`,
      }
    case 'update-otp':
      return {
        to: outgoing.email,
        subject: `Your email change code is ${outgoing.code}`,
        text: `Your code to change your wallet's email to ${outgoing.newEmail} is ${outgoing.code}. It expires in 10 minutes. If you did not ask for it, ignore this email.`,
      }
    case 'export-otp':
      return {
        to: outgoing.email,
        subject: `Your key export code is ${outgoing.code}`,
        text: `Someone asked to see the private keys of your wallet. If it is you, enter ${outgoing.code} in the wallet window; it expires in 10 minutes. If it is not you, share this code with no one, and sign out everywhere from your wallet's account.`,
      }
    default: {
      const link = `${walletUrl}${DEVICE_APPROVAL_PATH}?token=${encodeURIComponent(outgoing.linkToken)}`
      return {
        to: outgoing.email,
        subject: 'Approve this device',
        text: `Someone is signing in to your wallet from a new device. If it is you, open this link and press "Approve this device"; your login code then comes by email: ${link}`,
        html: `<p>Someone is signing in to your wallet from a new device. If it is you, <a href="${escapeHtml(link)}">open this link</a> and press "Approve this device"; your login code then comes by email.</p>`,
      }
    }
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}
