/**
 * A family's SDKs are optional peer dependencies: a host that passed the family without installing
 * one gets an error naming the package to install, through the family's usual failure path.
 */
import { describe, expect, it, vi } from 'vitest'
import { MissingChainSdkError } from '../../../../src/infrastructure/chains/missing-sdk'
import { withPolkadotSdk } from '../../../../src/infrastructure/chains/polkadot/sdk'
import { OnDemandChainFamily } from '../../../../src/infrastructure/chains/on-demand-chain-family'
import { polkadot } from '../../../../src/infrastructure/chains/polkadot/wing'
import { RecordingLogger } from '../../../fakes/recording-logger'

// What Node says when the polkadot session's SDK is not installed (the module never loads).
vi.mock('@polkadot/util-crypto/address/decode', () => {
  throw Object.assign(new Error("Cannot find package '@polkadot/util-crypto' imported from /app/node_modules/walletgate/dist/chains/polkadot/session.js"), {
    code: 'ERR_MODULE_NOT_FOUND',
  })
})

const failing = (error: unknown) => () => Promise.reject(error)

describe('a family whose SDK is not installed', () => {
  it("connecting rejects MissingChainSdkError naming the package and the install, the loader's error as its cause", async () => {
    const extension = { enable: async () => ({ accounts: { get: async () => [] } }) }
    const family = new OnDemandChainFamily(polkadot, [], new RecordingLogger(), { root: () => ({ injectedWeb3: { ext: extension } }) })
    family.startDiscovery()
    const error = await family.connect('ext').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MissingChainSdkError)
    expect(error).toMatchObject({ name: 'MissingChainSdkError', code: 'MISSING_CHAIN_SDK', namespace: 'polkadot', packageName: '@polkadot/util-crypto' })
    expect((error as Error).message).toBe(
      'The polkadot chain family needs @polkadot/util-crypto, an optional peer dependency of walletgate: install it (npm install @polkadot/util-crypto)',
    )
    expect((error as Error).cause).toBeInstanceOf(Error)
  })

  it.each([
    ['a browser', new TypeError('Failed to resolve module specifier "@polkadot/util". Relative references must start with either "/", "./", or "../".'), '@polkadot/util'],
    ['Firefox', new TypeError('The specifier “@polkadot/util-crypto” was a bare specifier, but was not remapped to anything.'), '@polkadot/util-crypto'],
    ['Vite', new Error('Failed to resolve import "@polkadot/util-crypto/base58" from "src/a.ts". Does the file exist?'), '@polkadot/util-crypto'],
    ['CommonJS', new Error("Cannot find module '@polkadot/util'"), '@polkadot/util'],
  ])('reads the missing package from what %s says', async (_, error, packageName) => {
    await expect(withPolkadotSdk(failing(error))).rejects.toMatchObject({ name: 'MissingChainSdkError', packageName })
  })

  it('passes any other failure on unchanged: a chunk that did not load, a package of another family', async () => {
    const offline = new TypeError('Failed to fetch dynamically imported module: https://app.example/assets/polkadot-session.js')
    await expect(withPolkadotSdk(failing(offline))).rejects.toBe(offline)
    const other = new Error("Cannot find package '@solana/web3.js' imported from /app/a.js")
    await expect(withPolkadotSdk(failing(other))).rejects.toBe(other)
    await expect(withPolkadotSdk(() => Promise.resolve(7))).resolves.toBe(7)
  })
})
