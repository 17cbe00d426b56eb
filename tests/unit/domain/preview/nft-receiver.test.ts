import { describe, expect, it } from 'vitest'
import { encodeFunctionData, erc20Abi, erc721Abi, parseAbi, toFunctionSelector, type Hex } from 'viem'
import {
  NFT_FUNCTIONS,
  RECEIVER_HOOKS,
  SUPPORTS_INTERFACE_SELECTOR,
  nftReceiverWithoutHook,
  nftTransferOf,
  receiverHookCall,
} from '../../../../src/domain/preview/nft-receiver'

const PIXELS = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const OWNER = '0x1111111111111111111111111111111111111111'
const VAULT = '0x2222222222222222222222222222222222222222'
const SENDER = '0x3333333333333333333333333333333333333333'

const hooks = parseAbi([
  'function onERC721Received(address,address,uint256,bytes) returns (bytes4)',
  'function onERC1155Received(address,address,uint256,uint256,bytes) returns (bytes4)',
  'function onERC1155BatchReceived(address,address,uint256[],uint256[],bytes) returns (bytes4)',
])
const nftAbi = parseAbi([
  'function safeTransferFrom(address,address,uint256)',
  'function safeTransferFrom(address,address,uint256,bytes)',
  'function safeTransferFrom(address,address,uint256,uint256,bytes)',
  'function safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
])

describe('NFT transfers and their receiver hooks', () => {
  it('each selector is the one of its signature', () => {
    for (const f of [...Object.values(NFT_FUNCTIONS), ...Object.values(RECEIVER_HOOKS)]) expect(f.selector).toBe(toFunctionSelector(f.signature))
    expect(SUPPORTS_INTERFACE_SELECTOR).toBe(toFunctionSelector('supportsInterface(bytes4)'))
  })

  it('asks each hook exactly as the token would (sender as operator, the owner as from)', () => {
    const cases: [Hex, Hex][] = [
      [
        encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [OWNER, VAULT, 7n] }),
        encodeFunctionData({ abi: hooks, functionName: 'onERC721Received', args: [SENDER, OWNER, 7n, '0x'] }),
      ],
      [
        encodeFunctionData({ abi: nftAbi, functionName: 'safeTransferFrom', args: [OWNER, VAULT, 7n] }),
        encodeFunctionData({ abi: hooks, functionName: 'onERC721Received', args: [SENDER, OWNER, 7n, '0x'] }),
      ],
      [
        encodeFunctionData({ abi: nftAbi, functionName: 'safeTransferFrom', args: [OWNER, VAULT, 7n, '0xc0ffee'] }),
        encodeFunctionData({ abi: hooks, functionName: 'onERC721Received', args: [SENDER, OWNER, 7n, '0xc0ffee'] }),
      ],
      [
        encodeFunctionData({ abi: nftAbi, functionName: 'safeTransferFrom', args: [OWNER, VAULT, 7n, 3n, '0x'] }),
        encodeFunctionData({ abi: hooks, functionName: 'onERC1155Received', args: [SENDER, OWNER, 7n, 3n, '0x'] }),
      ],
      [
        encodeFunctionData({ abi: nftAbi, functionName: 'safeBatchTransferFrom', args: [OWNER, VAULT, [1n, 2n], [5n, 6n], '0xab'] }),
        encodeFunctionData({ abi: hooks, functionName: 'onERC1155BatchReceived', args: [SENDER, OWNER, [1n, 2n], [5n, 6n], '0xab'] }),
      ],
    ]
    for (const [data, hook] of cases) {
      const transfer = nftTransferOf({ to: PIXELS, data })
      expect(transfer?.to).toBe(VAULT)
      expect(receiverHookCall(transfer!, SENDER)).toEqual({ from: PIXELS, to: VAULT, data: hook })
    }
  })

  it('reads no NFT transfer in other calls or in call data cut short', () => {
    expect(nftTransferOf({ to: PIXELS, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [VAULT, 1n] }) })).toBeUndefined()
    expect(nftTransferOf({ to: PIXELS, data: '0x42842e0e' + '00'.repeat(40) })).toBeUndefined()
    expect(nftTransferOf({ to: PIXELS, data: 'not hex' })).toBeUndefined()
    expect(nftTransferOf({ to: undefined, data: '0x42842e0e' })).toBeUndefined()
  })
})

describe('nftReceiverWithoutHook', () => {
  const TRUE = `0x${'0'.repeat(63)}1`
  const accepted = `${RECEIVER_HOOKS.erc721.selector}${'0'.repeat(56)}`
  const send = encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [OWNER, VAULT, 7n] })
  const chain = (o: { code?: string; isErc721?: boolean; hook?: string | Error }) => ({
    code: () => Promise.resolve(o.code ?? '0x'),
    call: (r: { to: string; data: string }) => {
      if (r.data.startsWith(SUPPORTS_INTERFACE_SELECTOR)) return Promise.resolve(o.isErc721 === false ? `0x${'0'.repeat(64)}` : TRUE)
      return o.hook instanceof Error ? Promise.reject(o.hook) : Promise.resolve(o.hook ?? '0x')
    },
  })

  it('warns for a contract receiver that does not answer its hook (or reverts)', async () => {
    expect(await nftReceiverWithoutHook({ to: PIXELS, data: send }, SENDER, chain({ code: '0x6080', hook: '0x' }))).toBe(true)
    expect(await nftReceiverWithoutHook({ to: PIXELS, data: send }, SENDER, chain({ code: '0x6080', hook: new Error('execution reverted') }))).toBe(true)
  })

  it('says nothing for a receiver that takes NFTs, an account without code, or an ERC-20 transferFrom', async () => {
    expect(await nftReceiverWithoutHook({ to: PIXELS, data: send }, SENDER, chain({ code: '0x6080', hook: accepted }))).toBe(false)
    expect(await nftReceiverWithoutHook({ to: PIXELS, data: send }, SENDER, chain({ code: '0x' }))).toBe(false)
    expect(await nftReceiverWithoutHook({ to: PIXELS, data: send }, SENDER, chain({ code: '0x6080', isErc721: false }))).toBeUndefined()
  })
})
