/**
 * The key the service's CCIP-read gateway signs ENS answers with, kept as the embedded wallet's KEK
 * is: a random 32-byte key in a file of its own in the devnet's data folder, made on first start
 * (mode 0600), never in the database or a config file. A devnet restarted on its folder signs with
 * the key it had; the offchain resolver is told to trust it on every start.
 */
import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Hex } from 'viem'

export const DEVNET_ENS_GATEWAY_KEY_FILE = 'ens-gateway-key'

const KEY = /^0x[0-9a-f]{64}$/

export async function devnetEnsGatewayKey(dataDir: string): Promise<Hex> {
  const file = join(dataDir, DEVNET_ENS_GATEWAY_KEY_FILE)
  let key: string
  try {
    key = (await readFile(file, 'utf8')).trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    key = `0x${randomBytes(32).toString('hex')}`
    // 'wx': of two devnets starting on one folder, the second reads the first's.
    await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' }).catch(async (raced: NodeJS.ErrnoException) => {
      if (raced.code !== 'EEXIST') throw raced
      key = (await readFile(file, 'utf8')).trim()
    })
  }
  if (!KEY.test(key)) throw new Error(`${file} must hold a 32-byte hex key`)
  return key as Hex
}
