import { describe, expect, it } from 'vitest'
import { erc20Abi, erc721Abi } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { DEVNET_ACCOUNTS, DEVNET_CONTRACTS, DEVNET_FUNGIBLES, DEVNET_MNEMONIC, DEVNET_NFT, DEVNET_WALLET } from '../../../devnet/src/config'
import { clients, devnet } from './helpers'

describe('static devnet facts match the running chains', () => {
  it('lists the mnemonic accounts with matching keys, as both nodes do', async () => {
    DEVNET_ACCOUNTS.forEach((a, i) => {
      expect(mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: i }).address).toBe(a.address)
      expect(privateKeyToAccount(a.privateKey).address).toBe(a.address)
    })
    for (const url of Object.values(devnet.rpcUrls)) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_accounts', params: [] }) })
      const { result } = (await res.json()) as { result: string[] }
      expect(result.slice(0, 10)).toEqual(DEVNET_ACCOUNTS.map((a) => a.address.toLowerCase()))
    }
    expect(devnet.accounts).toEqual(DEVNET_ACCOUNTS)
  })

  it('has the contracts at their fixed addresses on both chains, with the configured metadata', async () => {
    expect(devnet.contracts).toEqual(DEVNET_CONTRACTS)
    for (const chainId of [31337, 31338] as const) {
      const { publicClient } = clients(chainId, DEVNET_ACCOUNTS[0]!.privateKey)
      expect(await publicClient.getChainId()).toBe(chainId)
      for (const address of Object.values(DEVNET_CONTRACTS)) expect((await publicClient.getCode({ address }))?.length).toBeGreaterThan(2)
      for (const f of DEVNET_FUNGIBLES.filter((x) => x.key !== 'native')) {
        const [name, symbol, decimals] = await Promise.all([
          publicClient.readContract({ address: f.address, abi: erc20Abi, functionName: 'name' }),
          publicClient.readContract({ address: f.address, abi: erc20Abi, functionName: 'symbol' }),
          publicClient.readContract({ address: f.address, abi: erc20Abi, functionName: 'decimals' }),
        ])
        expect({ name, symbol, decimals }).toEqual({ name: f.name, symbol: f.symbol, decimals: f.decimals })
      }
      expect(await publicClient.readContract({ address: DEVNET_NFT.address, abi: erc721Abi, functionName: 'name' })).toBe('Devnet Pixels')
      const uri = await publicClient.readContract({ address: DEVNET_NFT.address, abi: erc721Abi, functionName: 'tokenURI', args: [1n] })
      const meta = JSON.parse(Buffer.from(uri.split(',')[1]!, 'base64').toString()) as { name: string; image: string }
      expect(meta.name).toBe('Devnet Pixels #1')
      expect(Buffer.from(meta.image.split(',')[1]!, 'base64').toString()).toMatch(/^<svg .*<\/svg>$/)
    }
  })

  it('gives the Devnet Wallet a 64-hex catalogue id', () => {
    expect(DEVNET_WALLET.id).toMatch(/^[0-9a-f]{64}$/)
  })
})
