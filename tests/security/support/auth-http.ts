/**
 * Calls to an auth service as an attacker makes them: from a chosen client address (another
 * loopback address stands for another machine), with a chosen Origin, cookie or bearer token,
 * and a JSON or form body. Node's own http client, so nothing adds or drops a header.
 */
import { request } from 'node:http'

export interface CallOptions {
  readonly body?: unknown
  /** A form body (application/x-www-form-urlencoded) instead of JSON. */
  readonly form?: Record<string, string>
  readonly token?: string
  readonly origin?: string
  readonly cookie?: string
  /** The client address the call comes from (127.0.0.0/8 all reach the service). */
  readonly from?: string
  readonly headers?: Record<string, string>
}

export interface CallAnswer<T> {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly text: string
  readonly body: T
}

export function call<T = Record<string, unknown>>(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<CallAnswer<T>> {
  const url = new URL(path, baseUrl)
  const payload =
    options.form !== undefined ? new URLSearchParams(options.form).toString() : options.body === undefined ? undefined : JSON.stringify(options.body)
  const headers: Record<string, string> = {
    ...(payload === undefined ? {} : { 'content-type': options.form !== undefined ? 'application/x-www-form-urlencoded' : 'application/json' }),
    ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
    ...(options.origin === undefined ? {} : { origin: options.origin }),
    ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
    ...options.headers,
  }
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, headers, localAddress: options.from ?? '127.0.0.1' },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let body: unknown = undefined
          try {
            body = text === '' ? undefined : JSON.parse(text)
          } catch {
            body = undefined
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: body as T })
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    if (payload !== undefined) req.write(payload)
    req.end()
  })
}

/** The mails the devnet sink holds for `to`, newest first. */
export async function mailsTo(baseUrl: string, to: string): Promise<{ subject: string; text: string; to: string[] }[]> {
  return (await call<{ subject: string; text: string; to: string[] }[]>(baseUrl, 'GET', `/devnet/mail?to=${encodeURIComponent(to)}`)).body
}

/** The newest six-digit code in a subject matching `subject` mailed to `to`. */
export async function newestCode(baseUrl: string, to: string, subject = /login code/): Promise<string> {
  const code = (await mailsTo(baseUrl, to)).find((m) => subject.test(m.subject))?.subject.match(/\d{6}/)?.[0]
  if (code === undefined) throw new Error(`no code for ${to}`)
  return code
}

export const wrongFor = (code: string): string => (code === '000000' ? '111111' : '000000')
