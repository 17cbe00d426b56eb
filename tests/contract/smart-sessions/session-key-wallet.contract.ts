import { describe, expect, it } from 'vitest'
import { SmartSessionsUnsupportedError, type PermissionsRequest } from '../../../src/domain/sessions/smart-sessions'
import type { SessionKeyWallet } from '../../../src/ports/smart-sessions'

export interface SessionKeyWalletWorld {
  readonly wallet: SessionKeyWallet
  /** A connector whose account is a smart account, its address and chain. */
  readonly smart: { readonly connectorId: string; readonly account: string; readonly chainId: number }
  /** A connector whose wallet cannot grant permissions (an EOA). */
  readonly plainConnectorId: string
  /** The session keys the chain holds for `account` (lower case). */
  keysOnChain(account: string): Promise<string[]>
  /** A time well ahead of the chain's clock (unix seconds). */
  readonly later: number
}

const request = (key: string, expiry: number, chainId: number): PermissionsRequest => ({
  chainId: `0x${chainId.toString(16)}`,
  expiry,
  signer: { type: 'key', data: { type: 'secp256k1', id: key } },
  permissions: [{ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: '0x2386f26fc10000' } }] }],
})

/** What every SessionKeyWallet does: a grant puts the key on chain and answers its context; a removal takes it off. */
export function sessionKeyWalletContract(name: string, makeWorld: () => Promise<SessionKeyWalletWorld>, timeoutMs = 5_000): void {
  describe(`SessionKeyWallet contract: ${name}`, () => {
    it('grants: the key is on chain and the answer carries the permissions context (account then key)', { timeout: timeoutMs }, async () => {
      const w = await makeWorld()
      const key = '0x00000000000000000000000000000000000c0ffe'
      const granted = await w.wallet.grantPermissions(w.smart.connectorId, request(key, w.later, w.smart.chainId))
      expect(granted.context).toBe(`${w.smart.account}${key.slice(2)}`.toLowerCase())
      expect(await w.keysOnChain(w.smart.account)).toEqual([key])
    })

    it("removes a key by the owner's transaction: it resolves a hash and the key is gone on chain", { timeout: timeoutMs }, async () => {
      const w = await makeWorld()
      const key = '0x0000000000000000000000000000000000000bad'
      await w.wallet.grantPermissions(w.smart.connectorId, request(key, w.later, w.smart.chainId))
      const hash = await w.wallet.removeSessionKey(w.smart.connectorId, { account: w.smart.account, key, chainId: w.smart.chainId })
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
      expect(await w.keysOnChain(w.smart.account)).toEqual([])
    })

    it('a wallet that cannot grant permissions rejects SmartSessionsUnsupportedError', { timeout: timeoutMs }, async () => {
      const w = await makeWorld()
      await expect(w.wallet.grantPermissions(w.plainConnectorId, request('0x0000000000000000000000000000000000000001', w.later, w.smart.chainId))).rejects.toBeInstanceOf(
        SmartSessionsUnsupportedError,
      )
    })
  })
}
