import { InMemorySmartSessionsApi } from '../../fakes/in-memory-smart-sessions-api'
import { smartSessionsApiContract } from './smart-sessions-api.contract'

let n = 0
smartSessionsApiContract('InMemorySmartSessionsApi', () => {
  const api = new InMemorySmartSessionsApi()
  return Promise.resolve({
    api,
    later: 2_000_000_000,
    grant(valueLimit: bigint, expiry: number) {
      n += 1
      const account = `0x${n.toString(16).padStart(40, '0')}`
      const key = `0x${(n + 1000).toString(16).padStart(40, '0')}`
      const pci = `${account}${key.slice(2)}`
      api.grant(account, { pci, chainId: 31337, key, expiry, valueLimit, spent: 0n, targets: [], active: true })
      return Promise.resolve({ account, pci, key, chainId: 31337 })
    },
    removeOnChain(account: string, pci: string) {
      api.removeOnChain(account, pci)
      return Promise.resolve()
    },
  })
})
