// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { hashMessage, hashTypedData, recoverAddress, type Hex } from 'viem'
import { DevWalletProvider, type ApprovalMode, type ApprovalRequest } from '../../../../demo/src/dev-wallet/eip155/provider'
import { DEVNET_ACCOUNTS } from '../../../../devnet/src/config'

const chains = [
  { id: 31337, name: 'Devnet A', rpcUrl: 'http://127.0.0.1:1', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
  { id: 31338, name: 'Devnet B', rpcUrl: 'http://127.0.0.1:2', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
]

function wallet(mode: ApprovalMode, ask: (r: ApprovalRequest) => Promise<boolean> = async () => true, dismissAll = () => undefined) {
  const saved: unknown[] = []
  const provider = new DevWalletProvider(
    DEVNET_ACCOUNTS.map((a) => a.privateKey),
    chains,
    { authorized: false, chainId: 31337, accountIndex: 0 },
    { ask, dismissAll },
    (s) => saved.push(s),
    mode,
  )
  return { provider, saved }
}

const address = DEVNET_ACCOUNTS[0]!.address

describe('the Devnet Wallet provider', () => {
  it('connects, signs messages and typed data with the devnet key', async () => {
    const { provider, saved } = wallet('approve')
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([address])
    expect(saved.at(-1)).toMatchObject({ authorized: true })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')

    const message = '0x68656c6c6f' as Hex // "hello"
    const signature = (await provider.request({ method: 'personal_sign', params: [message, address] })) as Hex
    expect(await recoverAddress({ hash: hashMessage({ raw: message }), signature })).toBe(address)

    const typed = {
      domain: { name: 'Test', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    } as const
    const typedSignature = (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typed)],
    })) as Hex
    const { EIP712Domain: _d, ...types } = typed.types
    const hash = hashTypedData({ domain: typed.domain, types, primaryType: 'Mail', message: typed.message })
    expect(await recoverAddress({ hash, signature: typedSignature })).toBe(address)
  })

  it('answers 4001 in reject mode, -32002 in pending mode and while a request waits for the person', async () => {
    await expect(wallet('reject').provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4001 })
    await expect(wallet('pending').provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: -32002 })
    let answer: ((ok: boolean) => void) | undefined
    const { provider } = wallet('manual', () => new Promise((resolve) => (answer = resolve)))
    const first = provider.request({ method: 'eth_requestAccounts' })
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: -32002 })
    answer?.(true)
    await expect(first).resolves.toEqual([address])
  })

  it('forgetting the site takes its waiting requests off the screen and voids an approval given across it', async () => {
    const person: { answer?: (approved: boolean) => void } = {}
    let dismissed = 0
    const { provider } = wallet(
      'manual',
      () => new Promise((resolve) => (person.answer = resolve)),
      () => {
        dismissed++
      },
    )
    const connecting = provider.request({ method: 'eth_requestAccounts' })
    person.answer?.(true)
    await connecting
    const signing = provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(dismissed).toBe(1)
    // The person clicks Approve on a request the wallet already took back: nothing is signed.
    person.answer?.(true)
    await expect(signing).rejects.toMatchObject({ code: 4100 })
    expect(provider.log.filter((entry) => entry.method === 'personal_sign').map((entry) => entry.outcome)).toEqual(['error'])
  })

  it('switches between known chains with chainChanged, answers 4902 for unknown ones, adds chains', async () => {
    const { provider } = wallet('approve')
    const changes: unknown[] = []
    provider.on('chainChanged', (id) => changes.push(id))
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(changes).toEqual(['0x7a6a'])
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x1', chainName: 'One', rpcUrls: ['http://127.0.0.1:3'] }],
    })
    expect(provider.chainId).toBe(1)
    expect(changes).toEqual(['0x7a6a', '0x1'])
  })

  it('refuses to sign before the site is authorised', async () => {
    const { provider } = wallet('approve')
    await expect(provider.request({ method: 'personal_sign', params: ['0x00', address] })).rejects.toMatchObject({ code: 4100 })
  })
})
