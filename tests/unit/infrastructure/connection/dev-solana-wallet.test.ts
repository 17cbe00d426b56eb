// @vitest-environment jsdom
import { ed25519 } from '@noble/curves/ed25519'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import { describe, expect, it } from 'vitest'
import { DEVNET_SOLANA_ACCOUNTS, SOLANA_DEVNET_CAIP_NETWORK_ID } from '../../../../devnet/src/config'
import type { ApprovalMode, ApprovalRequest } from '../../../../demo/src/dev-wallet/eip155/provider'
import { DevSolanaWallet } from '../../../../demo/src/dev-wallet/solana/solana-wallet'

/** An approval panel the test answers by hand. */
function panel(): { waiting: { request: ApprovalRequest; resolve: (approved: boolean) => void }[]; ask(request: ApprovalRequest): Promise<boolean>; dismissAll(): void } {
  const waiting: { request: ApprovalRequest; resolve: (approved: boolean) => void }[] = []
  return {
    waiting,
    // An answered request leaves the panel.
    ask: (request: ApprovalRequest) =>
      new Promise<boolean>((resolve) => {
        const entry = {
          request,
          resolve: (approved: boolean) => {
            waiting.splice(waiting.indexOf(entry), 1)
            resolve(approved)
          },
        }
        waiting.push(entry)
      }),
    dismissAll: () => {
      for (const w of [...waiting]) w.resolve(false)
    },
  }
}

function wallet(mode: ApprovalMode = 'manual', siteAuthorized = false) {
  const approver = panel()
  const w = new DevSolanaWallet(
    {
      name: 'Devnet Wallet',
      icon: 'data:image/svg+xml;base64,PHN2Zy8+',
      rdns: 'dev.walletgate.devnet',
      chain: SOLANA_DEVNET_CAIP_NETWORK_ID,
      rpcUrl: 'http://127.0.0.1:1',
      secretKeys: DEVNET_SOLANA_ACCOUNTS.map((a) => a.secretKey),
      approver,
      mode: () => mode,
      persist: () => undefined,
      siteAuthorized: () => siteAuthorized,
    },
    { authorized: false, accountIndex: 1 },
  )
  return { w, approver }
}

describe('the Devnet Wallet, Solana side', () => {
  it('holds the devnet key of its account; a silent connect never asks; a connect asks and authorises', async () => {
    const { w, approver } = wallet()
    expect(w.address).toBe(DEVNET_SOLANA_ACCOUNTS[1]!.address)
    expect(await w.features['standard:connect'].connect({ silent: true })).toEqual({ accounts: [] })
    expect(approver.waiting).toHaveLength(0)
    const connecting = w.features['standard:connect'].connect()
    expect(approver.waiting.map((x) => x.request.method)).toEqual(['standard:connect'])
    approver.waiting[0]!.resolve(true)
    expect((await connecting).accounts.map((a) => a.address)).toEqual([w.address])
    expect(w.features['standard:connect']).toBe(w.features['standard:connect'])
  })

  it('standard:disconnect forgets the site: a request still waiting is refused, an approval given across it is void', async () => {
    const { w, approver } = wallet()
    const connecting = w.features['standard:connect'].connect()
    approver.waiting[0]!.resolve(true)
    await connecting
    const changes: unknown[] = []
    w.features['standard:events'].on('change', (c) => changes.push(c))

    const signing = w.features['solana:signMessage'].signMessage({ account: w.accounts[0]!, message: new TextEncoder().encode('hi') })
    await w.features['standard:disconnect'].disconnect()
    await expect(signing).rejects.toMatchObject({ code: 4001 })
    expect(w.authorized).toBe(false)
    expect(changes).toEqual([{ accounts: [] }])

    // Authorised again, then revoked while the person is deciding: the late approval signs nothing.
    const again = w.features['standard:connect'].connect()
    approver.waiting[0]!.resolve(true)
    const [account] = (await again).accounts
    const late = w.features['solana:signMessage'].signMessage({ account: account!, message: new Uint8Array([1]) })
    const held = approver.waiting[0]!
    // The person decides only after the site lost its access (the panel's dismissal came too late).
    const dismissAll = approver.dismissAll
    approver.dismissAll = () => undefined
    w.revoke()
    approver.dismissAll = dismissAll
    held.resolve(true)
    await expect(late).rejects.toMatchObject({ code: 4100 })
  })

  it('a site the EVM side already let in connects without a second approval', async () => {
    const { w, approver } = wallet('manual', true)
    expect((await w.features['standard:connect'].connect()).accounts.map((a) => a.address)).toEqual([w.address])
    expect(approver.waiting).toEqual([])
  })

  it('reject mode refuses with 4001; a second request while one waits gets -32002', async () => {
    await expect(wallet('reject').w.features['standard:connect'].connect()).rejects.toMatchObject({ code: 4001 })
    const { w } = wallet()
    void w.features['standard:connect'].connect()
    await expect(w.features['standard:connect'].connect()).rejects.toMatchObject({ code: -32002 })
  })

  it('solana:signIn writes the message from the fields, shows it whole on the panel and signs it with its key', async () => {
    const { w, approver } = wallet('manual', true)
    await w.features['standard:connect'].connect()
    const input = { domain: 'app.test', address: w.accounts[0]!.address, uri: 'https://app.test', version: '1', chainId: SOLANA_DEVNET_CAIP_NETWORK_ID, nonce: 'abcdefgh12' }
    const signing = w.features['solana:signIn'].signIn(input)
    await waitFor(() => approver.waiting.length === 1)
    const text = createSignInMessageText(input)
    expect(approver.waiting[0]!.request).toMatchObject({ method: 'solana:signIn' })
    expect(approver.waiting[0]!.request.summary).toContain(text)
    approver.waiting[0]!.resolve(true)
    const [output] = await signing
    expect(new TextDecoder().decode(output!.signedMessage)).toBe(text)
    expect(ed25519.verify(output!.signature, output!.signedMessage, w.accounts[0]!.publicKey)).toBe(true)
    await expect(w.features['solana:signIn'].signIn({ ...input, address: DEVNET_SOLANA_ACCOUNTS[0]!.address })).rejects.toMatchObject({ code: 4100 })
  })
})

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await Promise.resolve()
  expect(condition()).toBe(true)
}
