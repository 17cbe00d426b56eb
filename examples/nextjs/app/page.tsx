import { Wallet } from './wallet'

export default function Home() {
  return (
    <main>
      <Wallet />
    </main>
  )
}
