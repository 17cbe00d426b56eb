/**
 * A browser stand-in for the devnet sign-in pages: follows redirects by hand, keeps cookies, and
 * submits the forms a person would click. Enough for the social providers' pages and the
 * Farcaster app page, which are plain HTML forms (and a page that posts itself, a `form_post` answer).
 */
export interface Landed {
  readonly url: string
  readonly status: number
  readonly html: string
}

export class TestBrowser {
  private readonly jar = new Map<string, string>()

  /** Opens `url`; follows redirects while they stay on `stayOn` (an origin); stops at a page or at a redirect elsewhere. */
  async open(url: string, stayOn: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Landed> {
    let target = url
    let method = init.method ?? 'GET'
    let body: string | undefined = init.form === undefined ? undefined : new URLSearchParams(init.form).toString()
    for (let hops = 0; hops < 20; hops++) {
      const res = await fetch(target, {
        method,
        redirect: 'manual',
        headers: {
          ...(this.jar.size === 0 ? {} : { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') }),
          ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        ...(body === undefined ? {} : { body }),
      })
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';')
        const eq = pair!.indexOf('=')
        const name = pair!.slice(0, eq).trim()
        const value = pair!.slice(eq + 1).trim()
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(name)
        else this.jar.set(name, value)
      }
      const location = res.headers.get('location')
      if (res.status >= 300 && res.status < 400 && location !== null) {
        const next = new URL(location, target)
        if (next.origin !== stayOn) return { url: next.href, status: res.status, html: '' }
        target = next.href
        method = 'GET'
        body = undefined
        continue
      }
      const html = await res.text()
      // A page that posts itself on load (a `form_post` answer, as Apple's) is posted, as a browser's script would.
      const auto = /<form method="post" action="([^"]+)" data-auto-submit>([\s\S]*?)<\/form>/.exec(html)
      if (res.status === 200 && auto !== null) {
        const next = new URL(unescape(auto[1]!), target)
        if (next.origin !== stayOn) return { url: target, status: res.status, html }
        const fields: Record<string, string> = {}
        for (const [, name, value] of auto[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[name!] = unescape(value!)
        target = next.href
        method = 'POST'
        body = new URLSearchParams(fields).toString()
        continue
      }
      return { url: target, status: res.status, html }
    }
    throw new Error('too many redirects')
  }

  /** Submits the form on `page` whose hidden or submit fields include `fields` (and fills the others given). */
  async submit(page: Landed, stayOn: string, match: Record<string, string>, extra: Record<string, string> = {}): Promise<Landed> {
    const forms = [...page.html.matchAll(/<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)]
    for (const [, action, inner] of forms) {
      const fields: Record<string, string> = {}
      for (const [, name, value] of inner!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[name!] = unescape(value!)
      if (Object.entries(match).every(([k, v]) => fields[k] === v)) {
        return this.open(new URL(unescape(action!), page.url).href, stayOn, { method: 'POST', form: { ...fields, ...extra } })
      }
    }
    throw new Error(`no form with ${JSON.stringify(match)} on ${page.url}`)
  }
}

function unescape(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
}
