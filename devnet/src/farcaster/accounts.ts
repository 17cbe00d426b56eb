/**
 * The devnet's Farcaster accounts: a few fids whose custody keys come from the development
 * mnemonic at index 20 and up (indexes 0-9 belong to the demo and tests, 10 is the auth service's
 * faucet). The relay's "devnet Farcaster app" page signs in as one of them.
 */
import { mnemonicToAccount, type HDAccount } from 'viem/accounts'
import { DEVNET_MNEMONIC } from '../config'

export interface DevnetFarcasterAccount {
  readonly fid: number
  readonly username: string
  readonly displayName: string
  readonly bio: string
  /** The development mnemonic's index of the custody key. */
  readonly custodyIndex: number
}

export const DEVNET_FARCASTER_ACCOUNTS: readonly DevnetFarcasterAccount[] = [
  { fid: 4201, username: 'alice', displayName: 'Alice (devnet)', bio: 'Seeded devnet Farcaster account', custodyIndex: 20 },
  { fid: 4202, username: 'bob', displayName: 'Bob (devnet)', bio: 'Seeded devnet Farcaster account', custodyIndex: 21 },
  { fid: 4203, username: 'carol', displayName: 'Carol (devnet)', bio: 'Seeded devnet Farcaster account', custodyIndex: 22 },
]

export function farcasterCustody(account: DevnetFarcasterAccount): HDAccount {
  return mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: account.custodyIndex })
}

export function farcasterAccount(fid: number): DevnetFarcasterAccount | undefined {
  return DEVNET_FARCASTER_ACCOUNTS.find((a) => a.fid === fid)
}
