/**
 * An NFT sent to a contract that cannot move it is stuck there for good. This reads a call as an
 * NFT transfer (ERC-721 `transferFrom` / `safeTransferFrom`, ERC-1155 `safeTransferFrom` /
 * `safeBatchTransferFrom`) and builds the questions a chain read answers: does the receiver have
 * code, is the called contract an ERC-721 at all (`transferFrom` is also ERC-20's), and does the
 * receiver answer the receiver hook (`onERC721Received` / `onERC1155Received` /
 * `onERC1155BatchReceived`) with its selector, asked exactly as the token would ask it. No I/O of
 * its own: the caller runs the reads (the frame through its wallet service, the modal's simulator
 * on the network's RPC).
 */
import { readWords, splitCall } from '../signing/abi-words'
import { TOKEN_FUNCTIONS } from '../signing/decode-call'

export const NFT_FUNCTIONS = {
  /** Also ERC-20's transferFrom: only an NFT when the contract says it is an ERC-721. */
  transferFrom: TOKEN_FUNCTIONS.transferFrom,
  safeTransferFrom721: { selector: '0x42842e0e', signature: 'safeTransferFrom(address,address,uint256)' },
  safeTransferFrom721Data: { selector: '0xb88d4fde', signature: 'safeTransferFrom(address,address,uint256,bytes)' },
  safeTransferFrom1155: { selector: '0xf242432a', signature: 'safeTransferFrom(address,address,uint256,uint256,bytes)' },
  safeBatchTransferFrom1155: { selector: '0x2eb2c2d6', signature: 'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)' },
} as const

/** The hooks' selectors: what a receiver that takes the NFT answers. */
export const RECEIVER_HOOKS = {
  erc721: { selector: '0x150b7a02', signature: 'onERC721Received(address,address,uint256,bytes)' },
  erc1155: { selector: '0xf23a6e61', signature: 'onERC1155Received(address,address,uint256,uint256,bytes)' },
  erc1155Batch: { selector: '0xbc197c81', signature: 'onERC1155BatchReceived(address,address,uint256[],uint256[],bytes)' },
} as const

/** ERC-165 `supportsInterface(bytes4)` and the ERC-721 interface id. */
export const SUPPORTS_INTERFACE_SELECTOR = '0x01ffc9a7'
export const ERC721_INTERFACE_ID = '0x80ac58cd'

export interface NftTransfer {
  /** The token contract called. */
  readonly collection: string
  readonly from: string
  readonly to: string
  /** `transferFrom`: an NFT only if the contract says it is an ERC-721. */
  readonly needsErc721Check: boolean
  /** The hook call's selector and its arguments after the (operator, from) words the caller fills in. */
  readonly hook: { readonly selector: string; readonly tail: string }
}

const word = (hex: string) => hex.replace(/^0x/i, '').toLowerCase().padStart(64, '0')

/** The call as an NFT transfer, or undefined for any other call (or call data that does not decode). */
export function nftTransferOf(call: { readonly to?: string | undefined; readonly data?: string | undefined }): NftTransfer | undefined {
  if (call.to === undefined || call.data === undefined) return undefined
  const bytes = splitCall(call.data)
  if (bytes?.selector === undefined) return undefined
  const head = readWords(bytes.args, ['address', 'address'] as const)
  if (head === undefined) return undefined
  const [from, to] = head.values
  const base = { collection: call.to, from, to }
  // The hooks take the transfer's own arguments with (operator, from) in place of (from, to): the
  // rest of the arguments (and their offsets, counted from the same head size) stay as they are.
  const rest = bytes.args.slice(128)
  switch (bytes.selector) {
    case NFT_FUNCTIONS.transferFrom.selector:
    case NFT_FUNCTIONS.safeTransferFrom721.selector: {
      const id = readWords(rest, ['uint256'] as const)
      if (id === undefined) return undefined
      // onERC721Received(operator, from, tokenId, bytes ""): the bytes' offset is the fourth word.
      const tail = `${word(id.values[0].toString(16))}${word('80')}${word('0')}`
      return { ...base, needsErc721Check: bytes.selector === NFT_FUNCTIONS.transferFrom.selector, hook: { selector: RECEIVER_HOOKS.erc721.selector, tail } }
    }
    case NFT_FUNCTIONS.safeTransferFrom721Data.selector:
      return rest.length >= 128 ? { ...base, needsErc721Check: false, hook: { selector: RECEIVER_HOOKS.erc721.selector, tail: rest } } : undefined
    case NFT_FUNCTIONS.safeTransferFrom1155.selector:
      return rest.length >= 192 ? { ...base, needsErc721Check: false, hook: { selector: RECEIVER_HOOKS.erc1155.selector, tail: rest } } : undefined
    case NFT_FUNCTIONS.safeBatchTransferFrom1155.selector:
      return rest.length >= 192 ? { ...base, needsErc721Check: false, hook: { selector: RECEIVER_HOOKS.erc1155Batch.selector, tail: rest } } : undefined
    default:
      return undefined
  }
}

/** `supportsInterface(ERC-721)`: asked of a `transferFrom`'s contract. */
export function erc721InterfaceQuery(): string {
  return `${SUPPORTS_INTERFACE_SELECTOR}${ERC721_INTERFACE_ID.slice(2)}${'0'.repeat(56)}`
}

/** The receiver hook as the token would call it: from the token contract, the sender as operator. */
export function receiverHookCall(transfer: NftTransfer, sender: string): { readonly from: string; readonly to: string; readonly data: string } {
  return { from: transfer.collection, to: transfer.to, data: `${transfer.hook.selector}${word(sender)}${word(transfer.from)}${transfer.hook.tail}` }
}

/** A call's return data is a true bool (ERC-165 answers). */
export function answeredTrue(returnData: unknown): boolean {
  return typeof returnData === 'string' && /^0x0{63}1$/i.test(returnData.slice(0, 66)) && returnData.length === 66
}

/** The receiver answered its hook with the hook's selector (left-aligned in the first word). */
export function hookAccepted(transfer: NftTransfer, returnData: unknown): boolean {
  return typeof returnData === 'string' && returnData.length >= 10 && returnData.slice(0, 10).toLowerCase() === transfer.hook.selector
}

/** Code at an address as `eth_getCode` returns it: anything but empty means a contract (or a delegated account). */
export function hasCode(code: unknown): boolean {
  return typeof code === 'string' && code !== '0x' && code !== '0x0' && code !== ''
}

/**
 * Whether an NFT transfer would leave the NFT with a contract that does not take it: the receiver
 * has code and does not answer its hook (a read that fails counts as no answer). `read` runs the
 * chain reads; undefined when the call is not an NFT transfer (or an ERC-20 `transferFrom`).
 */
export async function nftReceiverWithoutHook(
  call: { readonly to?: string | undefined; readonly data?: string | undefined },
  sender: string,
  read: {
    readonly code: (address: string) => Promise<unknown>
    readonly call: (request: { readonly from?: string; readonly to: string; readonly data: string }) => Promise<unknown>
  },
): Promise<boolean | undefined> {
  const transfer = nftTransferOf(call)
  if (transfer === undefined) return undefined
  const quiet = <T>(p: Promise<T>) => p.catch(() => undefined)
  if (transfer.needsErc721Check && !answeredTrue(await quiet(read.call({ to: transfer.collection, data: erc721InterfaceQuery() })))) return undefined
  if (!hasCode(await quiet(read.code(transfer.to)))) return false
  return !hookAccepted(transfer, await quiet(read.call(receiverHookCall(transfer, sender))))
}
