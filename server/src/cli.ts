/**
 * walletgate-server's command line.
 *
 *   walletgate-server [--config FILE] (--embedded [--data-dir DIR] | with DATABASE_URL) [--port N] [--host H] [--wallet-port N]
 *   walletgate-server migrate [same database options]
 *   walletgate-server project add <id> --origin URL [--origin URL...]
 *   walletgate-server project list | project remove <id>
 *   walletgate-server catalogue import FILE   (replaces the wallet catalogue with the file's)
 *   walletgate-server kek new <id>            (prints a new key-encryption key's entry; no database)
 *   walletgate-server kek rewrap              (re-wraps every wallet key under WALLETGATE_KEK's current KEK)
 *
 * Without --embedded the database is PostgreSQL at DATABASE_URL (or the file DATABASE_URL_FILE
 * names); with neither, it refuses to start: no silent fallback in production.
 */
import { parseArgs } from 'node:util'
import type { Hex, LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { buildServer } from './app.js'
import { paymasterSignerFromEnv } from './sponsorship/paymaster-signer.js'
import { systemClock } from './clock.js'
import { ConfigError, DEFAULT_CONFIG, readServerConfig, secret } from './config.js'
import type { Database } from './db/database.js'
import { migrate } from './db/migrations.js'
import { openPgliteDatabase } from './db/pglite-database.js'
import { openPostgresDatabase } from './db/postgres-database.js'
import { isRemoteFeature, Projects, REMOTE_FEATURES } from './projects.js'
import { WalletCatalogue } from './catalogue.js'
import { keyEncryptionFromEnv, newKekEntry } from './wallet/key-encryption.js'
import { WalletKeys } from './wallet/wallet-keys.js'
import { configuredWallet } from './wallet/configured-wallet.js'

const USAGE = `usage:
  walletgate-server [--config FILE] (--embedded [--data-dir DIR] | DATABASE_URL=...) [--port 8787] [--host 127.0.0.1] [--wallet-port 8790]
  walletgate-server migrate [--embedded [--data-dir DIR]]
  walletgate-server project add <id> --origin https://app.example [--origin ...] [--disable swap,onramp,...]
  walletgate-server project list
  walletgate-server project remove <id>
  walletgate-server catalogue import FILE
  walletgate-server kek new <id>
  walletgate-server kek rewrap [--embedded [--data-dir DIR]]`

export class UsageError extends Error {
  override readonly name = 'UsageError'
  readonly code = 'USAGE'
}

interface Io {
  readonly out: (line: string) => void
  readonly env: NodeJS.ProcessEnv
}

/** Runs one command; resolves the exit code (a server resolves when it has stopped). */
export async function run(argv: readonly string[], io: Io = { out: (line) => console.log(line), env: process.env }): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      config: { type: 'string' },
      embedded: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      'wallet-port': { type: 'string' },
      origin: { type: 'string', multiple: true, default: [] },
      disable: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    io.out(USAGE)
    return 0
  }
  const [command = 'serve', ...rest] = positionals
  if (!['serve', 'migrate', 'project', 'catalogue', 'kek'].includes(command)) throw new UsageError(`unknown command ${command}\n${USAGE}`)
  if (command === 'kek' && rest[0] === 'new') {
    if (rest[1] === undefined) throw new UsageError(`kek new: expected an id (a date does: 2026-12)\n${USAGE}`)
    // The entry goes to the operator's store of secrets, never to a log: printed once, kept nowhere.
    io.out(newKekEntry(rest[1]))
    return 0
  }
  if (command === 'kek' && rest[0] !== 'rewrap') throw new UsageError(`kek: expected kek new <id> or kek rewrap\n${USAGE}`)
  const config = values.config === undefined ? DEFAULT_CONFIG : readServerConfig(values.config)
  const db = await openDatabase({ embedded: values.embedded, dataDir: values['data-dir'], env: io.env })
  let serving = false
  try {
    const applied = await migrate(db)
    if (applied.length > 0) io.out(`migrated the database to version ${Math.max(...applied)}`)
    if (command === 'migrate') return 0
    if (command === 'kek') {
      const kek = keyEncryptionFromEnv(io.env)
      if (kek === undefined) throw new UsageError('kek rewrap: set WALLETGATE_KEK (or WALLETGATE_KEK_FILE): the new KEK first, then the old ones')
      const keys = new WalletKeys(db, kek, systemClock)
      const rewrapped = await keys.rewrapAll()
      const left = [...(await keys.recordsByKek())].map(([id, n]) => `${id}: ${n}`).join(', ')
      io.out(`re-wrapped ${rewrapped} wallet keys under ${kek.currentKeyId} (records by KEK: ${left === '' ? 'none' : left})`)
      return 0
    }
    if (command === 'project') return await project(rest, values.origin, values.disable, new Projects(db, systemClock), io)
    if (command === 'catalogue') {
      const [action, file] = rest
      if (action !== 'import' || file === undefined) throw new UsageError(`catalogue: expected catalogue import FILE\n${USAGE}`)
      const { wallets, images } = await new WalletCatalogue(db).import(file)
      io.out(`imported ${wallets} wallets and ${images} images`)
      return 0
    }
    const port = Number(values.port)
    if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError(`--port: expected a port number, got ${values.port}`)
    const app = await buildServer({ config, db, clock: systemClock, logger: true, metricsToken: secret(io.env, 'METRICS_TOKEN'), ensGatewaySigner: ensGatewaySigner(io.env), sponsorship: { signer: paymasterSignerFromEnv(io.env) } })
    // The embedded wallet's origin, when configured: its own listener, its own host name in front.
    const wallet = await configuredWallet(config, db, systemClock, io.env, true)
    const walletPort = values['wallet-port'] === undefined ? wallet?.port : Number(values['wallet-port'])
    if (walletPort !== undefined && (!Number.isInteger(walletPort) || walletPort < 0 || walletPort > 65_535)) throw new UsageError(`--wallet-port: expected a port number, got ${values['wallet-port']}`)
    const address = await app.listen({ port, host: values.host })
    const walletAddress = wallet === undefined ? undefined : await wallet.app.listen({ port: walletPort ?? 0, host: values.host })
    // One plain line a supervisor or a test can read the address from (with --port 0, the port).
    io.out(`walletgate-server listening on ${address}`)
    if (walletAddress !== undefined) io.out(`walletgate-server wallet listening on ${walletAddress}`)
    serving = true
    await stopOnSignal(async () => {
      await Promise.all([app.close(), wallet?.close()])
      await db.close()
    })
    return 0
  } finally {
    if (!serving) await db.close()
  }
}

async function openDatabase(options: { embedded: boolean; dataDir: string | undefined; env: NodeJS.ProcessEnv }): Promise<Database> {
  if (options.embedded) return openPgliteDatabase(options.dataDir ?? 'walletgate-data')
  const url = secret(options.env, 'DATABASE_URL')
  if (url === undefined) {
    throw new UsageError('no database: set DATABASE_URL (or DATABASE_URL_FILE) to a PostgreSQL server, or pass --embedded for the in-process engine')
  }
  return openPostgresDatabase(url)
}

async function project(args: readonly string[], origins: readonly string[], disable: string | undefined, projects: Projects, io: Io): Promise<number> {
  const [action, id] = args
  if (action === 'list') {
    for (const record of await projects.list()) io.out(`${record.id}\t${record.origins.join(' ')}`)
    return 0
  }
  if (action === 'add' && id !== undefined) {
    if (origins.length === 0) throw new UsageError('project add: give the pages\' origins with --origin https://app.example')
    const off = disable === undefined ? [] : disable.split(',').map((f) => f.trim()).filter(Boolean)
    const unknown = off.filter((feature) => !isRemoteFeature(feature))
    if (unknown.length > 0) throw new UsageError(`--disable: unknown features ${unknown.join(', ')} (known: ${Object.keys(REMOTE_FEATURES).join(', ')})`)
    const record = await projects.add(id, origins)
    await projects.setDisabledFeatures(id, off)
    io.out(`${record.id}\t${record.origins.join(' ')}${off.length === 0 ? '' : `\t(off: ${off.join(', ')})`}`)
    return 0
  }
  if (action === 'remove' && id !== undefined) {
    if (!(await projects.remove(id))) throw new UsageError(`project remove: no project ${id}`)
    io.out(`removed ${id}`)
    return 0
  }
  throw new UsageError(USAGE)
}

/** Waits for SIGTERM or SIGINT, then stops: no new connections, requests in flight finish (10 s at most). */
function stopOnSignal(stop: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const onSignal = () => {
      process.off('SIGTERM', onSignal)
      process.off('SIGINT', onSignal)
      const force = setTimeout(() => process.exit(1), 10_000)
      force.unref()
      void stop().finally(resolve)
    }
    process.on('SIGTERM', onSignal)
    process.on('SIGINT', onSignal)
  })
}

/** The CCIP-read gateway's key (ENS_GATEWAY_KEY or ENS_GATEWAY_KEY_FILE: a 32-byte hex private key); no gateway without it. */
function ensGatewaySigner(env: NodeJS.ProcessEnv): LocalAccount | undefined {
  const key = secret(env, 'ENS_GATEWAY_KEY')
  if (key === undefined) return undefined
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new ConfigError('ENS_GATEWAY_KEY must be a private key: 0x and 64 hex digits')
  return privateKeyToAccount(key as Hex)
}
