/**
 * FetchSmartSessionsApi against the devnet's blockchain service for real (the base of the modal's
 * calls, spec section 7): keys granted and removed by the owner's user operations on the devnet
 * chain (through a bundler), read back from chain state.
 */
import { afterAll, beforeAll } from 'vitest'
import { createPublicClient, http, parseEther, toHex, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { BundlerHandle } from '../../../devnet/src/chains/eip155/bundler'
import { devnetViemChain } from '../../../devnet/src/config'
import { devnetSmartAccount, parseSessionContext, type DevnetSmartAccount, type SmartAccountChain } from '../../../devnet/src/auth/smart-account'
import { FetchHttpClient } from '../../../src/infrastructure/http/fetch-http-client'
import { FetchSmartSessionsApi } from '../../../src/infrastructure/http/fetch-smart-sessions-api'
import { devnet } from '../devnet/helpers'
import { smartSessionsApiContract } from '../smart-sessions/smart-sessions-api.contract'
import { startChainABundler } from './bundler'

// On the project's devnet: fresh owners' smart accounts and session keys on Devnet A (bundler.ts).
const rpcUrl = devnet.rpcUrls[31337]!
const client = createPublicClient({ chain: devnetViemChain(31337, rpcUrl), transport: http(rpcUrl) })
let bundler: BundlerHandle
let chain: SmartAccountChain
const accounts = new Map<string, DevnetSmartAccount>()

beforeAll(async () => {
  ;({ bundler, chain } = await startChainABundler())
})
afterAll(async () => {
  await bundler?.stop()
})

smartSessionsApiContract(
  'FetchSmartSessionsApi (blockchain service)',
  async () => {
    const api = new FetchSmartSessionsApi(new FetchHttpClient({ baseUrl: devnet.serviceUrl, projectId: devnet.projectId, sdkVersion: 'contract-test' }))
    const chainNow = Number((await client.getBlock({ blockTag: 'latest' })).timestamp)
    return {
      api,
      later: chainNow + 86_400,
      async grant(valueLimit: bigint, expiry: number) {
        const account = await devnetSmartAccount(generatePrivateKey(), chain)
        await client.request({ method: 'anvil_setBalance' as never, params: [account.address, toHex(parseEther('1'))] as never })
        accounts.set(account.address.toLowerCase(), account)
        const key = privateKeyToAccount(generatePrivateKey()).address
        const answer = (await account.grantPermissions({
          expiry,
          signer: { type: 'key', data: { type: 'secp256k1', id: key } },
          permissions: [{ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: toHex(valueLimit) } }] }],
        })) as { context: string }
        return { account: account.address, pci: answer.context, key, chainId: 31337 }
      },
      async removeOnChain(account: string, pci: string) {
        await accounts.get(account.toLowerCase())!.revokeSession(parseSessionContext(pci).key as Address)
      },
    }
  },
  60_000,
)
