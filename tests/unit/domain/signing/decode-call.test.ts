import { describe, expect, it } from 'vitest'
import { encodeFunctionData, erc20Abi, erc721Abi, maxUint256, parseAbi, toFunctionSelector, type Hex } from 'viem'
import { TOKEN_FUNCTIONS, UNKNOWN_CALL, decodeCall, tokenTransferData, type TokenFunction } from '../../../../src/domain/signing/decode-call'
import type { KnownToken } from '../../../../src/domain/signing/known-tokens'

const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const PIXELS = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const SPENDER = '0xBAdBadbADBaDBADBadbADbaDBadBaDBADBadBAD0'
const OWNER = '0x1111111111111111111111111111111111111111'
const TOKENS: readonly KnownToken[] = [
  { kind: 'fungible', address: DUSD.toLowerCase(), symbol: 'dUSD', decimals: 6 },
  { kind: 'collection', address: PIXELS, name: 'Devnet Pixels' },
]
const permitAbi = parseAbi(['function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)'])
const ercExtrasAbi = parseAbi(['function increaseAllowance(address spender, uint256 added)', 'function decreaseAllowance(address spender, uint256 removed)'])

const text = (d: { summary: string; fields: readonly { label: string; value: string }[] }) => [d.summary, ...d.fields.map((f) => `${f.label}: ${f.value}`)].join('\n')

describe('decodeCall: token functions', () => {
  it('each selector is the one of its signature', () => {
    for (const name of Object.keys(TOKEN_FUNCTIONS) as TokenFunction[]) {
      expect(TOKEN_FUNCTIONS[name].selector).toBe(toFunctionSelector(TOKEN_FUNCTIONS[name].signature))
    }
  })

  it('no call data is no contract call, without a warning', () => {
    for (const data of [undefined, '0x', '']) expect(decodeCall({ to: SPENDER, data }, TOKENS)).toEqual({ summary: 'No contract call', fields: [], warning: false, action: { kind: 'none' } })
  })

  it('approve(spender, max) of a known token: the spender, the token and "unlimited", flagged', () => {
    const decoded = decodeCall({ to: DUSD, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] }) }, TOKENS)
    expect(decoded.summary).toBe('Allow 0xBAdB\u2026BAD0 to spend an unlimited amount of dUSD')
    expect(decoded.fields).toEqual([
      { label: 'Token', value: `dUSD (${DUSD})` },
      { label: 'Spender', value: SPENDER },
      { label: 'Allowance', value: 'unlimited: all your dUSD, now and later', warning: true },
    ])
    expect(decoded.warning).toBe(true)
    expect(decoded.action).toEqual({ kind: 'approve', token: { address: DUSD, known: TOKENS[0] }, spender: SPENDER, amount: { raw: maxUint256, unlimited: true } })
  })

  it('approve of an exact amount in token units; approve(spender, 0) takes the permission back', () => {
    const exact = decodeCall({ to: DUSD, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 12_500_000n] }) }, TOKENS)
    expect(exact.summary).toBe('Allow 0xBAdB\u2026BAD0 to spend 12.5 dUSD')
    expect(exact.warning).toBe(false)
    const zero = decodeCall({ to: DUSD, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 0n] }) }, TOKENS)
    expect(zero.summary).toBe("Take back 0xBAdB\u2026BAD0's permission to spend dUSD")
  })

  it('an unknown token is shown in raw units and called unknown', () => {
    const decoded = decodeCall({ to: OWNER, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, 1234n] }) }, TOKENS)
    expect(decoded.summary).toBe('Send 1234 raw units of an unknown token (0x1111\u20261111) to 0xBAdB\u2026BAD0')
    expect(decoded.fields).toContainEqual({ label: 'Token', value: `${OWNER} (unknown token)` })
    expect(decoded.fields).toContainEqual({ label: 'Amount sent', value: '1234 raw units (unknown token: its decimals are not known)' })
    expect(decodeCall({ to: OWNER, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] }) }, TOKENS).summary).toBe(
      'Allow 0xBAdB\u2026BAD0 to spend an unlimited amount of an unknown token (0x1111\u20261111)',
    )
  })

  it('transfer and transferFrom in token units', () => {
    expect(decodeCall({ to: DUSD, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, 12_500_000n] }) }, TOKENS).summary).toBe('Send 12.5 dUSD to 0xBAdB\u2026BAD0')
    const from = decodeCall({ to: DUSD, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [OWNER, SPENDER, 1n] }) }, TOKENS)
    expect(from.summary).toBe('Move 0.000001 dUSD from 0x1111\u20261111 to 0xBAdB\u2026BAD0')
    expect(from.fields).toEqual([
      { label: 'Token', value: `dUSD (${DUSD})` },
      { label: 'From', value: OWNER },
      { label: 'Recipient', value: SPENDER },
      { label: 'Amount sent', value: '0.000001 dUSD' },
    ])
  })

  it('increaseAllowance and decreaseAllowance', () => {
    const up = decodeCall({ to: DUSD, data: encodeFunctionData({ abi: ercExtrasAbi, functionName: 'increaseAllowance', args: [SPENDER, maxUint256] }) }, TOKENS)
    expect(up.summary).toBe('Allow 0xBAdB\u2026BAD0 to spend an unlimited amount of dUSD more')
    expect(up.warning).toBe(true)
    const down = decodeCall({ to: DUSD, data: encodeFunctionData({ abi: ercExtrasAbi, functionName: 'decreaseAllowance', args: [SPENDER, 2_000_000n] }) }, TOKENS)
    expect(down.summary).toBe("Lower 0xBAdB\u2026BAD0's allowance of dUSD by 2 dUSD")
    expect(down.warning).toBe(false)
  })

  it('NFTs: setApprovalForAll names the collection and is flagged; approve and transferFrom name the token id', () => {
    const all = decodeCall({ to: PIXELS, data: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [SPENDER, true] }) }, TOKENS)
    expect(all.summary).toBe('Allow 0xBAdB\u2026BAD0 to move all your NFTs of Devnet Pixels')
    expect(all.warning).toBe(true)
    const off = decodeCall({ to: OWNER, data: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [SPENDER, false] }) }, TOKENS)
    expect(off.summary).toBe('Stop 0xBAdB\u2026BAD0 from moving your NFTs of the collection 0x1111\u20261111 (unknown)')
    expect(off.warning).toBe(false)
    expect(decodeCall({ to: PIXELS, data: encodeFunctionData({ abi: erc721Abi, functionName: 'approve', args: [SPENDER, 3n] }) }, TOKENS).summary).toBe('Allow 0xBAdB\u2026BAD0 to move your Devnet Pixels #3')
    expect(decodeCall({ to: PIXELS, data: encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [OWNER, SPENDER, 3n] }) }, TOKENS).summary).toBe('Move Devnet Pixels #3 from 0x1111\u20261111 to 0xBAdB\u2026BAD0')
  })

  it('permit(...) names the owner, the spender, the amount and the deadline as a date', () => {
    const data = encodeFunctionData({ abi: permitAbi, functionName: 'permit', args: [OWNER, SPENDER, maxUint256, 1_900_000_000n, 27, `0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`] })
    const decoded = decodeCall({ to: DUSD, data }, TOKENS)
    expect(decoded.summary).toBe('Use a signed permit: allow 0xBAdB\u2026BAD0 to spend an unlimited amount of dUSD of 0x1111\u20261111')
    expect(decoded.fields).toContainEqual({ label: 'Permit deadline', value: '2030-03-17 17:46:40 UTC' })
    expect(decoded.warning).toBe(true)
  })

  it('bytes after the arguments are said, not hidden', () => {
    const data = `${encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, 1_000_000n] })}abcdef` as Hex
    expect(decodeCall({ to: DUSD, data }, TOKENS).fields.at(-1)).toEqual({ label: 'Extra call data', value: '3 bytes after the arguments (the contract ignores them)' })
  })
})

describe('decodeCall: what it cannot read is an unknown call, flagged', () => {
  const unknownOf = (to: string | undefined, data: string) => {
    const decoded = decodeCall({ to, data }, TOKENS)
    expect(decoded.summary).toBe(UNKNOWN_CALL)
    expect(decoded.warning).toBe(true)
    expect(decoded.fields.every((f) => f.warning === true)).toBe(true)
    return decoded
  }

  it('another function: its selector and size', () => {
    const decoded = unknownOf(SPENDER, `0xdeadbeef${'00'.repeat(64)}`)
    expect(text(decoded)).toContain('selector 0xdeadbeef')
    expect(text(decoded)).toContain('68 bytes')
    expect(decoded.action).toEqual({ kind: 'unknown', selector: '0xdeadbeef', size: 68 })
  })

  it('a token function whose words a contract would refuse (dirty address, bool 2, short arguments)', () => {
    const dirty = `0x095ea7b3${'ff'.repeat(32)}${'00'.repeat(32)}`
    expect(text(unknownOf(DUSD, dirty))).toContain('its arguments are not valid for approve(address,uint256)')
    unknownOf(PIXELS, `0xa22cb465${'00'.repeat(12)}${SPENDER.slice(2)}${'00'.repeat(31)}02`)
    unknownOf(DUSD, `0xa9059cbb${'00'.repeat(40)}`)
  })

  it('data shorter than a selector, text that is not hex, odd hex, a contract creation', () => {
    expect(text(unknownOf(DUSD, '0x12'))).toContain('1 byte,')
    expect(text(unknownOf(DUSD, 'approve everything'))).toContain('not hex bytes')
    unknownOf(DUSD, '0x095')
    expect(text(unknownOf(undefined, '0x6080604052'))).toContain('it creates a contract')
  })
})

describe('tokenTransferData', () => {
  it("writes viem's encoding of transfer(to, amount), which the decoder reads back", () => {
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const amount = 7_250_000n
    const data = tokenTransferData(to, amount)
    expect(data).toBe(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }))
    const decoded = decodeCall({ to: '0x5FbDB2315678afecb367f032d93F642f64180aa3', data }, [])
    expect(decoded.action.kind).toBe('transfer')
    expect(decoded.action.kind === 'transfer' ? decoded.action.to.toLowerCase() : undefined).toBe(to.toLowerCase())
  })
})
