import { useEffect, useState } from 'react'
import type { Subscription } from 'rxjs'
import { ModalStore } from '../../../application/modal-store'
import { EmbeddedWalletLoader, type EmbeddedWalletUser } from '../../../ports/embedded-wallet'
import { Button } from '../../components'
import { useService } from '../../di-context'

/** The signed-in embedded-wallet user, once the wallet is loaded (it is, while connected through it). */
function useEmbeddedUser(): EmbeddedWalletUser | null {
  const load = useService(EmbeddedWalletLoader)
  const [user, setUser] = useState<EmbeddedWalletUser | null>(null)
  useEffect(() => {
    let live = true
    let subscription: Subscription | undefined
    load()
      .then((wallet) => {
        if (live) subscription = wallet.user$.subscribe(setUser)
      })
      .catch(() => undefined)
    return () => {
      live = false
      subscription?.unsubscribe()
    }
  }, [load])
  return user
}

/** The email an embedded wallet is signed in with, and the way to change it. */
export function EmbeddedEmail() {
  const user = useEmbeddedUser()
  const modal = useService(ModalStore)
  if (user?.email === undefined) return null
  return (
    <div className="wg-account-email" data-testid="account-email">
      <span className="wg-muted">Signed in as</span> <bdi data-testid="account-email-address">{user.email}</bdi>
      <Button variant="ghost" onClick={() => modal.push('UpdateEmailWallet')} data-testid="account-update-email">
        Update email
      </Button>
    </div>
  )
}
