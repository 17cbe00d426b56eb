// @vitest-environment jsdom
/**
 * The check of the SDK's persisted state over the browser's raw stores (localStorage here; jsdom
 * has no IndexedDB, where the check finds nothing and creates nothing): only this modal's keys
 * are looked at and cleared, text that is not JSON counts as unreadable.
 */
import { afterEach, describe, expect, it } from 'vitest'
import {
  browserStoredEntries,
  clearModalState,
  isModalKey,
  unreadableKeys,
} from '../../../../src/infrastructure/wallets/walletconnect/sdk-storage'

const PREFIX = 'walletgate:demo:wc'

afterEach(() => localStorage.clear())

describe('the SDK storage check in a browser', () => {
  it('finds this modal\'s unreadable keys (raw or as unstorage writes them), and nobody else\'s', async () => {
    localStorage.setItem(`wc@2:client:0.3:${PREFIX}//session`, 'not json {')
    localStorage.setItem(`wc@2:core:0.3:${PREFIX}:keychain`, '"a string"')
    localStorage.setItem(`wc@2:core:0.3:${PREFIX}//pairing`, '[]')
    localStorage.setItem('wc@2:client:0.3:walletgate:other:wc//session', 'not json either')
    localStorage.setItem('theme', 'dark')
    expect((await unreadableKeys(browserStoredEntries(), PREFIX)).sort()).toEqual([
      `wc@2:client:0.3:${PREFIX}//session`,
      `wc@2:core:0.3:${PREFIX}:keychain`,
    ])
  })

  it('clears all of this modal\'s WalletConnect state and leaves the host\'s and other modals\' keys', async () => {
    localStorage.setItem(`wc@2:client:0.3:${PREFIX}//session`, 'not json {')
    localStorage.setItem(`wc@2:core:0.3:${PREFIX}//pairing`, '[]')
    localStorage.setItem('wc@2:universal_provider:/namespacesabc', '{}')
    localStorage.setItem('wc@2:client:0.3:walletgate:other:wc//session', '[]')
    localStorage.setItem('theme', 'dark')
    await clearModalState(browserStoredEntries(), PREFIX)
    expect(Object.keys(localStorage).sort()).toEqual(['theme', 'wc@2:client:0.3:walletgate:other:wc//session'])
  })

  it('a prefix that only starts like ours is another modal\'s', () => {
    expect(isModalKey(`wc@2:core:0.3:${PREFIX}2//pairing`, PREFIX)).toBe(false)
    expect(isModalKey(`wc@2:core:0.3:${PREFIX}//pairing`, PREFIX)).toBe(true)
  })
})
