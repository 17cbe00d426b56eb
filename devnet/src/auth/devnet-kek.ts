/**
 * The devnet's key-encryption key, kept as a host keeps theirs: `WALLETGATE_KEK` (or `_FILE`) when
 * set, else a file of its own in the devnet's data folder, made on first start (mode 0600). A
 * devnet restarted on its folder opens the wallets it made before; a new folder makes a new KEK.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { keyEncryptionFromEnv, LocalKeyEncryption, newKekEntry, parseKeks, type KeyEncryption } from '../../../server/src/index.js'

export const DEVNET_KEK_FILE = 'wallet-kek'

export async function devnetKeyEncryption(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<KeyEncryption> {
  const fromEnv = keyEncryptionFromEnv(env)
  if (fromEnv !== undefined) return fromEnv
  const file = join(dataDir, DEVNET_KEK_FILE)
  let setting: string
  try {
    setting = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    setting = newKekEntry('devnet')
    // 'wx': of two devnets starting on one folder, the second reads the first's.
    await writeFile(file, `${setting}\n`, { mode: 0o600, flag: 'wx' }).catch(async (raced: NodeJS.ErrnoException) => {
      if (raced.code !== 'EEXIST') throw raced
      setting = await readFile(file, 'utf8')
    })
  }
  return new LocalKeyEncryption(parseKeks(setting))
}
