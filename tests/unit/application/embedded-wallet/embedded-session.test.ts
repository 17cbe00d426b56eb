/** The embedded session's "Sign out everywhere" and "Add a passkey": what the Account view is told of each outcome. */
import { BehaviorSubject, Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { EmbeddedSession } from '../../../../src/application/embedded-wallet/embedded-session'
import { EmbeddedWalletRequestError, type EmbeddedWallet } from '../../../../src/ports/embedded-wallet'

function walletThat(signOutEverywhere: () => Promise<void>, addPasskey: () => Promise<void> = async () => undefined): EmbeddedWallet {
  const unused = () => Promise.reject(new Error('not used here'))
  return {
    user$: new BehaviorSubject(null),
    approval$: new BehaviorSubject({ pending: false }),
    trouble$: new Subject(),
    startEmailLogin: unused,
    deviceApproved: unused,
    verifyOtp: unused,
    updateEmail: unused,
    verifyPrimaryOtp: unused,
    verifySecondaryOtp: unused,
    socialRedirectUrl: unused,
    connectSocial: unused,
    farcasterChannel: unused,
    connectFarcaster: unused,
    placeFrame: () => undefined,
    abortPending: async () => undefined,
    smartAccount: async () => null,
    signOutEverywhere,
    exportKeys: async () => false,
    addPasskey,
    connectPasskey: unused,
  }
}

describe('sign out everywhere', () => {
  it('says signedOut once the wallet ended every session', async () => {
    let asked = 0
    const session = new EmbeddedSession(async () => walletThat(async () => void asked++))
    expect(await session.signOutEverywhere()).toBe('signedOut')
    expect(asked).toBe(1)
  })

  it('says declined when the visitor said no in the wallet, and passes any other failure on', async () => {
    const declined = new EmbeddedSession(async () => walletThat(() => Promise.reject(new EmbeddedWalletRequestError('rejected', 'User rejected the request'))))
    expect(await declined.signOutEverywhere()).toBe('declined')
    const failure = new EmbeddedWalletRequestError('request', 'Not signed in')
    const failing = new EmbeddedSession(async () => walletThat(() => Promise.reject(failure)))
    await expect(failing.signOutEverywhere()).rejects.toBe(failure)
  })
})

describe('add a passkey', () => {
  it('says added once the wallet made it, declined when the visitor said no there, and passes any other failure on', async () => {
    const none = async () => undefined
    expect(await new EmbeddedSession(async () => walletThat(none, none)).addPasskey()).toBe('added')
    const declined = new EmbeddedSession(async () => walletThat(none, () => Promise.reject(new EmbeddedWalletRequestError('rejected', 'User rejected the request'))))
    expect(await declined.addPasskey()).toBe('declined')
    const failure = new EmbeddedWalletRequestError('request', 'No passkey was used')
    await expect(new EmbeddedSession(async () => walletThat(none, () => Promise.reject(failure))).addPasskey()).rejects.toBe(failure)
  })
})
