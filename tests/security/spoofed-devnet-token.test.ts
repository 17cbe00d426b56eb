/**
 * Attack: a token that borrows the devnet's name on a real chain.
 *
 * The wallet frame shipped in walletgate-server's package names the devnet's tokens (dUSD, DVT, the
 * Pixels collection) by their addresses. Those addresses follow from the devnet's deployer, one of
 * the public test keys, whose next nonces anyone can use on any other chain. An attacker deploys a
 * worthless contract there at dUSD's address and asks a visitor to approve a "2.5 dUSD" transfer or
 * allowance. Off the devnet's chains the frame must name no such token: it shows the contract's
 * address, as it does any unknown contract.
 */
import { describe, expect, it } from 'vitest'
import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import type { ApprovalDetails } from '../../devnet/src/auth/frame/frame-handler'
import { DEVNET_CONTRACTS } from '../../devnet/src/config'
import { aHostileHost, flush, OTHER } from './support/frame-fakes'

const CHAINS = { chains: [{ chainId: 31337, name: 'Devnet A' }, { chainId: 1, name: 'Ethereum' }] }
const text = (details: ApprovalDetails | undefined) => (details?.rows ?? []).map((row) => `${row.label}: ${row.value}`).join('\n')

describe("a contract at a devnet token's address on another chain", () => {
  it('is named on the devnet, and shown by its address only on any other chain', async () => {
    const host = aHostileHost({ '/v1/chains': () => ({ json: CHAINS }) })
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [OTHER, 2_500_000n] })
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [OTHER, maxUint256] })
    const asks = [
      { chainId: 31337, data: transfer },
      { chainId: 1, data: transfer },
      { chainId: 1, data: approve },
    ]
    for (const [i, ask] of asks.entries()) {
      const pending = host.send('RPC_REQUEST', { chainId: ask.chainId, method: 'eth_sendTransaction', params: [{ to: DEVNET_CONTRACTS.dUSD, data: ask.data }] })
      await flush()
      host.answers[i]!(false)
      await pending
    }
    expect(text(host.shown[0])).toContain('2.5 dUSD')
    for (const shown of host.shown.slice(1)) {
      expect(text(shown)).not.toMatch(/dUSD|Devnet USD/)
      expect(text(shown)).toContain(DEVNET_CONTRACTS.dUSD)
    }
    // Nothing was sent: the visitor said no each time.
    expect(host.rpcCalls).toEqual([])
  })
})
