/**
 * The wallet's mails: each kind as plain text and as HTML with the same words, to the bare address
 * it was asked for; what a visitor typed (the new email of an email change) cannot add markup to the
 * HTML; the device link points at the wallet origin's approval page. And a code never goes in plain
 * text unless the configuration says so: a server (or a network in between) that offers no STARTTLS
 * gets no mail.
 */
import { describe, expect, it } from 'vitest'
import type { Outgoing } from '../../src/wallet/login/accounts.js'
import { smtpTransport, writeMail } from '../../src/wallet/mail.js'
import { smtpSink } from '../smtp-sink.js'

const WALLET = 'https://wallet.example'
const KINDS: readonly Outgoing[] = [
  { kind: 'otp', email: 'ada@example.test', code: '123456' },
  { kind: 'update-otp', email: 'ada@example.test', code: '234567', newEmail: 'new@example.test' },
  { kind: 'export-otp', email: 'ada@example.test', code: '345678' },
  { kind: 'device', email: 'ada@example.test', linkToken: 'link-token_1' },
]

describe('the wallet mails', () => {
  it('go out as plain text and HTML, the code in the subject and both parts', () => {
    for (const outgoing of KINDS) {
      const mail = writeMail(outgoing, WALLET)
      expect(mail.to).toBe('ada@example.test')
      expect(mail.html).toMatch(/^<!doctype html>/)
      if ('code' in outgoing) {
        expect(mail.subject).toContain(outgoing.code)
        expect(mail.text).toContain(outgoing.code)
        expect(mail.html).toContain(outgoing.code)
      }
    }
  })

  it('links a new device to the approval page of the wallet origin', () => {
    const mail = writeMail(KINDS[3]!, WALLET)
    expect(mail.text).toContain('https://wallet.example/v1/email/device-approval?token=link-token_1')
    expect(mail.html).toContain('<a href="https://wallet.example/v1/email/device-approval?token=link-token_1">')
  })

  it('escapes what the visitor typed in the HTML part', () => {
    const hostile = '"><img src=x onerror=alert(1)>@example.test'
    const mail = writeMail({ kind: 'update-otp', email: 'ada@example.test', code: '111111', newEmail: hostile }, WALLET)
    expect(mail.html).not.toContain('<img')
    expect(mail.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;@example.test')
  })
})

describe('the SMTP transport', () => {
  it('sends nothing to a server that offers no STARTTLS, unless told the relay is plain text', async () => {
    const sink = await smtpSink()
    try {
      const mail = writeMail(KINDS[0]!, WALLET)
      const strict = smtpTransport({ host: '127.0.0.1', port: sink.port, from: 'wallet@example.test' })
      await expect(strict.send(mail)).rejects.toThrow(/STARTTLS/i)
      strict.close()
      expect(sink.count()).toBe(0)

      const plain = smtpTransport({ host: '127.0.0.1', port: sink.port, tls: 'none', from: 'wallet@example.test' })
      await plain.send(mail)
      plain.close()
      expect((await sink.next()).body).toContain('Your login code is 123456')
    } finally {
      await sink.close()
    }
  }, 30_000)
})
