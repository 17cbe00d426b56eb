import { describe, expect, it } from 'vitest'
import { decodeFunctionData, parseAbi } from 'viem'
import { Eip1193SessionKeyWallet } from '../../../../src/infrastructure/chains/eip155/eip1193-session-key-wallet'
import { RevokeSessionError, SmartSessionsUnsupportedError } from '../../../../src/domain/sessions/smart-sessions'

const ACCOUNT = '0x00000000000000000000000000000000000a11ce'
const KEY = '0x1111111111111111111111111111111111111111'
const request = { chainId: 31337, expiry: 1, signer: { type: 'key', data: { id: KEY } }, permissions: [] }

function provider(answer: (method: string, params: unknown) => unknown) {
  const seen: { method: string; params: unknown }[] = []
  return {
    seen,
    request: ({ method, params }: { method: string; params?: unknown }) => {
      seen.push({ method, params })
      try {
        return Promise.resolve(answer(method, params))
      } catch (error) {
        return Promise.reject(error as Error)
      }
    },
  }
}

describe('Eip1193SessionKeyWallet', () => {
  it('sends wallet_grantPermissions with the chain as hex and resolves the answer (a list of one read as its item)', async () => {
    const p = provider(() => [{ context: '0xc0' }])
    const granted = await new Eip1193SessionKeyWallet(() => p).grantPermissions('AUTH', request)
    expect(p.seen).toEqual([{ method: 'wallet_grantPermissions', params: [{ ...request, chainId: '0x7a69' }] }])
    expect(granted).toEqual({ context: '0xc0' })
  })

  it.each([4200, -32601, -32004])('a wallet answering %i (no such method) cannot grant: SmartSessionsUnsupportedError', async (code) => {
    const p = provider(() => {
      throw Object.assign(new Error('Requested RPC call is not allowed'), { code })
    })
    await expect(new Eip1193SessionKeyWallet(() => p).grantPermissions('AUTH', request)).rejects.toBeInstanceOf(SmartSessionsUnsupportedError)
  })

  it('no provider for the connector: SmartSessionsUnsupportedError; a refusal stays a rejection', async () => {
    await expect(new Eip1193SessionKeyWallet(() => undefined).grantPermissions('AUTH', request)).rejects.toBeInstanceOf(SmartSessionsUnsupportedError)
    const p = provider(() => {
      throw Object.assign(new Error('User rejected the request'), { code: 4001 })
    })
    await expect(new Eip1193SessionKeyWallet(() => p).grantPermissions('AUTH', request)).rejects.toMatchObject({ kind: 'rejected' })
  })

  it("removes a key by a transaction from the account to itself calling removeSessionKey(key)", async () => {
    const p = provider((method) => (method === 'eth_chainId' ? '0x7a69' : `0x${'ab'.repeat(32)}`))
    const hash = await new Eip1193SessionKeyWallet(() => p).removeSessionKey('AUTH', { account: ACCOUNT, key: KEY, chainId: 31337 })
    expect(hash).toBe(`0x${'ab'.repeat(32)}`)
    const tx = (p.seen[1]!.params as { from: string; to: string; data: `0x${string}` }[])[0]!
    expect([p.seen[1]!.method, tx.from, tx.to]).toEqual(['eth_sendTransaction', ACCOUNT, ACCOUNT])
    expect(decodeFunctionData({ abi: parseAbi(['function removeSessionKey(address key)']), data: tx.data })).toEqual({ functionName: 'removeSessionKey', args: [KEY] })
  })

  it('a session on another network than the wallet is on is not sent', async () => {
    const p = provider(() => '0x7a6a')
    await expect(new Eip1193SessionKeyWallet(() => p).removeSessionKey('AUTH', { account: ACCOUNT, key: KEY, chainId: 31337 })).rejects.toBeInstanceOf(RevokeSessionError)
    expect(p.seen.map((s) => s.method)).toEqual(['eth_chainId'])
  })
})
