/**
 * FetchPaymasterService against the devnet's service for real: the server's ERC-7677 route with
 * the devnet's policy (walletgate-test: dUSD and DVT transfers, one operation per account a day),
 * fresh smart accounts signed in with SIWX, every operation simulated on Devnet A.
 */
import { DEVNET_SMART_ACCOUNT } from '../../../devnet/src/config'
import { FetchHttpClient } from '../../../src/infrastructure/http/fetch-http-client'
import { FetchPaymasterService } from '../../../src/infrastructure/http/fetch-paymaster-service'
import { devnet } from '../devnet/helpers'
import { draftOperation, freshAccount, outsideCall, signInOnService, transferCall } from './devnet-sponsorship'
import { paymasterServiceContract } from './paymaster-service.contract'
import type { SmartAccount } from 'viem/account-abstraction'
import type { UserOperationDraft } from '../../../src/domain/sponsorship/sponsorship'

const rpcUrl = devnet.rpcUrls[31337]!

paymasterServiceContract(
  'FetchPaymasterService (the server on the devnet)',
  () => {
    const drafts = new Map<string, { inside: UserOperationDraft; outside: UserOperationDraft }>()
    const world = {
      service: new FetchPaymasterService(new FetchHttpClient({ baseUrl: devnet.serviceUrl, projectId: 'walletgate-test', sdkVersion: 'contract-test' })),
      caipNetworkId: 'eip155:31337',
      entryPoint: DEVNET_SMART_ACCOUNT.entryPoint,
      operationsPerAccount: 1,
      async signIn() {
        const account: SmartAccount = await freshAccount(rpcUrl)
        drafts.set(account.address.toLowerCase(), { inside: await draftOperation(account, [transferCall()]), outside: await draftOperation(account, [outsideCall()]) })
        return { token: await signInOnService(devnet.serviceUrl, account), account: account.address }
      },
      operation(account: string, target: 'inside' | 'outside') {
        return drafts.get(account.toLowerCase())![target]
      },
    }
    return Promise.resolve(world)
  },
  30_000,
)
