/**
 * A throwaway PostgreSQL cluster for the server's tests: Debian's server binaries (the test command
 * installs the `postgresql` package when they are missing), a data folder in the temp dir, a free
 * port on 127.0.0.1 and a socket in that folder. PostgreSQL refuses to run as root, so as root
 * initdb and the server run as the `postgres` user the package creates.
 */
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface PostgresCluster {
  /** The `postgres` database, as the cluster's superuser. */
  readonly url: string
  stop(): void
}

/** The newest installed PostgreSQL's binaries folder, or undefined. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin')
}

export function startPostgresCluster(port: number): PostgresCluster {
  const bin = postgresBinaries()
  if (bin === undefined) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb): npm test installs Debian\'s postgresql package')
  const dir = mkdtempSync(join(tmpdir(), 'walletgate-pg-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim()
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim()
    chownSync(dir, Number(ids), Number(gid))
  }
  const as = (command: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' }) : execFileSync(command, args, { stdio: 'pipe' })
  const data = join(dir, 'data')
  as(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'])
  as(join(bin, 'pg_ctl'), ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', join(dir, 'log'), '-w', 'start'])
  let stopped = false
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return
      stopped = true
      try {
        as(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
