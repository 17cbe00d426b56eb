import { Wallet } from './wallet'

// A server component: the page is rendered on the server, the wallet part hydrates in the browser.
export default function Page() {
  return (
    <main>
      <h1>Walletgate on Next.js</h1>
      <Wallet />
    </main>
  )
}
