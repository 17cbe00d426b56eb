/**
 * Smart sessions over the connected wallet's EIP-1193 provider: ERC-7715 `wallet_grantPermissions`
 * to grant a session key, and the account's own `removeSessionKey` call (a transaction from the
 * account to itself, which its owner signs) to revoke one.
 */
import { encodeFunctionData, numberToHex, parseAbi, type Hex } from 'viem'
import { RevokeSessionError, SmartSessionsUnsupportedError, type GrantedPermissions, type PermissionsRequest } from '../../../domain/sessions/smart-sessions'
import type { SessionKeyWallet } from '../../../ports/smart-sessions'
// Only `request` from the wing's helpers: each other name this chunk took would be one more export of the first script.
import { request } from './eip1193'
import { WalletRequestError } from '../../../ports/chain-family'
import type { Eip1193Provider } from '../../../domain/chains/wallet-providers'

/** The devnet account's session-key management (devnet/contracts/DevnetAccount.sol). */
const SESSION_KEYS_ABI = parseAbi(['function removeSessionKey(address key)'])

export class Eip1193SessionKeyWallet implements SessionKeyWallet {
  /** `providerOf` answers the eip155 wing's provider of a connector (undefined when unknown). */
  constructor(private readonly providerOf: (connectorId: string) => unknown) {}

  async grantPermissions(connectorId: string, permissions: PermissionsRequest): Promise<GrantedPermissions> {
    const provider = this.provider(connectorId)
    const { chainId } = permissions
    // viem sends the chain as hex; a number from a host is put the same way.
    const params = { ...permissions, ...(typeof chainId === 'number' ? { chainId: numberToHex(chainId) } : {}) }
    let answer: unknown
    try {
      answer = await request<unknown>(provider, 'wallet_grantPermissions', [params])
    } catch (error) {
      if (error instanceof WalletRequestError && error.kind === 'unsupportedMethod') throw new SmartSessionsUnsupportedError({ cause: error })
      throw error
    }
    // ERC-7715 answers one object; some wallets answer a list of one.
    const granted = Array.isArray(answer) ? (answer[0] as unknown) : answer
    if (typeof granted !== 'object' || granted === null) throw new SmartSessionsUnsupportedError({ cause: answer })
    return granted as GrantedPermissions
  }

  async removeSessionKey(connectorId: string, session: { chainId: number; key: string; account: string }): Promise<string> {
    const provider = this.provider(connectorId)
    const current = Number(await request<string>(provider, 'eth_chainId'))
    if (current !== session.chainId) throw new RevokeSessionError('This session is on another network: switch to that network to revoke it')
    const account = session.account as Hex
    const data = encodeFunctionData({ abi: SESSION_KEYS_ABI, functionName: 'removeSessionKey', args: [session.key as Hex] })
    return request<string>(provider, 'eth_sendTransaction', [{ from: account, to: account, data, value: '0x0' }])
  }

  private provider(connectorId: string): Eip1193Provider {
    const provider = this.providerOf(connectorId) as Partial<Eip1193Provider> | undefined
    if (typeof provider?.request !== 'function') throw new SmartSessionsUnsupportedError()
    return provider as Eip1193Provider
  }
}
