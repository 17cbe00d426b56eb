/** walletgate-server as a library: build the server in a process of your own (tests, the devnet). */
export { buildServer, type ServerParts } from './app.js'
export { ManualClock, systemClock, type Clock } from './clock.js'
export { ConfigError, DEFAULT_CONFIG, parseServerConfig, readServerConfig, secret, type ServerConfig } from './config.js'
export type { Database, Queryable } from './db/database.js'
export { MIGRATIONS, migrate, schemaVersion } from './db/migrations.js'
export { DatabaseInUseError, openPgliteDatabase } from './db/pglite-database.js'
export { openPostgresDatabase } from './db/postgres-database.js'
export { originOf, Projects, type ProjectRecord } from './projects.js'
