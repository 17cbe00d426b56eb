/**
 * The embedded wallet's own risk lines: the host page chooses the calls, so the frame reads for
 * itself where they send things. An NFT sent to a contract that does not answer the receiver hook,
 * or a token sent to its own contract, is a warning row in the frame's approval, whatever the host
 * adds to the request; the hook is asked of the chain exactly as the token would ask it.
 */
import { describe, expect, it } from 'vitest'
import { encodeFunctionData, erc20Abi, erc721Abi } from 'viem'
import { DEVNET_CONTRACTS } from '../../devnet/src/config'
import { RECEIVER_HOOKS, SUPPORTS_INTERFACE_SELECTOR } from '../../src/domain/preview/nft-receiver'
import { ADDRESS, OTHER, aHostileHost, flush } from './support/frame-fakes'

const NFT_WARNING = 'The receiver is a contract that may not be able to move NFTs: they could be stuck there.'
const TRUE = `0x${'0'.repeat(63)}1`

/** The service's node: OTHER is a contract whose hook answers `hook`; every simulation succeeds quietly. */
function chainWithReceiver(hook: string, reads: { method: string; params: unknown }[]) {
  return {
    '/v1/rpc': ({ body }: { body: unknown }) => {
      const { method, params } = body as { method: string; params: unknown[] }
      if (method === 'eth_simulateV1') return { json: { result: [{ calls: [{ status: '0x1', returnData: '0x', gasUsed: '0x5208', logs: [] }] }] } }
      if (method === 'eth_getCode') return { json: { result: params[0] === OTHER ? '0x6080604052' : '0x' } }
      if (method === 'eth_call') {
        reads.push({ method, params })
        const data = (params[0] as { data: string }).data
        return { json: { result: data.startsWith(SUPPORTS_INTERFACE_SELECTOR) ? TRUE : hook } }
      }
      return { json: { result: '0xhash' } }
    },
  }
}

async function shownRows(routes: Record<string, never> | ReturnType<typeof chainWithReceiver>, tx: Record<string, unknown>) {
  const host = aHostileHost(routes)
  void host.send('RPC_REQUEST', { chainId: 31337, method: 'eth_sendTransaction', params: [tx] })
  for (let i = 0; i < 6; i++) await flush()
  expect(host.shown).toHaveLength(1)
  return host.shown[0]!.rows
}

describe("the frame's risk lines", () => {
  const nftToOther = encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [ADDRESS, OTHER, 3n] })

  it('warns about an NFT sent to a contract without the receiver hook, asked as the token would ask it', async () => {
    const reads: { method: string; params: unknown }[] = []
    // The host words the request as harmless; the frame asks the chain.
    const rows = await shownRows(chainWithReceiver('0x', reads), { to: DEVNET_CONTRACTS.pixels, data: nftToOther, rows: [{ label: 'Warning', value: 'None' }] })
    expect(rows).toContainEqual({ label: 'Warning', value: NFT_WARNING, warning: true })
    const hookCall = reads.map((r) => (r.params as [{ from?: string; to: string; data: string }])[0]).find((c) => c.data.startsWith(RECEIVER_HOOKS.erc721.selector))
    expect(hookCall).toMatchObject({ from: DEVNET_CONTRACTS.pixels, to: OTHER })
  })

  it('says nothing when the receiver answers its hook', async () => {
    const rows = await shownRows(chainWithReceiver(`${RECEIVER_HOOKS.erc721.selector}${'0'.repeat(56)}`, []), { to: DEVNET_CONTRACTS.pixels, data: nftToOther })
    expect(rows.map((r) => r.value)).not.toContain(NFT_WARNING)
  })

  it("warns about a token sent to the token's own contract", async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEVNET_CONTRACTS.dUSD, 5n] })
    const rows = await shownRows(chainWithReceiver('0x', []), { to: DEVNET_CONTRACTS.dUSD, data })
    expect(rows).toContainEqual({ label: 'Warning', value: "The receiver is the dUSD token's own contract.", warning: true })
  })
})
