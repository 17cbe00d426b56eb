/**
 * Attack: the approval hides what is signed. A page asks the embedded wallet for a Permit2
 * `PermitSingle` granting an unlimited amount of the visitor's dUSD to the attacker, or sends an
 * ERC-20 `approve(attacker, max)`; the visitor must see the token, the spender and the word
 * "unlimited" before approving, and call data nobody can read must be marked as such.
 *
 * Over the frame handler with a fake window, storage and auth service: what matters is what the
 * frame puts in front of the visitor (the ApprovalDetails its UI is asked to show).
 */
import { describe, expect, it } from 'vitest'
import { encodeFunctionData, erc20Abi, maxUint256, type Hex } from 'viem'
import { FRAME_STORAGE_KEYS, FrameHandler, type ApprovalDetails, type FrameEnv } from '../../devnet/src/auth/frame/frame-handler'
import { DEVNET_CONTRACTS } from '../../devnet/src/config'
import { FRAME_CHANNEL } from '../../src/infrastructure/embedded-wallet/frame-protocol'

const HOST = 'http://127.0.0.1:5173'
const VICTIM = '0x1111111111111111111111111111111111111111'
const ATTACKER = '0xBAdBadbADBaDBADBadbADbaDBadBaDBADBadBAD0'
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const MAX_UINT160 = (1n << 160n) - 1n
const MAX_UINT48 = (1n << 48n) - 1n

/** A signed-in frame whose visitor never answers: the test reads what it was shown. */
function aFrame() {
  const parent = { name: 'parent window' }
  const shown: ApprovalDetails[] = []
  const env: FrameEnv = {
    hostOrigin: HOST,
    parent,
    post: () => undefined,
    fetch: async (path) => {
      const json = path.startsWith('/v1/chains')
        ? { chains: [{ chainId: 31337, name: 'Devnet A' }] }
        : path.startsWith('/v1/user')
          ? { email: 'victim@example.test', accounts: { eip155: VICTIM } }
          : { result: '0xsigned' }
      return { ok: true, status: 200, json: async () => json } as Response
    },
    storage: {
      getItem: (key) => (key === FRAME_STORAGE_KEYS.token ? 'good-token' : null),
      setItem: () => undefined,
      removeItem: () => undefined,
    },
    ui: {
      confirm: (details) => {
        shown.push(details)
        return new Promise<boolean>(() => undefined)
      },
      setTheme: () => undefined,
      exportKeys: async () => false,
    },
    reload: () => undefined,
    randomId: () => 'device-1',
    now: () => 0,
  }
  const frame = new FrameHandler(env)
  let n = 0
  const ask = async (method: string, params: unknown[]): Promise<ApprovalDetails> => {
    void frame.handle({ origin: HOST, source: parent, data: { channel: FRAME_CHANNEL, kind: 'request', id: `r${++n}`, action: 'RPC_REQUEST', payload: { chainId: 31337, method, params } } })
    for (let i = 0; i < 20 && shown.length < n; i++) await new Promise<void>((resolve) => setImmediate(resolve))
    const details = shown[n - 1]
    if (details === undefined) throw new Error(`the frame showed nothing for ${method}`)
    return details
  }
  return { ask }
}

/** Everything the dialog shows, as one text. */
const textOf = (details: ApprovalDetails) => [details.title, ...details.rows.map((r) => `${r.label}: ${r.value}`)].join('\n')
const warned = (details: ApprovalDetails) => details.rows.filter((r) => (r as { warning?: boolean }).warning === true)

const permitSingle = (amount: bigint) => ({
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    PermitSingle: [
      { name: 'details', type: 'PermitDetails' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ],
    PermitDetails: [
      { name: 'token', type: 'address' },
      { name: 'amount', type: 'uint160' },
      { name: 'expiration', type: 'uint48' },
      { name: 'nonce', type: 'uint48' },
    ],
  },
  primaryType: 'PermitSingle',
  domain: { name: 'Permit2', chainId: 31337, verifyingContract: PERMIT2 },
  message: {
    details: { token: DEVNET_CONTRACTS.dUSD, amount: amount.toString(), expiration: MAX_UINT48.toString(), nonce: '0' },
    spender: ATTACKER,
    sigDeadline: '1900000000',
  },
})

describe('the approval shows what is signed', () => {
  it('a Permit2 PermitSingle for an unlimited amount shows the token, the spender and "unlimited"', async () => {
    const details = await aFrame().ask('eth_signTypedData_v4', [VICTIM, JSON.stringify(permitSingle(MAX_UINT160))])
    const text = textOf(details)
    expect(text).toContain('dUSD')
    expect(text).toContain(ATTACKER)
    expect(text).toMatch(/unlimited/i)
    expect(warned(details).length).toBeGreaterThan(0)
  })

  it('an ERC-20 approve(spender, max) shows the token, the spender and "unlimited", not only "Call data Yes"', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ATTACKER, maxUint256] })
    const details = await aFrame().ask('eth_sendTransaction', [{ from: VICTIM, to: DEVNET_CONTRACTS.dUSD, data }])
    const text = textOf(details)
    expect(text).toContain('dUSD')
    expect(text).toContain(ATTACKER)
    expect(text).toMatch(/unlimited/i)
    expect(text).toContain('0 ETH')
    expect(warned(details).length).toBeGreaterThan(0)
  })

  it('every call of a wallet_sendCalls batch is decoded: a transfer in token units, then an approval', async () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ATTACKER, 12_500_000n] })
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ATTACKER, maxUint256] })
    const details = await aFrame().ask('wallet_sendCalls', [{ version: '2.0.0', from: VICTIM, chainId: '0x7a69', atomicRequired: false, calls: [{ to: DEVNET_CONTRACTS.dUSD, data: transfer }, { to: DEVNET_CONTRACTS.dUSD, data: approve }] }])
    const text = textOf(details)
    expect(text).toContain('12.5 dUSD')
    expect(text).toMatch(/unlimited amount of dUSD/i)
  })

  it('call data nobody can read is shown as an unknown call, with its selector and size, and a warning', async () => {
    const data: Hex = `0xdeadbeef${'00'.repeat(64)}`
    const details = await aFrame().ask('eth_sendTransaction', [{ from: VICTIM, to: ATTACKER, data }])
    const text = textOf(details)
    expect(text).toContain('Unknown contract call')
    expect(text).toContain('0xdeadbeef')
    expect(text).toContain('68 bytes')
    expect(warned(details).map((r) => r.value).join('\n')).toMatch(/Unknown contract call|68 bytes/)
  })
})
