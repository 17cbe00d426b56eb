#!/usr/bin/env node
/** The `walletgate-server` command (./cli.ts says what it takes). */
import { CatalogueFileError } from './catalogue.js'
import { ConfigError } from './config.js'
import { run, UsageError } from './cli.js'
import { DatabaseInUseError } from './db/pglite-database.js'
import { ProjectInputError } from './projects.js'

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof UsageError || error instanceof ProjectInputError || error instanceof DatabaseInUseError || error instanceof CatalogueFileError) console.error(`walletgate-server: ${error.message}`)
    else console.error(error)
    // 64: the command line was wrong (EX_USAGE); 78: the configuration was (EX_CONFIG).
    process.exit(error instanceof UsageError ? 64 : error instanceof ConfigError ? 78 : 1)
  },
)
