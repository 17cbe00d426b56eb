import { describe, expect, it } from 'vitest'
import { base58Decode, base58Encode } from '../../../../src/domain/format/base58'
import { walletConnectSolanaWallet, type WalletConnectSolanaLink } from '../../../../src/infrastructure/wallets/walletconnect/walletconnect-solana-wallet'

const CHAIN = 'solana:xgHUoHTrtsZTcFDW4LTtHEcvmnDLiWgP'
const ADDRESS = '8qbHbw2BbbTHBW1sbeqakYXVKRQM8Ne7pLK7m6CVfeR'

interface Feature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: { address: string; chains: string[] }[] }>
  disconnect(): Promise<void>
  on(event: string, listener: (p: { accounts?: unknown[] }) => void): () => void
  signMessage(...inputs: unknown[]): Promise<{ signature: Uint8Array; signedMessage: Uint8Array }[]>
  signTransaction(...inputs: unknown[]): Promise<{ signedTransaction: Uint8Array }[]>
  signAndSendTransaction(...inputs: unknown[]): Promise<{ signature: Uint8Array }[]>
}

function fakeLink(start: { session: boolean; accounts: string[] }) {
  const state = { ...start }
  const calls: string[] = []
  const requests: { chain: string; method: string; params: Record<string, unknown> }[] = []
  const ends = new Set<() => void>()
  let answer: unknown = {}
  const link: WalletConnectSolanaLink = {
    solanaAccounts: ({ restore }) => {
      calls.push(restore ? 'accounts:restore' : 'accounts')
      return Promise.resolve({ session: state.session, accounts: state.accounts })
    },
    pair: () => {
      calls.push('pair')
      state.session = true
      state.accounts = [`${CHAIN}:${ADDRESS}`]
      return Promise.resolve()
    },
    request: <T>(chain: string, method: string, params: Record<string, unknown>) => {
      requests.push({ chain, method, params })
      return Promise.resolve(answer as T)
    },
    disconnect: () => {
      calls.push('disconnect')
      return Promise.resolve()
    },
    onSessionEnd: (listener) => {
      ends.add(listener)
      return () => ends.delete(listener)
    },
  }
  return { link, calls, requests, answer: (value: unknown) => (answer = value), endSession: () => ends.forEach((l) => l()) }
}

const features = (wallet: ReturnType<typeof walletConnectSolanaWallet>, name: string) => wallet.features[name] as Feature

describe('a WalletConnect session as a Wallet Standard Solana wallet', () => {
  it('connect pairs when there is no session, and returns the solana accounts with their chains', async () => {
    const fake = fakeLink({ session: false, accounts: [] })
    const wallet = walletConnectSolanaWallet(fake.link)
    const { accounts } = await features(wallet, 'standard:connect').connect()
    expect(fake.calls).toEqual(['accounts:restore', 'pair', 'accounts'])
    expect(accounts.map((a) => [a.address, a.chains])).toEqual([[ADDRESS, [CHAIN]]])
    expect(wallet.chains).toEqual([CHAIN])
  })

  it('a session the wallet opened without solana is kept: no new pairing, no account; a silent connect never pairs', async () => {
    const fake = fakeLink({ session: true, accounts: [] })
    const wallet = walletConnectSolanaWallet(fake.link)
    expect((await features(wallet, 'standard:connect').connect()).accounts).toEqual([])
    const empty = fakeLink({ session: false, accounts: [] })
    expect((await features(walletConnectSolanaWallet(empty.link), 'standard:connect').connect({ silent: true })).accounts).toEqual([])
    expect([...fake.calls, ...empty.calls]).not.toContain('pair')
  })

  it('ignores accounts of other namespaces or with a malformed address', async () => {
    const fake = fakeLink({ session: true, accounts: [`eip155:1:0x${'1'.repeat(40)}`, `${CHAIN}:not-base58-0OIl`, `${CHAIN}:${ADDRESS}`] })
    const { accounts } = await features(walletConnectSolanaWallet(fake.link), 'standard:connect').connect()
    expect(accounts.map((a) => a.address)).toEqual([ADDRESS])
  })

  it('signs a message as solana_signMessage with base58 in and out', async () => {
    const fake = fakeLink({ session: true, accounts: [`${CHAIN}:${ADDRESS}`] })
    const wallet = walletConnectSolanaWallet(fake.link)
    const [account] = (await features(wallet, 'standard:connect').connect()).accounts
    const signature = Uint8Array.from({ length: 64 }, (_, i) => i + 1)
    fake.answer({ signature: base58Encode(signature) })
    const message = new TextEncoder().encode('hello')
    const [out] = await features(wallet, 'solana:signMessage').signMessage({ account, message })
    expect(fake.requests).toEqual([{ chain: CHAIN, method: 'solana_signMessage', params: { message: base58Encode(message), pubkey: ADDRESS } }])
    expect(out?.signature).toEqual(signature)
  })

  it('signTransaction takes the signed transaction, or places a lone signature in the fee payer slot', async () => {
    const fake = fakeLink({ session: true, accounts: [`${CHAIN}:${ADDRESS}`] })
    const wallet = walletConnectSolanaWallet(fake.link)
    const [account] = (await features(wallet, 'standard:connect').connect()).accounts
    const unsigned = Uint8Array.from([1, ...new Array<number>(64).fill(0), 9, 9, 9])
    fake.answer({ transaction: btoa(String.fromCharCode(1, ...new Array<number>(64).fill(7), 9, 9, 9)) })
    const [whole] = await features(wallet, 'solana:signTransaction').signTransaction({ account, transaction: unsigned, chain: CHAIN })
    expect(whole?.signedTransaction[1]).toBe(7)
    expect(fake.requests[0]?.params).toEqual({ transaction: btoa(String.fromCharCode(...unsigned)) })
    const signature = new Uint8Array(64).fill(5)
    fake.answer({ signature: base58Encode(signature) })
    const [spliced] = await features(wallet, 'solana:signTransaction').signTransaction({ account, transaction: unsigned, chain: CHAIN })
    expect(Array.from(spliced!.signedTransaction)).toEqual([1, ...signature, 9, 9, 9])
    fake.answer({})
    await expect(features(wallet, 'solana:signTransaction').signTransaction({ account, transaction: unsigned })).rejects.toThrow(/no signed transaction/)
  })

  it('signAndSendTransaction returns the signature bytes', async () => {
    const fake = fakeLink({ session: true, accounts: [`${CHAIN}:${ADDRESS}`] })
    const wallet = walletConnectSolanaWallet(fake.link)
    const [account] = (await features(wallet, 'standard:connect').connect()).accounts
    const signature = base58Encode(new Uint8Array(64).fill(3))
    fake.answer({ signature })
    const [out] = await features(wallet, 'solana:signAndSendTransaction').signAndSendTransaction({ account, transaction: new Uint8Array([1]), chain: CHAIN })
    expect(out?.signature).toEqual(base58Decode(signature))
    expect(fake.requests[0]?.method).toBe('solana_signAndSendTransaction')
  })

  it('the session ending empties the accounts and tells the listeners', async () => {
    const fake = fakeLink({ session: true, accounts: [`${CHAIN}:${ADDRESS}`] })
    const wallet = walletConnectSolanaWallet(fake.link)
    await features(wallet, 'standard:connect').connect()
    const heard: unknown[][] = []
    features(wallet, 'standard:events').on('change', ({ accounts }) => heard.push(accounts ?? []))
    fake.endSession()
    expect(wallet.accounts).toEqual([])
    expect(heard).toEqual([[]])
  })
})
